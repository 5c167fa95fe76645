/**
 * Achats d'Or: a whole purchase as a jeweller makes it. From the dashboard calculator ("Créer un achat") to a new
 * purchase carrying the weight and the alloy over; the seller and the item typed; the item's price checked against
 * net weight x price per gram of the fineness x buy-back factor computed here from the market price the API gives;
 * saved, validated with a transfer to a valid IBAN (its number AO-... and its withdrawal deadline shown), its contract
 * PDF read, and found in the police register. Then the list with its totals, and the purchase on a phone.
 * Screenshots go to SCREENSHOTS_DIR when set (e.g. /tmp/shots), never into the repository.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Locator, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { GoldBuyDetail } from '../../shared/schemas/gold-buys';
import type { SpotPrice } from '../../shared/schemas/market';
import type { PricingSettings } from '../../shared/schemas/settings';
import { getJson, sendJson } from './api';
import type { AppServer } from './app-server';
import { MOBILE, openPage } from './page';
import { signIn } from './session';
import { shareAppAndBrowser } from './suite';

let server: AppServer;
let browser: Browser;
shareAppAndBrowser((s, b) => ((server = s), (browser = b)));

const shotsDir = process.env.SCREENSHOTS_DIR;
if (shotsDir) mkdirSync(shotsDir, { recursive: true });

async function shot(page: Page, name: string): Promise<void> {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core on the page as it is (light or dark): no violation of any impact. */
async function expectAccessible(page: Page, where: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: unknown }> } })
      .axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return (result.violations as Array<{ id: string; nodes: Array<{ target: string[] }> }>).map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  });
  expect(found, where).toEqual([]);
}

async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((t) => {
    window.localStorage.setItem('theme', t);
    document.documentElement.classList.toggle('dark', t === 'dark');
  }, theme);
  // Colours change with a transition: the check waits for its end.
  await page.waitForTimeout(400);
}

const plain = (s: string) =>
  s
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

async function text(locator: Locator): Promise<string> {
  return plain((await locator.textContent()) ?? '');
}

/** A decimal text ("123.4567") as a whole number of 10^-scale units (exact, no floating point). */
function scaled(value: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = value.trim().split('.');
  return BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
}

/** n / d rounded half-up (n, d > 0). */
const halfUp = (n: bigint, d: bigint): bigint => (2n * n + d) / (2n * d);

/** Cents as the screen writes them: "1 234,56 €" (compare after `plain`). */
function euros(cents: bigint): string {
  const whole = String(cents / 100n).replace(/\B(?=(\d{3})+$)/g, ' ');
  return `${whole},${String(cents % 100n).padStart(2, '0')} €`;
}

const IBAN = 'FR76 3000 6000 0112 3456 7890 189';
/** A 1x1 PNG: an item's photo, a scan. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('gold buy-back', () => {
  it('from the dashboard calculator to a signed purchase and its police register entry', async () => {
    // bypassCSP: the app's CSP forbids inline scripts, and axe is injected as one.
    const w = await openPage(browser, { bypassCSP: true });
    const { page } = w;
    await signIn(page, server.url, 'admin');
    const api = page.context().request;

    // The dashboard calculator: 12,5 g of 18 kt gold, then "Créer un achat".
    const calculator = page.getByTestId('gold-buyback-calculator');
    await calculator.getByTestId('buyback-weight').fill('12,5');
    const alloy = calculator.getByTestId('buyback-alloy');
    await expect.poll(() => alloy.locator('option').allTextContents(), { timeout: 15_000 }).toContain('Or 18kt');
    await alloy.selectOption({ label: 'Or 18kt' });
    await calculator.getByRole('link', { name: 'Créer un achat' }).click();
    await page.waitForURL(/\/goldbuy\/new\?/);
    const form = page.getByTestId('gold-buy-form');
    await form.waitFor();
    const item = form.getByTestId('gold-buy-item').first();
    expect(await item.getByLabel('Poids net (g)').inputValue()).toBe('12,5');
    expect(await item.getByLabel('Poids brut (g)').inputValue()).toBe('12,5');
    expect(await item.getByLabel('Titre (millièmes)').inputValue()).toBe('750');
    expect(await item.getByLabel('Métal').inputValue()).toBe('gold');

    // The seller, typed from their identity document.
    const seller = form.getByTestId('gold-buy-seller');
    await seller.getByLabel('Civilité').selectOption('Mme');
    await seller.getByLabel('Nom', { exact: true }).fill('Lefèvre');
    await seller.getByLabel('Prénom').fill('Jeanne');
    await seller.getByLabel('Adresse', { exact: true }).fill('12 rue des Orfèvres');
    await seller.getByLabel('Code postal').fill('75001');
    await seller.getByLabel('Ville').fill('Paris');
    await seller.getByLabel('Date de naissance').fill('1962-04-18');
    await seller.getByLabel('Lieu de naissance').fill('Lyon');
    await seller.getByLabel('Pièce d’identité').selectOption('cni');
    await seller.getByLabel('Numéro de la pièce').fill('X4RTBPFW4');
    await seller.getByLabel('Autorité de délivrance').fill('Préfecture du Rhône');
    await seller.getByLabel('Date de délivrance').fill('2019-06-03');

    // The item: its price is net weight x price per gram of 750 x the factor, to the cent, as computed here.
    await item.getByLabel('Description').fill('Gourmette maille américaine');
    await item.getByLabel('Catégorie').selectOption('jewellery');
    await item.getByLabel('Poinçon vu').check();
    const spot = await getJson<SpotPrice>(api, `${server.url}/api/spot/gold`);
    const settings = await getJson<PricingSettings>(api, `${server.url}/api/pricing-settings`);
    expect(settings.buybackFactor).toBe('0.755');
    // Price per gram at 750 thousandths, half-up to the cent (10^-6 EUR units / 10^4 = cents).
    const perGramCents = halfUp(scaled(spot.pricePerG, 6) * 750n, 1000n * 10_000n);
    // 12.500 g x that price x 0.755: thousandths of a gram x cents x thousandths.
    const expectedCents = halfUp(12_500n * perGramCents * scaled(settings.buybackFactor, 3), 1_000_000n);
    expect(expectedCents).toBeGreaterThan(0n);
    await expect.poll(() => text(item.getByTestId('item-price')), { timeout: 15_000 }).toBe(euros(expectedCents));
    expect(await text(form.getByTestId('total-price'))).toBe(euros(expectedCents));
    // A jewellery sale at or under 5 000 € is exempt from the flat tax: the seller gets the whole price.
    if (expectedCents <= 500_000n) expect(await text(form.getByTestId('net-paid'))).toBe(euros(expectedCents));
    await shot(page, 'goldbuy-new-1440');
    await expectAccessible(page, '/goldbuy/new, filled');

    // Saved: the draft opens.
    await form.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
    await page.waitForURL(/\/goldbuy\/[0-9a-f-]{36}$/);
    const view = page.getByTestId('gold-buy-page');
    await view.waitFor();
    const id = new URL(page.url()).pathname.split('/')[2]!;
    expect(await text(view.getByTestId('gold-buy-status'))).toBe('Brouillon');
    expect(await text(view.getByTestId('item-price'))).toBe(euros(expectedCents));
    const draft = await getJson<GoldBuyDetail>(api, `${server.url}/api/gold-buys/${id}`);
    expect(Number(draft.items[0]?.netWeightG)).toBe(12.5);
    expect(draft.seller.lastName).toBe('Lefèvre');

    // Edited: "Modifier" opens the draft's form with what was saved; the saved change shows on the purchase.
    await view.getByRole('link', { name: 'Modifier' }).click();
    await page.waitForURL(new RegExp(`/goldbuy/${id}/edit$`));
    const edit = page.getByTestId('gold-buy-form');
    const editedItem = edit.getByTestId('gold-buy-item').first();
    expect(await editedItem.getByLabel('Poids net (g)').inputValue()).toBe('12,5');
    await editedItem.getByLabel('Description').fill('Gourmette maille américaine, fermoir cassé');
    // Its photo: chosen on the item, shown at once, kept with the draft when it is saved.
    await editedItem
      .getByTestId('item-photo-input')
      .setInputFiles({ name: 'gourmette.png', mimeType: 'image/png', buffer: TINY_PNG });
    await editedItem.getByTestId('item-photo-preview').waitFor();
    await shot(page, 'goldbuy-edit-photo-1440');
    await edit.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
    await page.waitForURL(new RegExp(`/goldbuy/${id}$`));
    await view.getByText('Gourmette maille américaine, fermoir cassé').waitFor();
    const photoSrc = await view.getByTestId('item-photo').getAttribute('src');
    expect(photoSrc).toMatch(new RegExp(`^/api/gold-buys/${id}/photos/[0-9a-f-]{36}$`));
    expect(await view.getByTestId('item-photo').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

    // The identity document's scan, added on the draft; an admin sees it.
    const scans = view.getByTestId('identity-scans');
    await scans
      .getByTestId('photo-input')
      .setInputFiles({ name: 'cni-recto.png', mimeType: 'image/png', buffer: TINY_PNG });
    await scans.getByRole('img', { name: 'cni-recto.png' }).waitFor();

    // Validated: transfer to a valid IBAN in the seller's name; there is no cash option, and the screen says why.
    await view.getByRole('button', { name: 'Valider (signer le contrat)' }).click();
    const dialog = page.getByTestId('validate-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('radio').count()).toBe(2);
    expect(await text(dialog.getByTestId('cash-reason'))).toContain('L112-6');
    await dialog.getByLabel('Lieu de signature').fill('Paris');
    await dialog.getByLabel('Virement sur un compte au nom du vendeur').check();
    await dialog.getByLabel('IBAN du vendeur').fill('FR76 3000 6000 0112 3456 7890 188');
    await dialog.getByText('IBAN invalide').waitFor();
    await dialog.getByLabel('IBAN du vendeur').fill(IBAN);
    await dialog.getByText(`IBAN valide : ${IBAN}`).waitFor();
    await dialog.getByLabel('Le compte est au nom du vendeur').check();
    await shot(page, 'goldbuy-validate-1440');
    await expectAccessible(page, 'validation dialog');
    await dialog.getByRole('button', { name: 'Signer le contrat' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => text(view.getByTestId('gold-buy-number')), { timeout: 15_000 }).toMatch(/^AO-\d{4}-\d{4}$/);
    const number = await text(view.getByTestId('gold-buy-number'));
    expect(await text(view.getByTestId('gold-buy-status'))).toBe('Validé');
    const signed = await getJson<GoldBuyDetail>(api, `${server.url}/api/gold-buys/${id}`);
    expect(signed.number).toBe(number);
    expect(signed.withdrawalDeadline).not.toBeNull();
    const deadline = await text(view.getByTestId('withdrawal-deadline'));
    expect(deadline).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await view.getByTestId('withdrawal-countdown').waitFor();
    // Melting or reselling is for a paid lot, once the withdrawal period is over.
    expect(await view.getByRole('button', { name: 'Fondre' }).count()).toBe(0);
    await view.getByRole('button', { name: 'Marquer payé' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Marquer payé' }).click();
    await expect.poll(() => text(view.getByTestId('gold-buy-status'))).toBe('Payé');
    expect(await view.getByRole('button', { name: 'Fondre' }).isDisabled()).toBe(true);
    expect(await view.getByRole('button', { name: 'Revendre' }).isDisabled()).toBe(true);
    await view.getByRole('button', { name: 'Rétractation du vendeur' }).waitFor();
    expect(await view.getByRole('link', { name: 'Contrat (PDF)' }).getAttribute('href')).toBe(
      `/api/gold-buys/${id}/contract.pdf`,
    );
    // The contract the link opens: two copies, each with the detachable withdrawal form, in French.
    const contract = await api.get(`${server.url}/api/gold-buys/${id}/contract.pdf`);
    expect(contract.status()).toBe(200);
    const contractPdf = await getDocumentProxy(new Uint8Array(await contract.body()));
    const { text: contractText } = await extractText(contractPdf, { mergePages: true });
    const contractWords = contractText.replace(/\s+/g, ' ');
    expect(contractWords).toContain(number);
    expect(contractWords).toContain('Lefèvre');
    expect(contractWords).toContain('Exemplaire du vendeur');
    expect(contractWords).toContain('Exemplaire du professionnel');
    expect(contractWords.split('Formulaire de rétractation').length - 1).toBeGreaterThanOrEqual(2);
    await shot(page, 'goldbuy-signed-1440');
    await expectAccessible(page, '/goldbuy/:id, signed, light');
    await setTheme(page, 'dark');
    await expectAccessible(page, '/goldbuy/:id, signed, dark');
    await shot(page, 'goldbuy-signed-1440-dark');
    await setTheme(page, 'light');

    // The list: the purchase, its totals; then the police register of today.
    await page.goto(`${server.url}/goldbuy`);
    const list = page.getByTestId('gold-buys-page');
    await list
      .getByRole('link', { name: new RegExp(number) })
      .first()
      .waitFor();
    // Searched by its number: one purchase, its amount and its weight of 750 gold in the totals.
    await list.getByRole('searchbox', { name: 'Rechercher', exact: true }).fill(number);
    await expect.poll(() => text(list.getByTestId('summary-count'))).toBe('1');
    expect(await text(list.getByTestId('summary-total'))).toBe(euros(expectedCents));
    expect(await text(list.getByTestId('summary-weights'))).toBe('Or 750 ‰ : 12,500 g');
    await shot(page, 'goldbuy-list-1440');
    await list.getByRole('link', { name: 'Livre de police' }).click();
    await page.waitForURL(/\/goldbuy\/register/);
    const register = page.getByTestId('register-page');
    const entry = register.getByTestId('register-entry').filter({ hasText: number });
    await entry.first().waitFor();
    const row = await text(entry.first());
    expect(row).toContain('Gourmette maille américaine, fermoir cassé');
    expect(row).toContain('Entrée (achat)');
    expect(row).toContain('750 ‰');
    expect(row).toContain('12,500 g');
    expect(row).toContain(euros(expectedCents));
    expect(await text(register.getByTestId('register-totals'))).toContain('Or 750 ‰');
    expect(await register.getByRole('link', { name: 'Exporter CSV' }).getAttribute('href')).toMatch(
      /^\/api\/gold-buys\/register\/export\.csv\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/,
    );
    await shot(page, 'goldbuy-register-1440');
    await expectAccessible(page, '/goldbuy/register');

    // On a phone: the purchase and the list fit 375 px.
    await page.setViewportSize(MOBILE);
    for (const path of [`/goldbuy/${id}`, '/goldbuy', '/goldbuy/new']) {
      await page.goto(`${server.url}${path}`);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} overflows at 375 px`).toBeLessThanOrEqual(0);
      await shot(page, `goldbuy${path.replace(/\//g, '-')}-375`);
    }

    w.expectNoConsoleErrors();
    await w.close();
  });

  it('a withdrawal after payment: the seller repays, the shop records it; sales staff see scans counted, not shown', async () => {
    const w = await openPage(browser);
    const { page } = w;
    await signIn(page, server.url, 'commercial', undefined);
    const api = page.context().request;
    const seller = {
      firstName: 'Marc',
      lastName: 'Aubert',
      addressLine1: '4 rue de la Paix',
      postalCode: '75002',
      city: 'Paris',
      idDocumentType: 'passport',
      idDocumentNumber: '18CV45021',
    };
    const item = {
      description: 'Alliance or jaune',
      metal: 'gold',
      fineness: 750,
      category: 'jewellery',
      grossWeightG: '3',
      netWeightG: '3',
      hallmark: true,
    };
    const draft = await sendJson<GoldBuyDetail>(api, 'POST', `${server.url}/api/gold-buys`, { seller, items: [item] });
    // The scan is added at the counter by the sales person, who then sees that it is there, not the image.
    await page.goto(`${server.url}/goldbuy/${draft.id}`);
    const view = page.getByTestId('gold-buy-page');
    const scans = view.getByTestId('identity-scans');
    await scans
      .getByTestId('photo-input')
      .setInputFiles({ name: 'passeport.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect
      .poll(() => text(scans))
      .toContain('1 image de la pièce d’identité déposée. Vous ne pouvez pas les consulter.');
    expect(await scans.getByRole('img').count()).toBe(0);

    const signed = await sendJson<GoldBuyDetail>(api, 'POST', `${server.url}/api/gold-buys/${draft.id}/validate`, {
      version: (await getJson<GoldBuyDetail>(api, `${server.url}/api/gold-buys/${draft.id}`)).version,
      signedPlace: 'Paris',
      paymentMethod: 'cheque',
      chequeNumber: '0012345',
    });
    await sendJson(api, 'POST', `${server.url}/api/gold-buys/${draft.id}/pay`, { version: signed.version });
    await page.reload();
    await view.getByRole('button', { name: 'Rétractation du vendeur' }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await text(confirm)).toContain(`Le vendeur rembourse ${euros(scaled(signed.netPaid, 2))} reçus`);
    await confirm.getByRole('button', { name: 'Enregistrer la rétractation' }).click();
    await expect.poll(() => text(view.getByTestId('gold-buy-status'))).toBe('Rétracté');
    expect(await text(view.getByTestId('withdrawal-repayment'))).toContain('remboursement en attente');
    await view.getByRole('button', { name: 'Remboursement reçu' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remboursement reçu' }).click();
    await expect.poll(() => text(view.getByTestId('withdrawal-repayment'))).toContain('remboursement reçu le');
    expect(await view.getByRole('button', { name: 'Remboursement reçu' }).count()).toBe(0);
    await shot(page, 'goldbuy-withdrawn-1440');

    w.expectNoConsoleErrors();
    await w.close();
  });
});
