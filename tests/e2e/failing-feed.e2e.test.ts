/**
 * A dead or lying price feed never breaks a page (ADR 0004): the app is restarted on a
 * database whose only price sources are local stubs that fail, and silver has no reading
 * at all. The dashboard must still render, with a dash where there is no price.
 */
import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_SESSION_SECRET } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { dataSources, marketReadings } from '../../server/db/schema';
import { createSecretBox } from '../../server/modules/market/secret-box';
import {
  startEcbStub,
  startGoldApiStub,
  type EcbStub,
  type GoldApiStub,
} from '../../server/modules/market/test/stub-servers';
import { startAppServer, type AppServer } from './app-server';
import { launchChromium } from './browser';
import { openPage } from './page';
import { signIn } from './session';

let server: AppServer;
let browser: Browser;
let ecb: EcbStub;
let goldapi: GoldApiStub;

beforeAll(async () => {
  ecb = await startEcbStub();
  goldapi = await startGoldApiStub();
  ecb.fail('http500');
  goldapi.fail('hang');

  const first = await startAppServer({ env: { MARKET_POLL_MS: '3600000' } });
  await first.stopKeepData();
  const handle = await openDatabase({ dataDir: first.dataDir });
  await handle.db.update(dataSources).set({ enabled: false, updatedAt: new Date() });
  await handle.db.insert(dataSources).values([
    {
      kind: 'ecb',
      name: 'BCE (stub en panne)',
      instruments: ['USD/EUR', 'ILS/EUR'],
      priority: 10,
      config: { url: ecb.xmlUrl },
    },
    {
      kind: 'goldapi',
      name: 'GoldAPI (stub muet)',
      instruments: ['XAU', 'XAG', 'XPT'],
      priority: 10,
      config: { baseUrl: goldapi.url },
      secretEncrypted: createSecretBox(DEV_SESSION_SECRET).encrypt(goldapi.token),
    },
  ]);
  await handle.db.delete(marketReadings).where(eq(marketReadings.instrument, 'XAG'));
  await handle.close();

  server = await startAppServer({ dataDir: first.dataDir, env: { MARKET_POLL_MS: '3600000' } });
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await ecb?.close();
  await goldapi?.close();
});

describe('failing price feeds', () => {
  it('still renders the dashboard, with a dash where a price never arrived', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url);
    await w.page.getByText('Calculette Express Rachat Or', { exact: true }).waitFor();
    await w.page.getByText('Actions Rapides', { exact: true }).waitFor();
    await w.page.getByText('Prix Calibrés', { exact: true }).waitFor();
    // Gold keeps its last good value; silver never had one.
    await w.page.waitForFunction(() =>
      /\d/.test(document.querySelector('[data-testid="price-gold-24k"]')?.textContent ?? ''),
    );
    await w.page.waitForFunction(() =>
      (document.querySelector('[data-testid="price-silver"]')?.textContent ?? '').includes('—'),
    );

    // Asking for a fresh gold price while every source fails answers the error toast, not a broken page.
    await w.page.getByTestId('price-gold-24k').click();
    await w.page.getByText("Impossible d'actualiser les cours", { exact: true }).waitFor({ timeout: 30_000 });
    await w.page.getByText('Calculette Express Rachat Or', { exact: true }).waitFor();
    expect(goldapi.requests.length).toBeGreaterThan(0);
    // The 503 of the price that never arrived and of the refused refresh are expected resource errors.
    w.expectNoConsoleErrors([/status of 503 .* @ .*\/api\/(spot|fx)\//, /status of 50\d .* @ .*\/api\/spot\/refresh$/]);
    await w.close();
  });
});
