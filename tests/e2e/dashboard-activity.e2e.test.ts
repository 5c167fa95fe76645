/**
 * The dashboard's activity block (web/src/features/dashboard/activity-block.tsx): each figure equals the total of
 * the filtered list it links to, a role sees only the figures of the areas it may read, and the price history
 * chart loads on request and switches metal and period. Before the app starts, the database gets a year of daily
 * readings for gold, silver and platinum (older than the demo's own, which stay the latest), so the chart has days
 * to draw. axe-core checks the block with its chart open.
 */
import { desc, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from '@shared/constants';
import { formatEuro, formatNumber } from '@shared/format';
import type { DashboardActivity, MarketHistory } from '@shared/schemas/dashboard';
import { openDatabase } from '../../server/db/client';
import { marketReadings } from '../../server/db/schema';
import { startAppServer, type AppServer } from './app-server';
import { launchChromium } from './browser';
import { DESKTOP, MOBILE, openPage } from './page';
import { axeViolations } from './page-checks';
import { signIn } from './session';
import { STEADY_PRICES } from './suite';

let server: AppServer;
let browser: Browser;

const HISTORY_DAYS = 400;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  const first = await startAppServer({ env: STEADY_PRICES });
  await first.stopKeepData();
  const handle = await openDatabase({ dataDir: first.dataDir });
  const now = Date.now();
  for (const instrument of ['XAU', 'XAG', 'XPT']) {
    const [last] = await handle.db
      .select({ value: marketReadings.value })
      .from(marketReadings)
      .where(eq(marketReadings.instrument, instrument))
      .orderBy(desc(marketReadings.fetchedAt))
      .limit(1);
    if (!last) throw new Error(`no demo reading for ${instrument}`);
    const latest = Number(last.value);
    // A slow wave around the latest price, one reading a day at noon, from yesterday back.
    const rows = Array.from({ length: HISTORY_DAYS }, (_, i) => {
      const at = new Date(now - (i + 1) * DAY_MS);
      at.setUTCHours(11, 0, 0, 0);
      const value = latest * (1 - 0.08 * Math.sin((i + 1) / 45) - 0.0004 * (i + 1));
      return { instrument, value: value.toFixed(4), source: 'e2e-history', observedAt: at, fetchedAt: at };
    });
    await handle.db.insert(marketReadings).values(rows);
  }
  await handle.close();
  server = await startAppServer({ dataDir: first.dataDir, env: STEADY_PRICES });
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(`${server.url}${path}`);
  if (!res.ok()) throw new Error(`GET ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The total a list shows under its table ("1–4 sur 4", "0 résultat"). */
async function listTotal(page: Page): Promise<number> {
  const range = page.getByTestId('list-range');
  await expect.poll(async () => ((await range.textContent()) ?? '').trim()).toMatch(/sur|résultat/);
  const text = ((await range.textContent()) ?? '').replace(/\s/g, '');
  if (text === '0résultat') return 0;
  const total = /sur(\d+)$/.exec(text)?.[1];
  if (!total) throw new Error(`unexpected list range: ${text}`);
  return Number(total);
}

const FIGURES = [
  { key: 'quotesAwaiting', label: 'Devis en attente de réponse', path: '/quotes?status=sent' },
  { key: 'goldBuysInWithdrawal', label: 'Rachats en délai de rétractation', path: '/goldbuy?status=in-withdrawal' },
  { key: 'goldBuysReadyToMelt', label: 'Prêts pour la fonte', path: '/goldbuy?status=ready-to-melt' },
  { key: 'lowStockStones', label: 'Pierres en stock bas', path: '/stones?lowStock=true' },
  { key: 'workOrdersLate', label: 'Ordres de fabrication en retard', path: '/work-orders?late=true' },
] as const satisfies ReadonlyArray<{ key: keyof DashboardActivity; label: string; path: string }>;

async function openChart(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Afficher le graphique' }).click();
  await page.getByTestId('price-chart').locator('canvas').first().waitFor();
}

/** Waits until the chart shows `symbol` over `days`, then checks it drew every point the API gives. */
async function expectChart(page: Page, symbol: MarketHistory['symbol'], days: MarketHistory['days']): Promise<void> {
  const history = await getJson<MarketHistory>(page, `/api/market/history?symbol=${symbol}&days=${days}`);
  const chart = page.getByTestId('price-chart');
  await expect.poll(() => chart.getAttribute('data-symbol')).toBe(symbol);
  await expect.poll(() => chart.getAttribute('data-days')).toBe(String(days));
  expect(await chart.getAttribute('data-points')).toBe(String(history.points.length));
  const last = history.points.at(-1)!;
  const summary = (await page.getByTestId('price-chart-summary').textContent()) ?? '';
  expect(summary).toContain(`${formatNumber(last.pricePerG, 2)} €/g`);
  if (history.points.length > 1) expect(summary).toContain(`Sur ${days} jours`);
}

describe('dashboard activity block', () => {
  it('shows figures equal to the totals of the lists they link to', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'admin');
    const activity = await getJson<DashboardActivity>(w.page, '/api/dashboard/activity');
    const block = w.page.getByTestId('activity-block');
    await block.getByRole('heading', { name: 'Activité' }).waitFor();

    // The block comes between the header area and the gold buy-back calculator.
    const beforeCalculator = await w.page.evaluate(() => {
      const block = document.querySelector('[data-testid="activity-block"]');
      const calculator = document.querySelector('[data-testid="gold-buyback-calculator"]');
      return Boolean(
        block && calculator && block.compareDocumentPosition(calculator) & Node.DOCUMENT_POSITION_FOLLOWING,
      );
    });
    expect(beforeCalculator).toBe(true);

    for (const figure of FIGURES) {
      const value = activity[figure.key];
      expect(value, figure.key).not.toBeNull();
      const link = block.getByTestId(`activity-${figure.key}`);
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe(figure.path);
      expect((await link.getByTestId('activity-count').textContent())?.trim()).toBe(String(value!.count));
      expect(await link.textContent()).toContain(figure.label);
    }
    const total = `${formatEuro(activity.quotesAwaiting!.totalInclVat)} TTC`;
    expect(await block.getByTestId('activity-quotesAwaiting').textContent()).toContain(total);
    expect(FIGURES.reduce((sum, f) => sum + activity[f.key]!.count, 0)).toBeGreaterThan(0);

    // Follow each link as a person does and read the list's own total.
    for (const figure of FIGURES) {
      await w.page.goto(`${server.url}/`);
      await block.getByTestId(`activity-${figure.key}`).click();
      await w.page.waitForURL(`${server.url}${figure.path}`);
      expect(await listTotal(w.page), figure.key).toBe(activity[figure.key]!.count);
    }
    // Work orders due this week: the link carries the week's days the server counted.
    const week = activity.workOrdersDueThisWeek!;
    const weekPath = `/work-orders?open=true&dueFrom=${week.from}&dueTo=${week.to}`;
    await w.page.goto(`${server.url}/`);
    const weekLink = block.getByTestId('activity-workOrdersDueThisWeek');
    expect(await weekLink.getAttribute('href')).toBe(weekPath);
    expect((await weekLink.getByTestId('activity-count').textContent())?.trim()).toBe(String(week.count));
    await weekLink.click();
    await w.page.waitForURL(`${server.url}${weekPath}`);
    expect(await listTotal(w.page)).toBe(week.count);
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('shows production only the figures of the areas it may read', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'production');
    const activity = await getJson<DashboardActivity>(w.page, '/api/dashboard/activity');
    expect(activity.goldBuysInWithdrawal).toBeNull();
    expect(activity.quotesAwaiting).toBeNull();
    const block = w.page.getByTestId('activity-block');
    const stones = block.getByTestId('activity-lowStockStones');
    await stones.waitFor();
    expect((await stones.getByTestId('activity-count').textContent())?.trim()).toBe(
      String(activity.lowStockStones!.count),
    );
    for (const hidden of ['Devis en attente de réponse', 'Rachats en délai de rétractation', 'Prêts pour la fonte']) {
      expect(await block.getByText(hidden).count(), hidden).toBe(0);
    }
    const hrefs = await block.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.filter((href) => /^\/(quotes|goldbuy)\b/.test(href))).toEqual([]);
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('says quietly that the figures cannot be read, and reads them again on request', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'manager');
    let failing = true;
    await w.page.route('**/api/dashboard/activity', (route) =>
      failing ? route.fulfill({ status: 503, body: 'indisponible' }) : route.continue(),
    );
    await w.page.reload();
    const error = w.page.getByTestId('activity-error');
    await error.getByText('Activité indisponible pour le moment.', { exact: false }).waitFor();
    // The rest of the dashboard is there.
    await w.page.getByTestId('buyback-result').waitFor();
    failing = false;
    await error.getByRole('button', { name: 'Réessayer' }).click();
    await w.page.getByTestId('activity-lowStockStones').waitFor();
    expect(await w.page.getByTestId('activity-error').count()).toBe(0);
    w.expectNoConsoleErrors([/status of 503 .*\/api\/dashboard\/activity$/]);
    await w.close();
  });

  it('loads the price chart on request and switches period and metal', async () => {
    const w = await openPage(browser);
    const chartChunks: string[] = [];
    w.page.on('request', (request) => {
      if (/\/assets\/price-chart-[\w-]+\.js$/.test(new URL(request.url()).pathname)) chartChunks.push(request.url());
    });
    await signIn(w.page, server.url, 'commercial');
    await w.page.getByTestId('activity-block').waitFor();
    await w.page.getByTestId('buyback-result').waitFor();
    // Not loaded with the dashboard: only when asked for.
    expect(chartChunks).toEqual([]);
    await openChart(w.page);
    expect(chartChunks).toHaveLength(1);

    const periods = w.page.getByRole('group', { name: 'Période' });
    const metals = w.page.getByRole('group', { name: 'Métal' });
    expect(await periods.getByRole('button', { name: '30 j' }).getAttribute('aria-pressed')).toBe('true');
    expect(await metals.getByRole('button', { name: 'Or 24k' }).getAttribute('aria-pressed')).toBe('true');
    await expectChart(w.page, 'gold', 30);

    for (const [label, days] of [
      ['7 j', 7],
      ['365 j', 365],
      ['30 j', 30],
    ] as const) {
      await periods.getByRole('button', { name: label }).click();
      expect(await periods.getByRole('button', { name: label }).getAttribute('aria-pressed')).toBe('true');
      await expectChart(w.page, 'gold', days);
    }
    await metals.getByRole('button', { name: 'Argent' }).click();
    expect(await metals.getByRole('button', { name: 'Or 24k' }).getAttribute('aria-pressed')).toBe('false');
    await expectChart(w.page, 'silver', 30);
    await metals.getByRole('button', { name: 'Platine' }).click();
    await periods.getByRole('button', { name: '365 j' }).click();
    await expectChart(w.page, 'platinum', 365);
    const dir = process.env.SCREENSHOTS_DIR;
    if (dir) await w.page.getByTestId('price-chart').screenshot({ path: `${dir}/dashboard-chart-platinum-365.png` });

    // Hidden again on request; the header's price buttons are still there.
    await w.page.getByRole('button', { name: 'Masquer le graphique' }).click();
    expect(await w.page.getByTestId('price-chart').count()).toBe(0);
    await w.page.getByTestId('header-prices').waitFor();
    w.expectNoConsoleErrors();
    await w.close();
  });

  /**
   * axe-core on the block with its chart open, at 1440 and 375 px, light and dark (every violation fails), and
   * screenshots for review when SCREENSHOTS_DIR is set: the first screen, then the block with the chart.
   */
  it('has no axe violation with the chart open, in both themes and sizes', async () => {
    const dir = process.env.SCREENSHOTS_DIR;
    for (const [name, viewport] of [
      ['1440', DESKTOP],
      ['375', MOBILE],
    ] as const) {
      for (const theme of ['light', 'dark'] as const) {
        // bypassCSP: the app's CSP forbids inline scripts, and axe is injected as one.
        const w = await openPage(browser, { viewport, colorScheme: theme, bypassCSP: true });
        await w.page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
          THEME_STORAGE_KEY,
          theme,
        ] as const);
        await signIn(w.page, server.url, 'admin');
        // Again, without the sign-in toast: the first screen as it shows, then the chart open.
        await w.page.goto(`${server.url}/`);
        await w.page.getByTestId('activity-quotesAwaiting').waitFor();
        await w.page.getByTestId('buyback-result').waitFor();
        if (dir) await w.page.screenshot({ path: `${dir}/dashboard-first-screen-${name}-${theme}.png` });
        await openChart(w.page);
        await expectChart(w.page, 'gold', 30);
        const block = w.page.getByTestId('activity-block');
        await block.scrollIntoViewIfNeeded();
        const found = await axeViolations(w.page, '[data-testid="activity-block"]');
        expect(found, `${name} ${theme}:\n${found.join('\n')}`).toEqual([]);
        if (dir) {
          await w.page.screenshot({ path: `${dir}/dashboard-activity-${name}-${theme}.png` });
          await block.screenshot({ path: `${dir}/dashboard-activity-block-${name}-${theme}.png` });
        }
        w.expectNoConsoleErrors();
        await w.close();
      }
    }
  });
});
