/**
 * Browser-test helpers: a page per test that records console errors and page errors,
 * so a test fails on any unexpected one (`expectNoConsoleErrors`).
 */
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';

export interface WatchedPage {
  page: Page;
  consoleErrors: string[];
  close(): Promise<void>;
  /** Throws if the page logged an error other than those matching `allowed`. */
  expectNoConsoleErrors(allowed?: RegExp[]): void;
}

/** A 401 on GET /api/user means "signed out" (auth-provider.tsx); Chromium reports it as a failed resource. */
const SIGNED_OUT_USER_CALL = /status of 401 .* @ https?:\/\/[^/]+\/api\/user$/;

export const DESKTOP = { width: 1440, height: 900 } as const;
export const MOBILE = { width: 375, height: 812 } as const;

export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'fr-FR', ...options });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(`${msg.text()} @ ${msg.location().url}`);
  });
  page.on('pageerror', (err) => consoleErrors.push(`pageerror: ${err.message}`));
  return {
    page,
    consoleErrors,
    close: () => context.close(),
    expectNoConsoleErrors(allowed = []) {
      const expected = [...allowed, SIGNED_OUT_USER_CALL];
      const unexpected = consoleErrors.filter((e) => !expected.some((re) => re.test(e)));
      if (unexpected.length) throw new Error(`unexpected console errors:\n${unexpected.join('\n')}`);
    },
  };
}

/**
 * Closes an open dialog or drawer with Escape the way a person does: once it holds the focus.
 * A dialog listens for Escape from the moment it has taken the focus; a key pressed in the same
 * instant it appeared can reach the page before the dialog listens, and is lost.
 */
export async function closeWithEscape(page: Page, dialog: Locator): Promise<void> {
  await dialog.waitFor();
  await page.waitForFunction(
    (element) => element !== null && element.contains(document.activeElement),
    await dialog.elementHandle(),
    { timeout: 5_000 },
  );
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}
