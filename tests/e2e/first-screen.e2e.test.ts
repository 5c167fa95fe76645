import type { Browser, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AppServer } from './app-server';
import { closeWithEscape, MOBILE, openPage } from './page';
import { signIn } from './session';
import { shareAppAndBrowser } from './suite';

let server: AppServer;
let browser: Browser;
shareAppAndBrowser((s, b) => ((server = s), (browser = b)));

/** A chunk's name without its hash: Vite's hash is the last 8 characters, base64url, so it may begin with "-". */
const chunkOf = (url: string) => /\/assets\/([a-z-]+?)-[\w-]{8}\.js$/.exec(new URL(url).pathname)?.[1];

/**
 * How a phone reaches its first screen (the Lighthouse figures of bench/lighthouse.ts): the frame, the guard and the
 * page are asked for as soon as the session answers, not one lazy level after the other, and the drawer's code waits
 * until the menu is asked for.
 */
describe('first screen', () => {
  it('asks for the dashboard chunk once the session answers, without waiting for the context the guard reads', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url);
    // Hold GET /api/me/context: the screen guard waits for it; the page's code must not.
    let releaseContext!: () => void;
    const contextHeld = new Promise<void>((resolve) => (releaseContext = resolve));
    const requestedWhileHeld: string[] = [];
    let holding = false;
    await w.page.route('**/api/me/context', async (route: Route) => {
      holding = true;
      await contextHeld;
      holding = false;
      await route.continue();
    });
    w.page.on('request', (request) => {
      const chunk = chunkOf(request.url());
      if (holding && chunk) requestedWhileHeld.push(chunk);
    });
    // As on a first visit: nothing from the HTTP cache of the sign-in.
    const cdp = await w.page.context().newCDPSession(w.page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await w.page.reload();
    await expect.poll(() => holding).toBe(true);
    await expect.poll(() => requestedWhileHeld).toContain('dashboard-page');
    expect(requestedWhileHeld).toContain('app-shell');
    releaseContext();
    await w.page.getByTestId('dashboard-page').waitFor();
    await w.page.unroute('**/api/me/context');
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('a visitor who is not signed in downloads the sign-in page, not the frame', async () => {
    const w = await openPage(browser);
    const chunks: string[] = [];
    w.page.on('request', (request) => {
      const chunk = chunkOf(request.url());
      if (chunk) chunks.push(chunk);
    });
    await w.page.goto(`${server.url}/clients`);
    await w.page.waitForURL(/\/auth\?/);
    await w.page.getByRole('button', { name: 'Se connecter' }).waitFor();
    expect(chunks).toContain('auth-page');
    expect(chunks).not.toContain('app-shell');
    expect(chunks).not.toContain('clients-page');
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('on a phone, the menu opens the drawer (loaded on demand), navigates, closes and gives the focus back', async () => {
    const w = await openPage(browser, { viewport: MOBILE });
    // No idle time for the drawer's code to arrive before the click: it must load on the click itself.
    await w.page.addInitScript(() => {
      Object.defineProperty(window, 'requestIdleCallback', { value: undefined });
    });
    const chunks: string[] = [];
    w.page.on('request', (request) => {
      const chunk = chunkOf(request.url());
      if (chunk) chunks.push(chunk);
    });
    await signIn(w.page, server.url);
    const menu = w.page.getByTestId('mobile-menu-button');
    await menu.waitFor();
    await w.page.getByTestId('dashboard-page').waitFor();
    expect(chunks).not.toContain('mobile-menu');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await w.page.getByTestId('mobile-drawer').count()).toBe(0);

    await menu.click();
    const drawer = w.page.getByTestId('mobile-drawer');
    await drawer.waitFor();
    expect(chunks).toContain('mobile-menu');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await closeWithEscape(w.page, drawer);
    await expect
      .poll(() => w.page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('mobile-menu-button');

    await menu.click();
    await drawer.getByRole('link', { name: 'Clients' }).click();
    await w.page.waitForURL(`${server.url}/clients`);
    await drawer.waitFor({ state: 'detached' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    w.expectNoConsoleErrors();
    await w.close();
  });
});
