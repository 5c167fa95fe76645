/**
 * The shared list screen ("one way to do each thing"): one archive filter "Actifs / Archivés /
 * Tous" everywhere, rows that are real links (middle click opens a new tab, Tab + Enter opens the record),
 * the error journal and the clients list on a 375 px phone, and the journal in French.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './app-server';
import { launchChromium } from './browser';
import { MOBILE, openPage } from './page';
import { uniqueWord } from './page-checks';
import { signIn } from './session';

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  server = await startAppServer({ env: { MARKET_POLL_MS: '3600000' } });
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A call to the API with the page's session and a CSRF token, as the app makes it. */
async function api<T>(page: Page, method: 'POST' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const token = (await (await page.request.get(`${server.url}/api/csrf-token`)).json()) as { csrfToken: string };
  const res = await page.request.fetch(`${server.url}${path}`, {
    method,
    ...(data === undefined ? {} : { data }),
    headers: { 'x-csrf-token': token.csrfToken },
  });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The text of each row's link (its first cell), one space between lines. */
async function rowNames(page: Page): Promise<string[]> {
  return (await page.locator('tbody').getByRole('link').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
}

/** Middle-clicks a link and answers the URL of the tab it opened. */
async function middleClick(page: Page, href: string): Promise<Page> {
  const link = page.locator(`a[href="${href}"]`).first();
  const [opened] = await Promise.all([page.context().waitForEvent('page'), link.click({ button: 'middle' })]);
  await opened.waitForLoadState();
  return opened;
}

describe('the archive filter', () => {
  it('"Tous" shows an active and an archived supplier together, "Archivés" only the archived one', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'admin');
    const word = uniqueWord();
    await api(w.page, 'POST', '/api/suppliers', { name: `Atelier ${word} ouvert` });
    const closed = await api<{ id: string }>(w.page, 'POST', '/api/suppliers', { name: `Atelier ${word} fermé` });
    await api(w.page, 'DELETE', `/api/suppliers/${closed.id}`);

    await w.page.goto(`${server.url}/suppliers?q=${word}`);
    await w.page.getByRole('link', { name: new RegExp(`Atelier ${word} ouvert`) }).waitFor();
    expect(await rowNames(w.page)).toEqual([`Atelier ${word} ouvert`]);
    expect(await w.page.getByRole('radio', { name: 'Actifs' }).isChecked()).toBe(true);

    await w.page.getByRole('radio', { name: 'Tous' }).click();
    await w.page.waitForURL((url) => url.searchParams.get('archived') === 'all');
    await w.page.getByRole('link', { name: new RegExp(`Atelier ${word} fermé`) }).waitFor();
    expect(await rowNames(w.page)).toEqual([`Atelier ${word} fermé Archivé`, `Atelier ${word} ouvert`]);

    await w.page.getByRole('radio', { name: 'Archivés' }).click();
    await w.page.waitForURL((url) => url.searchParams.get('archived') === 'true');
    await w.page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    expect(await rowNames(w.page)).toEqual([`Atelier ${word} fermé Archivé`]);

    // The export follows the filter.
    const exportHref = await w.page.getByRole('link', { name: 'Exporter CSV' }).getAttribute('href');
    expect(exportHref).toContain('archived=true');
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('speaks of production steps in the feminine: "Actives / Archivées / Toutes"', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'admin');
    await w.page.goto(`${server.url}/production-steps`);
    for (const name of ['Actives', 'Archivées', 'Toutes']) await w.page.getByRole('radio', { name }).waitFor();
    w.expectNoConsoleErrors();
    await w.close();
  });
});

describe('list rows are real links', () => {
  it('a supplier row is an <a href> to the record: click, middle click (new tab), Tab + Enter', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'admin');
    const word = uniqueWord();
    const supplier = await api<{ id: string }>(w.page, 'POST', '/api/suppliers', {
      name: `Fonderie ${word}`,
      city: 'Lyon',
    });
    const href = `/suppliers/${supplier.id}`;
    await w.page.goto(`${server.url}/suppliers?q=${word}`);
    const link = w.page.getByRole('link', { name: `Fonderie ${word}` });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(href);

    const tab = await middleClick(w.page, href);
    expect(tab.url()).toBe(`${server.url}${href}`);
    await tab.getByRole('heading', { name: `Fonderie ${word}` }).waitFor();
    await tab.close();
    // The middle click left this tab on the list.
    expect(new URL(w.page.url()).pathname).toBe('/suppliers');

    // A click anywhere on the row (here on the city, in another cell) opens the record.
    const city = await w.page.locator('tbody').getByRole('cell', { name: 'Lyon' }).boundingBox();
    if (!city) throw new Error('no city cell');
    await w.page.mouse.click(city.x + city.width / 2, city.y + city.height / 2);
    await w.page.waitForURL(`${server.url}${href}`);
    await w.page.goBack();

    // Keyboard: the row's link takes the focus and Enter opens it.
    await link.focus();
    expect(await w.page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(href);
    await w.page.keyboard.press('Enter');
    await w.page.waitForURL(`${server.url}${href}`);
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('users, journal entries and product sheets open from a link too, in a new tab as well', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'admin');
    const word = uniqueWord();

    // A product sheet: its slug.
    const product = await api<{ slug: string }>(w.page, 'POST', '/api/products', {
      name: `Bague ${word}`,
      category: 'bague',
    });
    await w.page.goto(`${server.url}/products?q=${word}`);
    await w.page.getByRole('link', { name: new RegExp(`Bague ${word}`) }).waitFor();
    const sheet = await middleClick(w.page, `/products/${product.slug}`);
    await sheet.getByRole('heading', { name: `Bague ${word}` }).waitFor();
    await sheet.close();

    // A user: the users screen with that user's dialog.
    await w.page.goto(`${server.url}/users?q=commercial`);
    const userLink = w.page.locator('tbody').getByRole('link').first();
    await userLink.waitFor();
    const userHref = (await userLink.getAttribute('href')) ?? '';
    expect(userHref).toMatch(/^\/users\?q=commercial&user=[0-9a-f-]{36}$/);
    const userTab = await middleClick(w.page, userHref);
    await userTab.getByRole('dialog').getByText('commercial —', { exact: false }).waitFor();
    await userTab.close();

    // A journal entry: the journal with that entry's dialog.
    await api(w.page, 'POST', '/api/logs', { level: 'error', source: 'frontend', message: `Panne ${word}` });
    await w.page.goto(`${server.url}/logs?q=${word}`);
    const entryLink = w.page.locator('tbody').getByRole('link').first();
    await entryLink.waitFor();
    const entryHref = (await entryLink.getAttribute('href')) ?? '';
    expect(entryHref).toMatch(new RegExp(`^/logs\\?q=${word}&entry=\\d+$`));
    const entryTab = await middleClick(w.page, entryHref);
    await entryTab.getByRole('dialog').getByText(`Panne ${word}`).waitFor();
    await entryTab.close();
    w.expectNoConsoleErrors();
    await w.close();
  });
});

describe('the journal in French, on a phone too', () => {
  it('shows levels and sources in French in the list, the filters and the detail', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'admin');
    const word = uniqueWord();
    await api(w.page, 'POST', '/api/logs', { level: 'error', source: 'frontend', message: `Échec ${word}` });
    await w.page.goto(`${server.url}/logs?q=${word}`);
    const row = w.page.getByRole('row').filter({ hasText: `Échec ${word}` });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining(['Erreur', 'Navigateur']));
    const levels = await w.page.getByLabel('Niveau').locator('option').allTextContents();
    expect(levels).toEqual(['Tous', 'Débogage', 'Information', 'Avertissement', 'Erreur']);
    const sources = await w.page.getByLabel('Source').locator('option').allTextContents();
    expect(sources.some((s) => s.startsWith('Navigateur ('))).toBe(true);
    expect(sources.some((s) => /frontend|server|security/.test(s))).toBe(false);

    await row.getByRole('link').click();
    const dialog = w.page.getByRole('dialog');
    await dialog.getByText(`Échec ${word}`).waitFor();
    await dialog.getByText('Erreur', { exact: true }).waitFor();
    expect(await dialog.getByText(/Navigateur/).count()).toBeGreaterThan(0);
    expect(await dialog.getByText('frontend', { exact: true }).count()).toBe(0);
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('at 375 px the journal does not scroll sideways, even with a message without spaces', async () => {
    const w = await openPage(browser, { viewport: MOBILE });
    await signIn(w.page, server.url, 'admin');
    const word = uniqueWord();
    const long = `https://boutique.example/${word}/${'chemin-tres-long-sans-espace-'.repeat(12)}`;
    await api(w.page, 'POST', '/api/logs', { level: 'error', source: 'frontend', message: long });
    await w.page.goto(`${server.url}/logs`);
    await w.page.getByRole('cell', { name: long }).waitFor();
    await w.page.getByRole('img', { name: /entrées sur 30 jours/ }).waitFor();
    const widths = await w.page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(375);
    expect(widths.body).toBeLessThanOrEqual(375);
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('at 375 px the clients list shows the phone and the city', async () => {
    const w = await openPage(browser, { viewport: MOBILE });
    await signIn(w.page, server.url, 'commercial');
    const word = uniqueWord();
    await api(w.page, 'POST', '/api/clients', {
      lastName: `Mobile${word}`,
      firstName: 'Inès',
      phoneMobile: '06 12 34 56 78',
      city: 'Annecy',
    });
    await w.page.goto(`${server.url}/clients?q=${word}`);
    const row = w.page.getByRole('row').filter({ hasText: `Mobile${word}` });
    await row.waitFor();
    // What shows on the phone, not only what the page holds.
    const shown = await row.innerText();
    expect(shown).toContain('06 12 34 56 78');
    expect(shown).toContain('Annecy');
    expect(await w.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    w.expectNoConsoleErrors();
    await w.close();
  });
});
