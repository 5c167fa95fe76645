import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buybackPrice } from '@shared/pricing';
import { formatBuybackPrice } from '@shared/format';
import type { CalibratedPrice } from '@shared/schemas/diamonds';
import type { AlloyPrice } from '@shared/schemas/market';
import type { AppServer } from './app-server';
import { MOBILE, openPage } from './page';
import { signIn } from './session';
import { shareAppAndBrowser } from './suite';

let server: AppServer;
let browser: Browser;
shareAppAndBrowser((s, b) => ((server = s), (browser = b)));

describe('dashboard', () => {
  it('computes the gold buy-back price for a weight and an alloy', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url);
    const alloys = (await (await w.page.request.get(`${server.url}/api/alloy-prices`)).json()) as AlloyPrice[];
    const gold18 = alloys.find((a) => a.name === 'Or 18kt');
    expect(gold18).toBeDefined();

    const result = w.page.getByTestId('buyback-result');
    expect((await result.textContent())?.trim()).toBe('—');
    await w.page.getByLabel('Poids (g)').fill('12.5');
    await w.page.getByLabel('Titre du métal').selectOption({ label: 'Or 18kt' });
    const expected = formatBuybackPrice(buybackPrice('12.5', gold18!.pricePerG).toString());
    await w.page.waitForFunction(
      ([text]) => document.querySelector('[data-testid="buyback-result"]')?.textContent?.trim() === text,
      [expected],
    );
    const appliedPerGram = Number(gold18!.pricePerG).toLocaleString('fr-FR', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const note = (await w.page.getByTestId('buyback-note').textContent())?.replace(/\s/g, ' ');
    expect(note).toBe(`Prix appliqué : ${appliedPerGram} €/g × 0.755 (décote 24,50%)`.replace(/\s/g, ' '));

    await w.page.getByLabel('Poids (g)').fill('0');
    await w.page.waitForFunction(
      () => document.querySelector('[data-testid="buyback-result"]')?.textContent?.trim() === '—',
    );
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('updates the calibrated price when the slider moves', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url);
    const eurPerStone = w.page.getByTestId('calibrated-eur-per-stone');
    await eurPerStone.waitFor();
    const read = async (mm: string) =>
      (await (
        await w.page.request.get(`${server.url}/api/calibrated-price?mm=${mm}&clarity=VVS`)
      ).json()) as CalibratedPrice;
    await w.page.waitForFunction(
      () => !/N\/A|^$/.test(document.querySelector('[data-testid="calibrated-eur-per-stone"]')?.textContent ?? ''),
    );
    const before = (await eurPerStone.textContent())?.trim();

    const slider = w.page.getByRole('slider', { name: 'Diamètre en millimètres' });
    await slider.focus();
    for (let i = 0; i < 10; i++) await w.page.keyboard.press('ArrowRight'); // 2.00 -> 2.50 mm
    const expected = await read('2.5');
    expect(expected.rangeFound).toBe(true);
    await w.page.waitForFunction((previous) => {
      const text = document.querySelector('[data-testid="calibrated-eur-per-stone"]')?.textContent?.trim();
      return text && text !== previous;
    }, before);
    const approx = await w.page.getByTestId('calibrated-approx-ct').textContent();
    expect(approx).toContain(Number(expected.approximateCt).toLocaleString('fr-FR', { minimumFractionDigits: 4 }));
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('keeps the theme across a reload', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url);
    const isDark = () => w.page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await isDark()).toBe(false);
    await w.page.getByRole('button', { name: /thème/i }).first().click();
    expect(await isDark()).toBe(true);
    expect(await w.page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await w.page.reload();
    await w.page.getByTestId('buyback-result').waitFor();
    expect(await isDark()).toBe(true);
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('opens the navigation drawer at 375 px and closes it when an item is chosen', async () => {
    const w = await openPage(browser, { viewport: MOBILE });
    await signIn(w.page, server.url);
    const sidebarLink = w.page.getByRole('link', { name: "Achats d'Or" });
    expect(await sidebarLink.isVisible()).toBe(false);
    await w.page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const drawer = w.page.getByRole('dialog');
    await drawer.waitFor();
    await drawer.getByRole('link', { name: "Achats d'Or" }).click();
    await w.page.waitForURL(`${server.url}/goldbuy`);
    await drawer.waitFor({ state: 'hidden' });
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('shows the 404 page with its exact texts', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url);
    await w.page.goto(`${server.url}/no/such/page`);
    await w.page.getByText('404 Page Not Found', { exact: true }).waitFor();
    await w.page.getByText('Did you forget to add the page to the router?', { exact: true }).waitFor();
    w.expectNoConsoleErrors();
    await w.close();
  });
});
