/**
 * Numbers typed the French way (docs/decisions/0003-money.md): "12,5" is 12.5 in every kind of numeric field —
 * the buy-back calculator's weight, a composition line's weight, a settings decimal, a stone cost, a production step
 * hourly rate — and an integer field refuses it visibly; "abc" is refused visibly everywhere. What is saved comes
 * back as "12,5" after a reload. The calculator shows 12,5 × price × factor (never 125 ×), with the organization's
 * buy-back factor; the product sheet reprices its unsaved composition live and shows the VAT.
 */
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBuybackPrice, formatNumber } from '../../shared/format';
import { buybackPrice } from '../../shared/pricing-exact';
import type { AlloyPrice } from '../../shared/schemas/market';
import { startAppServer, type AppServer } from './app-server';
import { launchChromium } from './browser';
import { MOBILE, openPage } from './page';
import { signIn } from './session';

let server: AppServer;
let browser: Browser;

const DECIMAL_REFUSED = 'Nombre attendu, par exemple 12,5';
const INTEGER_REFUSED = 'Nombre entier attendu, par exemple 12';
const shots = process.env.SCREENSHOTS_DIR;

beforeAll(async () => {
  // No background polling: the prices the page shows are the ones the test reads.
  server = await startAppServer({ env: { MARKET_POLL_MS: '3600000' } });
  browser = await launchChromium();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const spaces = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`${server.url}${path}`);
  if (!res.ok()) throw new Error(`GET ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

async function waitText(page: Page, testId: string, expected: string): Promise<void> {
  await page.waitForFunction(
    ([id, text]) =>
      (document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim() ===
      text,
    [testId, expected] as const,
  );
}

/**
 * The field says visibly that its text is refused: aria-invalid, and a French message it is described by — the
 * numeric field's own ("Nombre attendu, par exemple 12,5") or, once the form has validated, the schema's.
 */
async function expectRefused(page: Page, label: string): Promise<void> {
  const field = await page.getByLabel(label, { exact: true }).elementHandle();
  const handle = await page.waitForFunction((el) => {
    if (!el || el.getAttribute('aria-invalid') !== 'true') return null;
    const messages = (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id))
      .filter((n): n is HTMLElement => n !== null && n.getAttribute('role') === 'alert' && n.offsetParent !== null)
      .map((n) => n.textContent ?? '');
    return messages.length > 0 ? messages.join(' | ') : null;
  }, field);
  expect(String(await handle.jsonValue())).toMatch(/nombre|entier/i);
}

/** Types `text` in the field and leaves it (the field shows the number back the French way on blur). */
async function type(page: Page, label: string | RegExp, text: string): Promise<void> {
  const field = page.getByLabel(label, { exact: typeof label === 'string' });
  await field.fill(text);
  await field.blur();
}

describe('numbers typed the French way', () => {
  it('the buy-back calculator reads "12,5" g as 12.5 g with the organization factor, and refuses "abc"', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'commercial');
    const alloys = await getJson<AlloyPrice[]>(w.page.request, '/api/alloy-prices');
    const gold18 = alloys.find((a) => a.name === 'Or 18kt')!;

    await w.page.getByLabel('Titre du métal').selectOption({ label: 'Or 18kt' });
    await type(w.page, 'Poids (g)', '12,5');
    const expected = formatBuybackPrice(buybackPrice('12.5', gold18.pricePerG, '0.755').toString());
    const tenTimes = formatBuybackPrice(buybackPrice('125', gold18.pricePerG, '0.755').toString());
    await waitText(w.page, 'buyback-result', spaces(expected));
    expect(spaces(await w.page.getByTestId('buyback-result').textContent())).not.toBe(spaces(tenTimes));
    const perGram = formatNumber(gold18.pricePerG, 2);
    expect(spaces(await w.page.getByTestId('buyback-note').textContent())).toBe(
      spaces(`Prix appliqué : ${perGram} €/g × 0.755 (décote 24,50%)`),
    );
    expect(await w.page.getByLabel('Poids (g)').inputValue()).toBe('12,5');

    await type(w.page, 'Poids (g)', 'abc');
    await w.page.getByText(DECIMAL_REFUSED, { exact: true }).waitFor();
    await expectRefused(w.page, 'Poids (g)');
    await waitText(w.page, 'buyback-result', '—');
    if (shots) await w.page.screenshot({ path: `${shots}/calculator-refused-1440.png` });

    // The administrator sets the factor to 0,8 (typed with a comma) in the settings; it is shown back as "0,8".
    const admin = await openPage(browser);
    await signIn(admin.page, server.url, 'admin');
    await admin.page.goto(`${server.url}/settings`);
    await type(admin.page, "Coefficient de rachat d'or", 'abc');
    await expectRefused(admin.page, "Coefficient de rachat d'or");
    await type(admin.page, "Coefficient de rachat d'or", '0,8');
    await type(admin.page, 'Validité des devis (jours)', '12,5');
    await expectRefused(admin.page, 'Validité des devis (jours)');
    await admin.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await admin.page.getByText('Nombre entier de jours attendu', { exact: true }).waitFor();
    await type(admin.page, 'Validité des devis (jours)', '45');
    await type(admin.page, 'Taux de TVA (%)', '12,5');
    await admin.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await admin.page.getByText('Paramètres enregistrés', { exact: true }).first().waitFor();
    await admin.page.reload();
    await admin.page.getByLabel("Coefficient de rachat d'or").waitFor();
    expect(await admin.page.getByLabel("Coefficient de rachat d'or").inputValue()).toBe('0,8');
    expect(await admin.page.getByLabel('Taux de TVA (%)').inputValue()).toBe('12,5');
    expect(await admin.page.getByLabel('Validité des devis (jours)').inputValue()).toBe('45');
    admin.expectNoConsoleErrors();
    await admin.close();

    // The seller's calculator now applies 0.8: "× 0.8 (décote 20,00%)".
    await w.page.reload();
    await w.page.getByLabel('Titre du métal').selectOption({ label: 'Or 18kt' });
    await type(w.page, 'Poids (g)', '12,5');
    await waitText(
      w.page,
      'buyback-result',
      spaces(formatBuybackPrice(buybackPrice('12.5', gold18.pricePerG, '0.8').toString())),
    );
    expect(spaces(await w.page.getByTestId('buyback-note').textContent())).toBe(
      spaces(`Prix appliqué : ${perGram} €/g × 0.8 (décote 20,00%)`),
    );
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('a composition line weight: "12,5" g priced live before saving, saved, shown back as "12,5"', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'admin');
    const api = w.page.context().request;
    const { csrfToken } = await getJson<{ csrfToken: string }>(api, '/api/csrf-token');
    const name = `Jonc numéros ${Date.now()}`;
    const created = await api.post(`${server.url}/api/products`, {
      data: { name, category: 'bague' },
      headers: { 'x-csrf-token': csrfToken },
    });
    expect(created.status()).toBe(201);
    const { slug } = (await created.json()) as { slug: string };

    await w.page.goto(`${server.url}/products/${slug}`);
    await w.page.getByRole('heading', { name }).waitFor();
    await w.page.getByRole('button', { name: 'Métal', exact: true }).click();
    await w.page.locator('#components-0-alloyId').selectOption({ label: 'Or 18kt' });
    await type(w.page, 'Poids (g)', 'abc');
    await expectRefused(w.page, 'Poids (g)');
    await w.page.locator('#components-0-weightG').fill('12,5');
    await w.page.locator('#components-0-lossPct').fill('2,5');
    await w.page.locator('#components-0-lossPct').blur();

    // The unsaved composition is priced live, marked as a preview; the metal line writes its loss out.
    const preview = w.page.getByTestId('pricing-preview');
    await preview.getByText('Aperçu — non enregistré', { exact: true }).waitFor();
    const formula = preview.getByTestId('pricing-line-formula').first();
    await formula.filter({ hasText: '12,500 g + 2,5 % perte = 12,813 g ×' }).waitFor();
    await preview.getByTestId('vat-amount').waitFor();
    if (shots) await w.page.screenshot({ path: `${shots}/product-preview-1440.png`, fullPage: true });

    await w.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await w.page.getByText('Fiche enregistrée', { exact: true }).first().waitFor();
    await w.page.reload();
    await w.page.locator('#components-0-weightG').waitFor();
    expect(await w.page.locator('#components-0-weightG').inputValue()).toBe('12,5');
    expect(await w.page.locator('#components-0-lossPct').inputValue()).toBe('2,5');
    const saved = w.page.getByTestId('pricing-breakdown');
    await saved
      .getByTestId('pricing-line-formula')
      .filter({ hasText: '12,500 g + 2,5 % perte = 12,813 g ×' })
      .waitFor();
    // The settings' VAT (12,5 % since the first test) is shown beside the price excl. VAT.
    await saved.getByText('TVA 12,5 %', { exact: true }).waitFor();
    await saved.getByTestId('sale-price-incl-vat').waitFor();
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('a stone cost and a production step hourly rate take "12,5"; integer fields refuse it', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'admin');
    const api = w.page.context().request;
    const name = `Tourmaline ${Date.now()}`;

    await w.page.goto(`${server.url}/stones/new`);
    await type(w.page, 'Nom', name);
    // Refused as it is typed, before the field is left or the form sent.
    await w.page.getByLabel('Coût unitaire', { exact: true }).fill('abc');
    await w.page.getByText(DECIMAL_REFUSED, { exact: true }).waitFor();
    await expectRefused(w.page, 'Coût unitaire');
    await type(w.page, 'Coût unitaire', '12,5');
    // The stock is not typed on the stone (it is the sum of its stock movements); a threshold takes "12,5".
    await type(w.page, 'Seuil de stock bas', '12,5');
    await w.page.getByRole('button', { name: 'Créer l’article' }).click();
    await w.page.waitForURL(`${server.url}/stones`);
    const stones = await getJson<{ items: Array<{ id: string; unitCost: string }> }>(
      api,
      `/api/stones?q=${encodeURIComponent(name)}`,
    );
    expect(stones.items[0]?.unitCost).toBe('12.50');
    await w.page.goto(`${server.url}/stones/${stones.items[0]!.id}`);
    await w.page.getByLabel('Coût unitaire').waitFor();
    // A cost is kept to the cent: shown back the French way, "12,50".
    expect(await w.page.getByLabel('Coût unitaire').inputValue()).toBe('12,50');

    const code = `N${Date.now() % 100000}`;
    await w.page.goto(`${server.url}/production-steps/new`);
    await type(w.page, 'Nom', `Gravure ${code}`);
    await type(w.page, 'Code', code);
    await type(w.page, 'Durée par défaut (minutes)', '12,5');
    await expectRefused(w.page, 'Durée par défaut (minutes)');
    await type(w.page, 'Durée par défaut (minutes)', '30');
    await type(w.page, 'Taux horaire (€ HT)', '12,5');
    await w.page.getByRole('button', { name: 'Créer l’étape' }).click();
    await w.page.waitForURL(`${server.url}/production-steps`);
    const steps = await getJson<{ items: Array<{ id: string; code: string; hourlyRate: string }> }>(
      api,
      `/api/production-steps?q=${code}`,
    );
    const step = steps.items.find((s) => s.code === code)!;
    expect(step.hourlyRate).toBe('12.50');
    await w.page.goto(`${server.url}/production-steps/${step.id}`);
    await w.page.getByLabel('Taux horaire (€ HT)').waitFor();
    expect(await w.page.getByLabel('Taux horaire (€ HT)').inputValue()).toBe('12,50');

    // Another integer field: a supplier's lead time in days.
    await w.page.goto(`${server.url}/suppliers/new`);
    await w.page.getByLabel('Délai habituel (jours)', { exact: true }).fill('12,5');
    await w.page.getByText(INTEGER_REFUSED, { exact: true }).waitFor();
    await expectRefused(w.page, 'Délai habituel (jours)');
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('on a phone, the calculator takes "12,5" and the product sheet shows its preview and VAT', async () => {
    const w = await openPage(browser, { viewport: MOBILE });
    await signIn(w.page, server.url, 'admin');
    await w.page.getByLabel('Titre du métal').selectOption({ label: 'Or 18kt' });
    await type(w.page, 'Poids (g)', '12,5');
    await w.page.getByTestId('buyback-note').filter({ hasText: '× 0.8 (décote 20,00%)' }).waitFor();
    const overflow = await w.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    w.expectNoConsoleErrors();
    await w.close();
  });
});
