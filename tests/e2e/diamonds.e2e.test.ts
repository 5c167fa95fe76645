import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DiamondSearchResult } from '@shared/schemas/diamonds';
import type { QuoteDetail } from '@shared/schemas/quotes';
import { THEME_STORAGE_KEY } from '@shared/constants';
import { getJson } from './api';
import type { AppServer } from './app-server';
import { DESKTOP, MOBILE, openPage } from './page';
import { signIn } from './session';
import { shareAppAndBrowser } from './suite';

let server: AppServer;
let browser: Browser;
shareAppAndBrowser((s, b) => ((server = s), (browser = b)));

const rangeText = async (page: Page) => ((await page.getByTestId('catalogue-range').textContent()) ?? '').trim();

/** "1–24 sur 1 234" as the page writes it (narrow no-break spaces in numbers). */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

async function waitForParam(page: Page, name: string, value: string | null): Promise<void> {
  await page.waitForURL((url) => url.searchParams.get(name) === value);
}

describe('diamond catalogue', () => {
  it('keeps its filters in the address (Back works), sorts the table, and compares four stones across pages', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'commercial');
    await w.page.goto(`${server.url}/diamonds`);
    await w.page.getByRole('heading', { name: 'Catalogue Diamant', level: 1 }).waitFor();
    await w.page.getByTestId('catalogue-cards').waitFor();

    const filters = w.page.getByRole('complementary', { name: 'Filtres' });
    await filters.getByRole('button', { name: 'Rond', exact: true }).click();
    await waitForParam(w.page, 'shape', 'ROUND');
    await filters.getByLabel('Minimum').first().fill('0,5');
    await filters.getByLabel('Minimum').first().press('Enter');
    await waitForParam(w.page, 'caratMin', '0.5');
    await filters.getByLabel('De', { exact: true }).nth(1).selectOption('VS2');
    await waitForParam(w.page, 'clarityMin', 'VS2');

    // The count shown is the server's for the same filters.
    const expected = await getJson<DiamondSearchResult>(
      w.page.request,
      `${server.url}/api/diamonds?shape=ROUND&caratMin=0.5&clarityMin=VS2&pageSize=24`,
    );
    const total = new Intl.NumberFormat('fr-FR').format(expected.total).replace(/[\u202f\u00a0]/g, ' ');
    const wanted = `sur ${expected.totalCapped ? 'plus de ' : ''}${total}`;
    // Polled, so that a failure says what the page showed instead.
    await expect.poll(async () => plain(await rangeText(w.page)), { timeout: 30_000 }).toContain(wanted);
    expect(expected.items.every((d) => d.shape === 'ROUND' && Number(d.carats) >= 0.5)).toBe(true);

    // Back undoes the last filter; a reload shows the same search.
    await w.page.goBack();
    await waitForParam(w.page, 'clarityMin', null);
    expect(new URL(w.page.url()).searchParams.get('caratMin')).toBe('0.5');
    await w.page.reload();
    await w.page.getByTestId('catalogue-cards').waitFor();
    expect(await filters.getByRole('button', { name: 'Rond', exact: true }).getAttribute('aria-pressed')).toBe('true');

    // A stone's page leads back to the same search.
    const search = new URL(w.page.url()).search;
    await w.page.getByTestId('catalogue-cards').getByRole('link').first().click();
    await w.page.waitForURL(/\/diamond\/\d+$/);
    await w.page.getByRole('link', { name: 'Catalogue', exact: true }).click();
    await w.page.waitForURL((url) => url.pathname === '/diamonds' && url.search === search);

    // Table view, sorted by carats, heaviest first.
    await w.page.getByRole('button', { name: 'Tableau' }).click();
    await waitForParam(w.page, 'view', 'table');
    const table = w.page.getByTestId('catalogue-table');
    await table.getByRole('button', { name: 'Carats' }).click();
    await waitForParam(w.page, 'sort', 'carats');
    await table.getByRole('button', { name: 'Carats' }).click();
    await waitForParam(w.page, 'dir', 'desc');
    await w.page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    const carats = await table
      .locator('tbody tr td:nth-child(2)')
      .evaluateAll((cells) => cells.map((c) => Number((c.textContent ?? '').replace(',', '.'))));
    expect(carats.length).toBeGreaterThan(1);
    expect([...carats].sort((a, b) => b - a)).toEqual(carats);

    // The shortlist: two stones on page 1, two on page 2, a fifth refused, then side by side.
    const compareButtons = table.getByRole('button', { name: /^Comparer / });
    await compareButtons.nth(0).click();
    await compareButtons.nth(0).click(); // the first is now "Retirer…": the next "Comparer" is the second row
    await w.page.getByRole('button', { name: 'Page suivante' }).click();
    await waitForParam(w.page, 'page', '2');
    await w.page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    await compareButtons.nth(0).click();
    await compareButtons.nth(0).click();
    const bar = w.page.getByTestId('shortlist-bar');
    await bar.getByText('Comparaison (4/4)').waitFor();
    // A fifth is refused, and the page says why.
    expect(await compareButtons.nth(0).getAttribute('aria-disabled')).toBe('true');
    // Playwright's click waits for an enabled button; a person reaches it with the keyboard.
    await compareButtons.nth(0).focus();
    await w.page.keyboard.press('Enter');
    await w.page.getByText('La comparaison compte déjà 4 pierres', { exact: false }).waitFor();
    await bar.getByText('Comparaison (4/4)').waitFor();
    await bar.getByRole('button', { name: 'Comparer', exact: true }).click();
    const dialog = w.page.getByTestId('compare-dialog');
    await dialog.getByRole('columnheader').nth(4).waitFor();
    expect(await dialog.getByRole('rowheader', { name: 'Pureté' }).count()).toBe(1);
    await dialog.getByText('Plus au catalogue').waitFor({ state: 'detached' });
    await w.page.keyboard.press('Escape');

    // It stays when the person leaves and comes back.
    await w.page.goto(`${server.url}/diamonds`);
    await w.page.getByTestId('shortlist-bar').getByText('Comparaison (4/4)').waitFor();
    await w.page.getByTestId('catalogue-cards').waitFor();
    await w.page.waitForFunction(() =>
      /^1–24 sur /.test(document.querySelector('[data-testid="catalogue-range"]')?.textContent ?? ''),
    );
    expect(plain(await rangeText(w.page))).toMatch(/^1–24 sur /);
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('keeps two filters chosen before the page shows the first', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'commercial');
    await w.page.goto(`${server.url}/diamonds`);
    await w.page.getByTestId('catalogue-cards').waitFor();
    const filters = w.page.getByRole('complementary', { name: 'Filtres' });
    const round = await filters.getByRole('button', { name: 'Rond', exact: true }).elementHandle();
    const clarity = await filters.getByLabel('De', { exact: true }).nth(1).elementHandle();
    // Both in one task, as a quick hand on a busy machine does: the second handler runs before React shows the
    // first change (a navigation renders in a transition), so it sees the page without the shape.
    await w.page.evaluate(
      ([button, select]) => {
        (button as HTMLButtonElement).click();
        (select as HTMLSelectElement).value = 'VS2';
        select!.dispatchEvent(new Event('change', { bubbles: true }));
      },
      [round, clarity] as const,
    );
    await waitForParam(w.page, 'clarityMin', 'VS2');
    expect(new URL(w.page.url()).searchParams.get('shape')).toBe('ROUND');
    // The page shows both once it has rendered the address.
    await expect
      .poll(() => filters.getByRole('button', { name: 'Rond', exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    expect(await filters.getByLabel('De', { exact: true }).nth(1).inputValue()).toBe('VS2');
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('shows a stone in French and puts it on a new quote, then on that draft', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'commercial');
    const list = await getJson<DiamondSearchResult>(
      w.page.request,
      `${server.url}/api/diamonds?pageSize=2&sort=carats&dir=desc`,
    );
    const [first, second] = list.items;
    if (!first || !second) throw new Error('the demo catalogue has no stones');

    await w.page.goto(`${server.url}/diamond/${first.id}`);
    await w.page.getByRole('heading', { name: 'Caractéristiques' }).waitFor();
    const prices = w.page.getByTestId('diamond-prices');
    await prices.getByText(/€/).first().waitFor();
    if (first.currency === 'USD' && first.totalPrice) await prices.getByText(/\$US/).first().waitFor();
    // Grades in full French words, not supplier codes.
    expect(await w.page.getByText('Taille', { exact: true }).count()).toBe(1);
    expect(
      await w.page.locator('dd', { hasText: /^(Excellent|Très bon|Bon|Passable|Médiocre|Idéal|—)$/ }).count(),
    ).toBeGreaterThan(0);

    await w.page.getByRole('button', { name: 'Ajouter à un devis' }).click();
    const dialog = w.page.getByTestId('add-to-quote-dialog');
    await dialog.getByRole('button', { name: 'Nouveau devis avec ce diamant' }).click();
    await w.page.waitForURL(/\/quotes\/[0-9a-f-]{36}$/);
    const quoteId = new URL(w.page.url()).pathname.split('/').pop()!;
    await w.page.getByText('Diamant ajouté au devis').first().waitFor();
    let quote = await getJson<QuoteDetail>(w.page.request, `${server.url}/api/quotes/${quoteId}`);
    expect(quote.lines.map((l) => (l.kind === 'diamond' ? l.diamondId : l.kind))).toEqual([first.id]);

    // The second stone goes on that draft (the newest one).
    await w.page.goto(`${server.url}/diamond/${second.id}`);
    await w.page.getByRole('button', { name: 'Ajouter à un devis' }).click();
    await dialog.getByTestId('draft-quotes').getByRole('button').first().click();
    await w.page.waitForURL(`${server.url}/quotes/${quoteId}`);
    quote = await getJson<QuoteDetail>(w.page.request, `${server.url}/api/quotes/${quoteId}`);
    expect(quote.lines.map((l) => (l.kind === 'diamond' ? l.diamondId : l.kind))).toEqual([first.id, second.id]);

    // A stone that is not in the catalogue.
    await w.page.goto(`${server.url}/diamond/999999999999`);
    await w.page.getByRole('heading', { name: 'Diamant introuvable' }).waitFor();
    w.expectNoConsoleErrors([/status of 404/]);
    await w.close();
  });

  it('does not offer quotes to the workshop', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'production');
    const list = await getJson<DiamondSearchResult>(w.page.request, `${server.url}/api/diamonds?pageSize=1`);
    await w.page.goto(`${server.url}/diamond/${list.items[0]!.id}`);
    await w.page.getByRole('heading', { name: 'Caractéristiques' }).waitFor();
    expect(await w.page.getByRole('button', { name: 'Ajouter à un devis' }).count()).toBe(0);
    w.expectNoConsoleErrors();
    await w.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`filters in a sheet at 375 px, screenshots (${theme})`, async () => {
      const dir = process.env.SCREENSHOTS_DIR;
      const w = await openPage(browser, { viewport: MOBILE, colorScheme: theme });
      await w.page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        THEME_STORAGE_KEY,
        theme,
      ] as const);
      await signIn(w.page, server.url, 'commercial');
      await w.page.goto(`${server.url}/diamonds?colorKind=white&colorMin=D&colorMax=H`);
      await w.page.getByTestId('catalogue-cards').waitFor();
      if (dir) await w.page.screenshot({ path: `${dir}/diamonds-375-${theme}.png`, fullPage: false });
      await w.page.getByRole('button', { name: /^Filtres/ }).click();
      const sheet = w.page.getByRole('dialog', { name: 'Filtres' });
      await sheet.getByRole('button', { name: 'Ovale', exact: true }).click();
      await waitForParam(w.page, 'shape', 'OVAL');
      if (dir) await w.page.screenshot({ path: `${dir}/diamonds-filters-375-${theme}.png` });
      await sheet.getByRole('button', { name: 'Voir les diamants' }).click();
      await w.page.getByTestId('catalogue-cards').waitFor();
      expect(await w.page.getByRole('button', { name: 'Filtres (3)' }).count()).toBe(1);
      const first = await getJson<DiamondSearchResult>(
        w.page.request,
        `${server.url}/api/diamonds?pageSize=1&shape=OVAL`,
      );
      await w.page.goto(`${server.url}/diamond/${first.items[0]!.id}`);
      await w.page.getByRole('heading', { name: 'Caractéristiques' }).waitFor();
      if (dir) await w.page.screenshot({ path: `${dir}/diamond-375-${theme}.png`, fullPage: true });
      // No horizontal scroll on a phone.
      expect(await w.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      if (dir) {
        await w.page.setViewportSize(DESKTOP);
        await w.page.screenshot({ path: `${dir}/diamond-1440-${theme}.png`, fullPage: true });
        await w.page.goto(`${server.url}/diamonds?shape=ROUND&caratMin=0.9&caratMax=1.1`);
        await w.page.getByTestId('catalogue-cards').waitFor();
        await w.page.screenshot({ path: `${dir}/diamonds-1440-${theme}.png`, fullPage: true });
        await w.page.goto(`${server.url}/diamonds?view=table&sort=carats&dir=desc`);
        await w.page.getByTestId('catalogue-table').waitFor();
        await w.page.screenshot({ path: `${dir}/diamonds-table-1440-${theme}.png` });
      }
      w.expectNoConsoleErrors();
      await w.close();
    });
  }
});
