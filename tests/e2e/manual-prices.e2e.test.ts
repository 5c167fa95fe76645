/**
 * A manual price source has its own grid (superadmin, data sources): one row per instrument with the date and time
 * the price was set, prices typed the French way ("131,25"), checked before sending, saved, then served by the
 * market (the header shows them); a manual source has no API-key field.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatGoldButton, formatRateButton } from '@shared/format';
import type { AppServer } from './app-server';
import { MOBILE, openPage } from './page';
import { signIn } from './session';
import { shareAppAndBrowser } from './suite';

let server: AppServer;
let browser: Browser;
shareAppAndBrowser((s, b) => ((server = s), (browser = b)));

const plain = (text: string | null) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ').trim();

async function createManualSource(page: Page, name: string): Promise<void> {
  await page.goto(`${server.url}/superadmin/data-sources`);
  await page.getByRole('button', { name: 'Nouvelle source' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Type').selectOption({ label: 'Saisie manuelle' });
  // No API key for prices typed by hand.
  expect(await dialog.getByLabel("Clé d'API").count()).toBe(0);
  await dialog.getByText("Pas de clé d'API", { exact: false }).waitFor();
  await dialog.getByLabel('Nom').fill(name);
  await dialog.getByRole('checkbox', { name: 'XAU' }).check();
  await dialog.getByRole('checkbox', { name: 'XAG' }).check();
  await dialog.getByRole('checkbox', { name: 'ILS/EUR' }).uncheck();
  await dialog.getByLabel('Priorité').fill('1');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
}

describe('manual price grid', () => {
  it('types the prices of a new manual source, the French way, and the header shows them', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'superadmin');
    await createManualSource(w.page, 'Cours de la boutique');

    // The grid opens at once for the new source: one row per instrument, none typed yet.
    const grid = w.page.getByRole('dialog', { name: 'Saisir les cours — Cours de la boutique' });
    await grid.waitFor();
    expect(await grid.getByRole('row').count()).toBe(4); // header + XAU, XAG, USD/EUR
    expect(plain(await grid.getByTestId('manual-price-XAU-set-at').textContent())).toBe('jamais saisi');

    const gold = grid.getByLabel('Or pur (XAU)');
    const silver = grid.getByLabel('Argent pur (XAG)');
    const usd = grid.getByLabel('Dollar US (USD/EUR)');
    await gold.fill('131,25');
    await silver.fill('abc');
    await grid.getByText('Nombre attendu, par exemple 12,5').waitFor();
    await silver.fill('0');
    await usd.fill('0.9215');
    await usd.blur();
    expect(await usd.inputValue()).toBe('0,9215'); // shown back with a comma
    await grid.getByRole('button', { name: 'Enregistrer les cours' }).click();
    // A typed price must be above 0: refused before anything is sent.
    await grid.getByText('Prix décimal positif attendu (ex. 118,20)').waitFor();
    await silver.fill('1,05');
    // The sources' list reloads slowly: the card must show the saved prices from the save's answer, at once.
    const slowList = `${server.url}/api/superadmin/data-sources`;
    await w.page.route(slowList, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await grid.getByRole('button', { name: 'Enregistrer les cours' }).click();
    await w.page.getByText('Cours enregistrés', { exact: true }).waitFor();
    await grid.waitFor({ state: 'hidden' });

    // The card lists the typed prices with the time they were set.
    const summary = w.page.getByTestId('manual-prices-summary');
    await summary.waitFor();
    const text = plain(await summary.textContent());
    expect(text).toMatch(/Or pur \(XAU\)131,25 €\/g le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(text).toContain('1,05 €/g');
    expect(text).toContain('0,9215 € pour 1 USD');
    await w.page.unroute(slowList);

    // Reopened, the grid shows the prices with a comma and their dates.
    await w.page.getByRole('button', { name: 'Saisir les cours' }).click();
    const again = w.page.getByRole('dialog', { name: 'Saisir les cours — Cours de la boutique' });
    expect(await again.getByLabel('Or pur (XAU)').inputValue()).toBe('131,25');
    expect(await again.getByLabel('Argent pur (XAG)').inputValue()).toBe('1,05');
    expect(plain(await again.getByTestId('manual-price-XAU-set-at').textContent())).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    );
    await again.getByRole('button', { name: 'Annuler' }).click();

    // Served by the market: after a refresh of gold, the header shows the typed price (whole euros).
    await w.page.getByTestId('price-gold-24k').click();
    await w.page.getByText('Cours actualisé', { exact: true }).waitFor();
    await w.page.waitForFunction(
      (expected) =>
        (document.querySelector('[data-testid="price-gold-24k"]')?.textContent ?? '')
          .replace(/[\u202f\u00a0]/g, ' ')
          .includes(expected),
      plain(formatGoldButton('131.25')),
    );
    expect(plain(await w.page.getByTestId('price-usd-eur').textContent())).toContain(plain(formatRateButton('0.9215')));
    const spot = (await (await w.page.request.get(`${server.url}/api/spot/gold`)).json()) as { source: string };
    expect(spot.source).toBe('Cours de la boutique');

    // Editing the source shows no API-key field either.
    await w.page.getByRole('button', { name: 'Modifier' }).first().click();
    const edit = w.page.getByRole('dialog');
    await edit.getByLabel('Nom').waitFor();
    expect(await edit.getByLabel("Clé d'API").count()).toBe(0);
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('fits a 375 px screen', async () => {
    const w = await openPage(browser, { viewport: MOBILE });
    await signIn(w.page, server.url, 'superadmin');
    await w.page.goto(`${server.url}/superadmin/data-sources`);
    await w.page.getByRole('button', { name: 'Saisir les cours' }).first().click();
    const grid = w.page.getByRole('dialog');
    const gold = grid.getByLabel('Or pur (XAU)');
    await gold.fill('132,5');
    const box = await gold.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= MOBILE.width).toBe(true);
    expect(await w.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await grid.getByRole('button', { name: 'Enregistrer les cours' }).click();
    await w.page.getByText('Cours enregistrés', { exact: true }).waitFor();
    w.expectNoConsoleErrors();
    await w.close();
  });
});
