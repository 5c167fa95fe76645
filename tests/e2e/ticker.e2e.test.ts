/**
 * The market tickers: the header strip (from 768 px) and the dashboard's mobile strip move by a
 * compositor animation (a Web Animation on the track, no script per frame), at 30 px/s, pause while pressed
 * (the header one follows the dragging mouse, the mobile one pauses on touch or mouse press), stand still under
 * reduced motion, and render nothing while the prices are unchanged.
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TICKER_COPIES, TICKER_SPEED_PX_PER_S } from '@shared/constants';
import type { SpotPrice } from '@shared/schemas/market';
import type { AppServer } from './app-server';
import { DESKTOP, MOBILE, openPage, type WatchedPage } from './page';
import { signIn } from './session';
import { shareAppAndBrowser } from './suite';

let server: AppServer;
let browser: Browser;
shareAppAndBrowser((s, b) => ((server = s), (browser = b)));

const HEADER = 'market-ticker';
const MOBILE_STRIP = 'mobile-metal-ticker';

interface Motion {
  /** Animations running on the track (Web Animations API: CSS animations and element.animate()). */
  animations: number;
  playState: string | null;
  /** Translation of the track (computed transform), px. */
  x: number;
  /** Width of one copy of the items, px. */
  copyWidth: number;
  /** Duration of one loop (one copy width), ms. */
  duration: number | null;
}

async function motion(page: Page, testId: string): Promise<Motion> {
  return page.evaluate((id) => {
    const track = document.querySelector<HTMLElement>(`[data-testid="${id}"] > div`);
    if (!track) throw new Error(`no track ${id}`);
    const animations = track.getAnimations();
    const timing = animations[0]?.effect?.getComputedTiming();
    return {
      animations: animations.length,
      playState: animations[0]?.playState ?? null,
      x: new DOMMatrixReadOnly(getComputedStyle(track).transform).m41,
      copyWidth: (track.firstElementChild as HTMLElement).getBoundingClientRect().width,
      duration: typeof timing?.duration === 'number' ? timing.duration : null,
    };
  }, testId);
}

/** Distance moved left from `a` to `b` within the loop (0..copyWidth). */
const movedLeft = (a: number, b: number, copyWidth: number) => (((a - b) % copyWidth) + copyWidth) % copyWidth;

async function centreOf(page: Page, testId: string): Promise<{ x: number; y: number }> {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) throw new Error(`${testId} not visible`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Resolves once a pending play or pause of the strip's animation has taken effect (the next frame). */
async function settled(page: Page, testId: string): Promise<void> {
  await page.evaluate(async (id) => {
    const track = document.querySelector<HTMLElement>(`[data-testid="${id}"] > div`);
    await Promise.all((track?.getAnimations() ?? []).map((a) => a.ready));
  }, testId);
}

async function expectStill(page: Page, testId: string): Promise<void> {
  await settled(page, testId);
  const before = await motion(page, testId);
  await page.waitForTimeout(600);
  const after = await motion(page, testId);
  expect(after.x).toBe(before.x);
}

async function expectMoving(page: Page, testId: string): Promise<void> {
  await settled(page, testId);
  const before = await motion(page, testId);
  await page.waitForTimeout(600);
  const after = await motion(page, testId);
  expect(after.playState).toBe('running');
  // About 18 px in 600 ms at 30 px/s; a loaded machine may drop frames, never move backwards.
  expect(movedLeft(before.x, after.x, after.copyWidth)).toBeGreaterThan(5);
}

/** Counts React renders of the ticker components and DOM mutations inside a strip (render-probe.ts). */
async function installProbe(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { __pricerRenderProbe: Record<string, number> }).__pricerRenderProbe = {};
  });
}

async function renderCounts(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => ({
    ...(window as unknown as { __pricerRenderProbe: Record<string, number> }).__pricerRenderProbe,
  }));
}

async function observeMutations(page: Page, testId: string): Promise<void> {
  await page.evaluate((id) => {
    const strip = document.querySelector(`[data-testid="${id}"]`);
    if (!strip) throw new Error(`no strip ${id}`);
    const w = window as unknown as { __stripMutations: string[] };
    w.__stripMutations = [];
    new MutationObserver((records) => {
      for (const r of records) w.__stripMutations.push(`${r.type} ${r.attributeName ?? ''}`);
    }).observe(strip, { subtree: true, childList: true, attributes: true, characterData: true });
  }, testId);
}

const mutations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __stripMutations: string[] }).__stripMutations);

/**
 * Lets the header's 60 s polls run three times (fake clock), and waits for their answers. A tick that comes
 * while the previous answer is still being read joins that fetch and sends nothing (a busy machine can be that
 * slow), so a tick with no request within 5 s is followed by another, four at most.
 */
async function runPolls(page: Page, path: string): Promise<void> {
  for (let i = 0; i < 3; i++) {
    for (let tick = 1; ; tick++) {
      const answered = page
        .waitForResponse((r) => new URL(r.url()).pathname === path, { timeout: 5_000 })
        .catch(() => null);
      await page.clock.fastForward(61_000);
      if (await answered) break;
      if (tick === 4) throw new Error(`no request to ${path} after ${tick} polls`);
    }
  }
  await page.waitForTimeout(500);
}

async function openDashboard(
  viewport: typeof DESKTOP | typeof MOBILE,
  extra: BrowserContextOptions = {},
): Promise<WatchedPage> {
  const w = await openPage(browser, { viewport, ...extra });
  await signIn(w.page, server.url);
  return w;
}

describe('header market ticker (1440 px)', () => {
  it('shows skeletons while loading, then three copies of the formatted items with trend arrows', async () => {
    const w = await openPage(browser, { viewport: DESKTOP });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await w.page.route('**/api/alloy-prices', async (route) => {
      await held;
      await route.continue();
    });
    await signIn(w.page, server.url);
    await w.page.getByTestId('market-ticker-loading').waitFor();
    expect(await w.page.getByTestId(HEADER).count()).toBe(0);
    release();
    await w.page.getByTestId(HEADER).waitFor();
    expect(await w.page.getByTestId('market-ticker-loading').count()).toBe(0);

    const copies = w.page.getByTestId(HEADER).locator(':scope > div > div');
    expect(await copies.count()).toBe(TICKER_COPIES);
    expect(await copies.nth(1).getAttribute('aria-hidden')).toBe('true');
    const items = await copies
      .first()
      .locator(':scope > span')
      .evaluateAll((spans) => spans.map((s) => (s.textContent ?? '').replace(/\s/g, ' ')));
    expect(items.some((t) => /^Or 18kt\d[\d ]*,\d{2} €\/g(stable|en hausse|en baisse)$/.test(t))).toBe(true);
    expect(items.some((t) => /^Argent\d[\d ]*,\d{2} €\/g/.test(t))).toBe(true);
    expect(items.some((t) => /^Platine\d[\d ]*,\d{2} €\/g/.test(t))).toBe(true);
    expect(items.some((t) => /^USD\/EUR\d,\d{4}(stable|en hausse|en baisse)$/.test(t))).toBe(true);
    expect(items.some((t) => /^ILS\/EUR\d,\d{4}/.test(t))).toBe(true);
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('moves by one compositor animation at 30 px/s', async () => {
    const w = await openDashboard(DESKTOP);
    await w.page.getByTestId(HEADER).waitFor();
    await expectMoving(w.page, HEADER);
    const m = await motion(w.page, HEADER);
    expect(m.animations).toBe(1);
    // One loop moves the track by one copy width at TICKER_SPEED_PX_PER_S.
    expect(m.duration).toBeCloseTo((m.copyWidth / TICKER_SPEED_PX_PER_S) * 1000, 0);
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('pauses while pressed and follows the dragging mouse, then moves on', async () => {
    const w = await openDashboard(DESKTOP);
    await w.page.getByTestId(HEADER).waitFor();
    const centre = await centreOf(w.page, HEADER);
    await w.page.mouse.move(centre.x, centre.y);
    await w.page.mouse.down();
    expect((await motion(w.page, HEADER)).playState).toBe('paused');
    await expectStill(w.page, HEADER);

    const before = await motion(w.page, HEADER);
    await w.page.mouse.move(centre.x + 120, centre.y, { steps: 6 });
    const dragged = await motion(w.page, HEADER);
    // The content followed the mouse 120 px to the right (within the loop).
    expect(movedLeft(dragged.x, before.x, dragged.copyWidth)).toBeCloseTo(120, 0);
    await expectStill(w.page, HEADER);

    await w.page.mouse.up();
    await w.page.mouse.move(centre.x, centre.y + 300);
    await expectMoving(w.page, HEADER);
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('renders nothing while prices are unchanged, and only the changed item when one changes', async () => {
    const w = await openPage(browser, { viewport: DESKTOP });
    await installProbe(w.page);
    await w.page.clock.install();
    // The second and later answers of silver carry a new reading (higher price, new observation time).
    let silverCalls = 0;
    let bumpSilver = false;
    await w.page.route('**/api/spot/silver', async (route) => {
      silverCalls++;
      const response = await route.fetch();
      const body = (await response.json()) as SpotPrice;
      if (bumpSilver) {
        body.pricePerG = (Number(body.pricePerG) + 1).toFixed(4);
        body.observedAt = new Date(Date.parse(body.observedAt) + 1000).toISOString();
      }
      await route.fulfill({ response, json: body });
    });
    await signIn(w.page, server.url);
    await w.page.getByTestId(HEADER).waitFor();
    await w.page.waitForLoadState('networkidle');
    await w.page.waitForTimeout(500);
    await observeMutations(w.page, HEADER);
    const before = await renderCounts(w.page);

    // Three polls of every price (alloys by the ticker, gold, silver and USD/EUR by the header): same readings,
    // new ages. Nothing in the strip changes (no style written per frame either), nothing renders, and the
    // strip keeps moving.
    const callsBefore = silverCalls;
    await runPolls(w.page, '/api/alloy-prices');
    expect(silverCalls).toBeGreaterThan(callsBefore);
    expect(await mutations(w.page)).toEqual([]);
    expect(before.MarketTicker).toBeGreaterThan(0);
    expect(before.TickerItem).toBeGreaterThan(0);
    expect(await renderCounts(w.page)).toEqual(before);
    expect((await motion(w.page, HEADER)).playState).toBe('running');

    // A new silver reading renders the strip once more and only the silver item of each copy.
    bumpSilver = true;
    await runPolls(w.page, '/api/spot/silver');
    const after = await renderCounts(w.page);
    expect(after.MarketTicker! - before.MarketTicker!).toBeGreaterThan(0);
    expect(after.TickerItem! - before.TickerItem!).toBe(TICKER_COPIES);
    const silverItem = w.page
      .getByTestId(HEADER)
      .locator(':scope > div > div')
      .first()
      .getByText('Argent', { exact: true });
    expect(await silverItem.locator('..').textContent()).toMatch(/en hausse$/);
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('stands still under reduced motion and can still be dragged', async () => {
    const w = await openDashboard(DESKTOP, { reducedMotion: 'reduce' });
    await w.page.getByTestId(HEADER).waitFor();
    await w.page.mouse.move(10, 880);
    await expectStill(w.page, HEADER);
    const centre = await centreOf(w.page, HEADER);
    const before = await motion(w.page, HEADER);
    await w.page.mouse.move(centre.x, centre.y);
    await w.page.mouse.down();
    await w.page.mouse.move(centre.x - 60, centre.y, { steps: 4 });
    await w.page.mouse.up();
    const after = await motion(w.page, HEADER);
    expect(movedLeft(before.x, after.x, after.copyWidth)).toBeCloseTo(60, 0);
    await w.page.mouse.move(10, 880);
    await expectStill(w.page, HEADER);
    w.expectNoConsoleErrors();
    await w.close();
  });
});

describe('mobile metal ticker (375 px)', () => {
  it('moves by a compositor animation and pauses while touched or pressed with the mouse', async () => {
    const w = await openDashboard(MOBILE, { hasTouch: true });
    const strip = w.page.getByTestId(MOBILE_STRIP);
    await strip.waitFor();
    expect(await w.page.getByTestId(HEADER).count()).toBe(0);
    const m = await motion(w.page, MOBILE_STRIP);
    expect(m.animations).toBe(1);
    expect(m.duration).toBeCloseTo((m.copyWidth / TICKER_SPEED_PX_PER_S) * 1000, 0);
    await expectMoving(w.page, MOBILE_STRIP);

    const centre = await centreOf(w.page, MOBILE_STRIP);
    const cdp = await w.page.context().newCDPSession(w.page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [centre] });
    expect((await motion(w.page, MOBILE_STRIP)).playState).toBe('paused');
    await expectStill(w.page, MOBILE_STRIP);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expectMoving(w.page, MOBILE_STRIP);

    await w.page.mouse.move(centre.x, centre.y);
    await w.page.mouse.down();
    await expectStill(w.page, MOBILE_STRIP);
    await w.page.mouse.up();
    await w.page.mouse.move(centre.x, centre.y + 300);
    await expectMoving(w.page, MOBILE_STRIP);
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('renders nothing while prices are unchanged', async () => {
    const w = await openPage(browser, { viewport: MOBILE });
    await installProbe(w.page);
    await w.page.clock.install();
    await signIn(w.page, server.url);
    await w.page.getByTestId(MOBILE_STRIP).waitFor();
    await w.page.waitForLoadState('networkidle');
    await w.page.waitForTimeout(500);
    await observeMutations(w.page, MOBILE_STRIP);
    const before = await renderCounts(w.page);
    // The header polls gold, silver and USD/EUR, which the mobile strip shows too.
    await runPolls(w.page, '/api/spot/gold');
    expect(await mutations(w.page)).toEqual([]);
    expect(before.MobileMetalTicker).toBeGreaterThan(0);
    expect(await renderCounts(w.page)).toEqual(before);
    w.expectNoConsoleErrors();
    await w.close();
  });
});
