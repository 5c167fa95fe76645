/**
 * Accessibility: axe-core runs inside the page on /auth (signed out) and / (signed in) at 1440 and 375 px, in
 * light and dark themes; any serious or critical violation fails the test with its rule, nodes and help link.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from '@shared/constants';
import { startAppServer, type AppServer } from './app-server';
import { launchChromium } from './browser';
import { DESKTOP, MOBILE, openPage } from './page';
import { signIn } from './session';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  helpUrl: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: unknown }> } })
      .axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `   ${n.target.join(' ')} ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
          .join('\n'),
    );
}

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  server = await startAppServer({ env: { MARKET_POLL_MS: '3600000' } });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const VIEWPORTS = [
  ['1440 px', DESKTOP],
  ['375 px', MOBILE],
] as const;
const THEMES = ['light', 'dark'] as const;

describe('accessibility (axe-core, serious and critical)', () => {
  for (const [label, viewport] of VIEWPORTS) {
    for (const theme of THEMES) {
      it(`/auth and / at ${label}, ${theme} theme`, async () => {
        // bypassCSP: the app's CSP forbids inline scripts, and axe is injected as one.
        const w = await openPage(browser, { viewport, colorScheme: theme, bypassCSP: true });
        await w.page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
          THEME_STORAGE_KEY,
          theme,
        ] as const);

        await w.page.goto(`${server.url}/auth`);
        await w.page.getByRole('button', { name: 'Se connecter' }).waitFor();
        expect(await w.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
        expect(await seriousViolations(w.page)).toEqual([]);

        await signIn(w.page, server.url);
        await w.page.getByTestId('header-prices').waitFor();
        await w.page.getByTestId('calibrated-prices').waitFor();
        // Let the queries settle and the sign-in toast go, so axe sees the dashboard as a user does.
        await w.page.waitForLoadState('networkidle');
        expect(await seriousViolations(w.page)).toEqual([]);
        w.expectNoConsoleErrors();
        await w.close();
      });
    }
  }

  it('header tooltips open after 700 ms of hover or at once on keyboard focus, and describe their button', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url);
    const button = w.page.getByTestId('price-silver');
    await button.waitFor();
    const tooltip = w.page.getByRole('tooltip');
    await w.page.waitForLoadState('networkidle');
    await w.page.mouse.move(0, 0);

    await button.hover();
    await w.page.waitForTimeout(300);
    expect(await tooltip.count()).toBe(0);
    await tooltip.waitFor({ timeout: 2_000 }).catch(async (error: unknown) => {
      const state = await button.getAttribute('data-state');
      throw new Error(`no tooltip (trigger state ${state}, ${await tooltip.count()} tooltips): ${String(error)}`);
    });
    expect(await tooltip.textContent()).toContain("Actualiser le cours de l'argent");
    const id = await tooltip.getAttribute('id');
    expect(await button.getAttribute('aria-describedby')).toBe(id);

    await w.page.mouse.move(0, 0);
    await tooltip.waitFor({ state: 'detached' });
    await w.page.keyboard.press('Escape');
    await w.page.getByTestId('price-gold-18k').focus();
    await w.page.keyboard.press('Shift+Tab');
    await w.page.keyboard.press('Tab');
    await tooltip.waitFor({ timeout: 500 });
    await w.page.keyboard.press('Escape');
    await tooltip.waitFor({ state: 'detached' });
    w.expectNoConsoleErrors();
    await w.close();
  });
});
