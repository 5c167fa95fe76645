/**
 * Product sheets (server/modules/products/README.md): a product whose displayed price changes when the gold price changes. The database
 * gets a disabled `manual` data source with gold 10 % above the last demo price (ahead of the demo source); the
 * superadmin enables it through the data-sources API; refreshing gold in the header reprices the open sheet,
 * without a reload, to the value shared/product-pricing.ts gives for the new price.
 */
import Decimal from 'decimal.js';
import { desc, eq } from 'drizzle-orm';
import type { APIRequestContext, Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEuro } from '../../shared/format';
import { priceProduct, type PricingComponent } from '../../shared/product-pricing';
import type { ProductDetail, ProductListItem } from '../../shared/schemas/products';
import { openDatabase } from '../../server/db/client';
import { dataSources, marketReadings } from '../../server/db/schema';
import { startAppServer, type AppServer } from './app-server';
import { launchChromium } from './browser';
import { openPage } from './page';
import { signIn } from './session';

let server: AppServer;
let browser: Browser;
let manualSourceId: string;
let newGold: string;

const MANUAL_SOURCE = 'Cours affichés en boutique';

beforeAll(async () => {
  // No background polling: the only price moves are the ones this test makes.
  const env = { MARKET_POLL_MS: '3600000' };
  const first = await startAppServer({ env });
  await first.stopKeepData();
  const handle = await openDatabase({ dataDir: first.dataDir });
  const [last] = await handle.db
    .select({ value: marketReadings.value })
    .from(marketReadings)
    .where(eq(marketReadings.instrument, 'XAU'))
    .orderBy(desc(marketReadings.observedAt))
    .limit(1);
  if (!last) throw new Error('no demo gold reading');
  newGold = new Decimal(last.value).mul('1.1').toDecimalPlaces(2).toFixed(2);
  const [source] = await handle.db
    .insert(dataSources)
    .values({
      kind: 'manual',
      name: MANUAL_SOURCE,
      instruments: ['XAU'],
      enabled: false,
      priority: 0,
      config: { values: { XAU: newGold } },
    })
    .returning({ id: dataSources.id });
  manualSourceId = source?.id ?? '';
  await handle.close();
  server = await startAppServer({ dataDir: first.dataDir, env });
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`${server.url}${path}`);
  if (!res.ok()) throw new Error(`GET ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

async function send<T>(request: APIRequestContext, method: 'POST' | 'PATCH', path: string, data: unknown): Promise<T> {
  const { csrfToken } = await getJson<{ csrfToken: string }>(request, '/api/csrf-token');
  const res = await request.fetch(`${server.url}${path}`, {
    method,
    data,
    headers: { 'x-csrf-token': csrfToken },
  });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The sale price the sheet must show once gold is `goldEurPerG`: its lines re-priced with the shared pricing. */
function expectedSalePrice(product: ProductDetail, goldEurPerG: string): string {
  const components: PricingComponent[] = [];
  const alloys: Record<string, { name: string; baseMetal: 'gold'; fineness: number }> = {};
  product.pricing.lines.forEach((line, i) => {
    const component = product.components[i];
    if (component?.kind === 'metal' && line.details.metal === 'gold') {
      alloys[component.alloyId] = { name: line.label, baseMetal: 'gold', fineness: Number(line.details.fineness) };
      components.push(component);
    } else {
      // Lines that do not depend on gold keep their cost.
      components.push({ kind: 'other', label: line.label, amount: line.cost ?? '0' });
    }
  });
  const context = {
    metals: { gold: goldEurPerG },
    fx: {},
    alloys,
    stones: {},
    steps: {},
    calibrated: [],
    organization: { vatRatePct: product.pricing.vatRatePct, metalLossWarningPct: '100' },
  };
  return priceProduct(components, product.coefficients, context).salePrice;
}

describe('product sheet price', () => {
  it('changes with the gold price of a manual data source', async () => {
    const admin = await openPage(browser);
    await signIn(admin.page, server.url, 'admin');
    const api = admin.page.context().request;

    // A demo product with a gold metal line whose every line is priced.
    const list = await getJson<{ items: ProductListItem[] }>(
      api,
      '/api/products?q=alliance%20or%20jaune&withPrices=true',
    );
    const summary = list.items.find((p) => p.price?.complete);
    expect(summary).toBeDefined();
    const slug = summary?.slug ?? '';
    const before = await getJson<ProductDetail>(api, `/api/products/${slug}`);
    expect(before.pricing.lines.some((l) => l.kind === 'metal' && l.details.metal === 'gold' && l.cost)).toBe(true);

    await admin.page.goto(`${server.url}/products/${slug}`);
    await admin.page.getByText(before.name, { exact: true }).first().waitFor();
    const salePrice = admin.page.getByTestId('sale-price');
    await admin.page.waitForFunction(
      (text) => document.querySelector('[data-testid="sale-price"]')?.textContent?.includes(text) ?? false,
      formatEuro(before.pricing.salePrice),
    );
    const shownBefore = (await salePrice.textContent()) ?? '';

    // Superadmin: the manual source (gold 10 % above the demo price, ahead of the demo source) goes live.
    const superadmin = await openPage(browser);
    await signIn(superadmin.page, server.url, 'superadmin');
    const enabled = await send<{ name: string; enabled: boolean }>(
      superadmin.page.context().request,
      'PATCH',
      `/api/superadmin/data-sources/${manualSourceId}`,
      { enabled: true },
    );
    expect(enabled).toMatchObject({ name: MANUAL_SOURCE, enabled: true });
    await superadmin.close();

    // Refresh gold from the header: the sheet reprices without a reload.
    const expected = expectedSalePrice(before, newGold);
    expect(expected).not.toBe(before.pricing.salePrice);
    await admin.page.getByTestId('price-gold-24k').click();
    await admin.page.getByText('Prix du or mis à jour', { exact: true }).first().waitFor({ timeout: 30_000 });
    await admin.page.waitForFunction(
      (text) => document.querySelector('[data-testid="sale-price"]')?.textContent?.includes(text) ?? false,
      formatEuro(expected),
      { timeout: 30_000 },
    );
    const shownAfter = (await salePrice.textContent()) ?? '';
    expect(shownAfter).not.toBe(shownBefore);
    expect(shownAfter).toContain(formatEuro(expected));

    // The server agrees with the shared computation.
    const after = await getJson<ProductDetail>(api, `/api/products/${slug}`);
    expect(after.pricing.salePrice).toBe(expected);
    admin.expectNoConsoleErrors();
    await admin.close();
  });

  it('creates and edits a sheet: composition, inline errors, stale edit, snapshot, photo, archive', async () => {
    const w = await openPage(browser);
    const { page } = w;
    await signIn(page, server.url, 'admin');
    const api = page.context().request;

    // Create: the slug follows the name.
    await page.goto(`${server.url}/products`);
    await page.getByRole('button', { name: 'Nouvelle fiche' }).click();
    await page.getByRole('dialog').getByLabel('Nom').fill('Bague test été');
    await page.getByRole('dialog').getByLabel('Catégorie').selectOption('bague');
    expect(await page.getByRole('dialog').getByLabel('Slug (adresse de la fiche)').inputValue()).toBe('bague-test-ete');
    await page.getByRole('button', { name: 'Créer la fiche' }).click();
    await page.waitForURL(`${server.url}/products/bague-test-ete`);
    await page.getByRole('heading', { name: 'Bague test été' }).waitFor();

    // A metal line left empty: the shared schema's French errors, inline; nothing sent.
    await page.getByRole('button', { name: 'Métal', exact: true }).click();
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page.getByText('Alliage inconnu', { exact: true }).waitFor();
    await page.getByText('Ce champ est obligatoire', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Retirer la ligne 1' }).click();

    // An "other" line of 40 EUR at the organization's stones coefficient (settings, 1.8): sale price 72 EUR.
    await page.getByRole('button', { name: 'Autre', exact: true }).click();
    await page.locator('#components-0-label').fill('Gravure');
    await page.locator('#components-0-amount').fill('40');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page.getByText('Fiche enregistrée', { exact: true }).first().waitFor();
    await page.waitForFunction(
      (text) => document.querySelector('[data-testid="sale-price"]')?.textContent?.includes(text) ?? false,
      formatEuro('72'),
    );

    // Someone else saves meanwhile: the stale save answers 409 and the edit stays on screen until the person
    // chooses "Recharger", which shows the other save; the edit made again on it then saves.
    const current = await getJson<ProductDetail>(api, '/api/products/bague-test-ete');
    const { csrfToken } = await getJson<{ csrfToken: string }>(api, '/api/csrf-token');
    const other = await api.put(`${server.url}/api/products/bague-test-ete`, {
      data: { ...current, description: 'Modifiée ailleurs', components: current.components },
      headers: { 'x-csrf-token': csrfToken },
    });
    expect(other.status()).toBe(200);
    await page.getByLabel('Coef. pierres et autres').fill('3');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page
      .getByText("Cet enregistrement a été modifié par quelqu'un d'autre. Rechargez la page.", { exact: true })
      .first()
      .waitFor();
    expect(await page.getByLabel('Coef. pierres et autres').inputValue()).toBe('3');
    await page.getByRole('button', { name: 'Recharger' }).click();
    await page.waitForFunction(
      () => (document.querySelector('#description') as HTMLTextAreaElement | null)?.value === 'Modifiée ailleurs',
    );
    // The save is held on its way to the server while a new slug is typed: once the save answers, the slug
    // typed meanwhile is still there, unsaved, and the form can save it.
    let releaseSave = () => {};
    const saveHeld = new Promise<void>((resolve) => (releaseSave = resolve));
    await page.route(`${server.url}/api/products/bague-test-ete`, async (route) => {
      if (route.request().method() === 'PUT') await saveHeld;
      await route.fallback();
    });
    await page.getByLabel('Coef. pierres et autres').fill('3');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page.getByRole('button', { name: 'Enregistrement…', exact: true }).waitFor();
    await page.getByLabel('Slug (adresse de la fiche)').fill('bague-test-ete-or');
    releaseSave();
    await page.getByRole('button', { name: 'Enregistrer', exact: true, disabled: false }).waitFor();
    await page.waitForFunction(
      (text) => document.querySelector('[data-testid="sale-price"]')?.textContent?.includes(text) ?? false,
      formatEuro('120'),
    );
    expect(await page.getByLabel('Coef. pierres et autres').inputValue()).toBe('3');
    expect(await page.getByLabel('Slug (adresse de la fiche)').inputValue()).toBe('bague-test-ete-or');
    expect((await getJson<ProductDetail>(api, '/api/products/bague-test-ete')).slug).toBe('bague-test-ete');
    await page.unroute(`${server.url}/api/products/bague-test-ete`);

    // A new slug: once saved, the sheet opens at its new address (the old one no longer answers) and stays editable.
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page.waitForURL(`${server.url}/products/bague-test-ete-or`);
    await page.getByText('/products/bague-test-ete-or', { exact: true }).waitFor();
    expect(await page.getByLabel('Slug (adresse de la fiche)').inputValue()).toBe('bague-test-ete-or');
    expect((await getJson<ProductDetail>(api, '/api/products/bague-test-ete-or')).name).toBe('Bague test été');
    // What is typed next is kept as a draft under the new address, the one a new sign-in comes back to.
    const draftAddresses = () =>
      page.evaluate(() =>
        Object.keys(sessionStorage)
          .filter((key) => key.startsWith('pricer.brouillon:'))
          .map((key) => key.slice('pricer.brouillon:'.length).split('#')[0]),
      );
    await page.getByLabel('Nom', { exact: true }).fill('Bague test été bis');
    await expect.poll(draftAddresses).toEqual(['/products/bague-test-ete-or']);
    await page.getByLabel('Nom', { exact: true }).fill('Bague test été');
    await expect.poll(draftAddresses).toEqual([]);

    // Snapshot of today's price, compared with today.
    await page.getByRole('button', { name: 'Enregistrer le prix du jour' }).click();
    await page.getByText('Prix enregistré', { exact: true }).first().waitFor();
    await page.getByTestId('snapshot-table').getByText("Aujourd'hui", { exact: true }).waitFor();

    // Photos: a GIF is refused in French; a PNG is added.
    await page
      .getByTestId('photo-input')
      .setInputFiles({ name: 'photo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await page
      .getByText('photo.gif : Format non pris en charge (JPEG, PNG ou WebP uniquement)', { exact: true })
      .waitFor();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await page.getByTestId('photo-input').setInputFiles({ name: 'bague.png', mimeType: 'image/png', buffer: png });
    await page.getByAltText('Photo principale : bague.png').waitFor();

    // Archive, after confirmation.
    await page.getByRole('button', { name: 'Archiver', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Archiver' }).click();
    await page.getByText('Fiche archivée', { exact: true }).first().waitFor();
    expect(await page.getByTestId('product-status').textContent()).toBe('Archivé');
    w.expectNoConsoleErrors([/status of 409 .* @ .*\/api\/products\/bague-test-ete$/]);
    await w.close();
  });
});
