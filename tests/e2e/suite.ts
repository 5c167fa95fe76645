/** The app server and the browser a browser-test file shares, started before its tests and stopped after. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startAppServer, type AppServer } from './app-server';
import { launchChromium } from './browser';

/** Polls prices once at start, then not again during the tests: what the screens show stays put. */
export const STEADY_PRICES = { MARKET_POLL_MS: '3600000' } as const;

/**
 * Starts one app server (with `env`) and one Chromium for the file, hands them to `use`, and stops both once the
 * file's tests are done.
 */
export function shareAppAndBrowser(
  use: (server: AppServer, browser: Browser) => void,
  env: Record<string, string> = STEADY_PRICES,
): void {
  let server: AppServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startAppServer({ env });
    browser = await launchChromium();
    use(server, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
}
