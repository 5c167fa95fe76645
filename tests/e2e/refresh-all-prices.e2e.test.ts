/**
 * "Actualiser tous les cours" (header, wide screens) reports every refreshed price in ONE toast, and when a
 * refresh fails the one toast says which; the single price buttons keep their own toasts.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatGoldButton, formatRateButton, formatSilverButton } from '@shared/format';
import { gold18ktFrom24kt } from '@shared/pricing-exact';
import type { FxRate, SpotPrice } from '@shared/schemas/market';
import type { DataSourceView } from '@shared/schemas/superadmin';
import { startEcbStub, type EcbStub } from '../../server/modules/market/test/stub-servers';
import { startAppServer, type AppServer } from './app-server';
import { launchChromium } from './browser';
import { openPage, type WatchedPage } from './page';
import { signIn } from './session';

let server: AppServer;
let failingFx: AppServer;
let ecb: EcbStub;
let browser: Browser;

beforeAll(async () => {
  ecb = await startEcbStub();
  ecb.fail('http500');
  [server, failingFx] = await Promise.all([
    startAppServer({ env: { MARKET_POLL_MS: '3600000' } }),
    startAppServer({ env: { MARKET_POLL_MS: '3600000' } }),
  ]);
  browser = await launchChromium();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.stop(), failingFx?.stop()]);
  await ecb?.close();
});

/** Every toast shown by the page, in order, as its text (recorded when it appears). */
async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = shown;
    const seen = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('li[data-swipe-direction][data-state="open"]')) {
        if (seen.has(toast) || !toast.textContent) continue;
        seen.add(toast);
        shown.push(toast.textContent.replace(/[\u202f\u00a0]/g, ' '));
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

const toasts = (page: Page) => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

async function signedIn(url: string, username = 'admin'): Promise<WatchedPage> {
  const w = await openPage(browser);
  await recordToasts(w.page);
  await signIn(w.page, url, username);
  await w.page.getByTestId('header-prices').waitFor();
  // Wait for the first prices and the sign-in toast, then forget it: the only toasts left are the clicks'.
  await w.page.waitForFunction(() =>
    /\d/.test(document.querySelector('[data-testid="price-usd-eur"]')?.textContent ?? ''),
  );
  await w.page.getByText('Connexion réussie', { exact: true }).waitFor();
  await w.page.evaluate(() => {
    (window as unknown as { __toasts: string[] }).__toasts.length = 0;
  });
  return w;
}

async function clickRefreshAll(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Actualiser tous les cours' });
  await button.click();
  await page.waitForFunction(() => (window as unknown as { __toasts: string[] }).__toasts.length > 0);
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="refresh-all-prices"]')?.hasAttribute('aria-busy'),
  );
  // Room for any later toast (before: one per refresh, each replacing the previous one).
  await page.waitForTimeout(1500);
}

describe('Actualiser tous les cours', () => {
  it('raises one toast listing every refreshed price in French formats', async () => {
    const w = await signedIn(server.url);
    await clickRefreshAll(w.page);
    const gold = (await (await w.page.request.get(`${server.url}/api/spot/gold`)).json()) as SpotPrice;
    const silver = (await (await w.page.request.get(`${server.url}/api/spot/silver`)).json()) as SpotPrice;
    const usd = (await (await w.page.request.get(`${server.url}/api/fx/USD/EUR`)).json()) as FxRate;
    const shown = await toasts(w.page);
    expect(shown).toHaveLength(1);
    const expected = [
      'Cours actualisés',
      `Or 24k : ${formatGoldButton(gold.pricePerG)} €/g`,
      `Or 18k : ${formatGoldButton(gold18ktFrom24kt(gold.pricePerG).toString())} €/g`,
      `Argent : ${formatSilverButton(silver.pricePerG)} €/g`,
      `USD/EUR : ${formatRateButton(usd.rate)}`,
    ].map(plain);
    for (const part of expected) expect(shown[0]).toContain(part);
    // The header shows the same values as the toast.
    expect(plain((await w.page.getByTestId('price-gold-24k').textContent()) ?? '')).toContain(
      plain(formatGoldButton(gold.pricePerG)),
    );
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('keeps the own toast of a single metal button', async () => {
    const w = await signedIn(server.url);
    await w.page.getByTestId('price-silver').click();
    await w.page.waitForFunction(() => (window as unknown as { __toasts: string[] }).__toasts.length > 0);
    await w.page.waitForTimeout(1000);
    const shown = await toasts(w.page);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toContain('Cours actualisé');
    expect(shown[0]).toContain('Prix du argent mis à jour');
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('says in the one toast which refresh failed, and lists the others', async () => {
    // The demo source keeps the metals; the only source of the rates is a feed answering HTTP 500.
    const w = await signedIn(failingFx.url, 'superadmin');
    const { csrfToken } = (await (await w.page.request.get(`${failingFx.url}/api/csrf-token`)).json()) as {
      csrfToken: string;
    };
    const headers = { 'x-csrf-token': csrfToken };
    const sources = (await (
      await w.page.request.get(`${failingFx.url}/api/superadmin/data-sources`)
    ).json()) as DataSourceView[];
    for (const demo of sources.filter((s) => s.kind === 'demo')) {
      const res = await w.page.request.patch(`${failingFx.url}/api/superadmin/data-sources/${demo.id}`, {
        headers,
        data: { instruments: ['XAU', 'XAG', 'XPT'] },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    const created = await w.page.request.post(`${failingFx.url}/api/superadmin/data-sources`, {
      headers,
      data: { kind: 'ecb', name: 'BCE en panne', instruments: ['USD/EUR', 'ILS/EUR'], config: { url: ecb.xmlUrl } },
    });
    expect(created.status(), await created.text()).toBe(201);

    await clickRefreshAll(w.page);
    const shown = await toasts(w.page);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toContain('Cours partiellement actualisés');
    expect(shown[0]).toMatch(/Or 24k : \d[\d ]* €\/g/);
    expect(shown[0]).toMatch(/Argent : \d+,\d{2} €\/g/);
    expect(shown[0]).toContain("Impossible d'actualiser : USD/EUR");
    expect(shown[0]).not.toMatch(/USD\/EUR : \d/);
    w.expectNoConsoleErrors([/status of 503/]);
    await w.close();
  });
});
