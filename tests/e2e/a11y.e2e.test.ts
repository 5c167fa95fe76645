/**
 * Accessibility: axe-core runs inside the page on EVERY screen of the route table
 * (web/src/app/screens.ts), signed in as the superadmin and as a sales user (whose refused screens show
 * "Accès refusé", checked too), with the dialogs a screen opens by a button, on the sign-in, 404 and invitation
 * pages, at 1440 and 375 px, in light and dark themes. Any violation, whatever its impact, fails the test with
 * its rule, nodes and help link.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from '@shared/constants';
import { SCREENS } from '../../web/src/app/screens';
import type { AppServer } from './app-server';
import { closeWithEscape, DESKTOP, MOBILE, openPage, type WatchedPage } from './page';
import { axeViolations } from './page-checks';
import { routeSamples, screenUrl } from './screen-walk';
import { signIn } from './session';
import { shareAppAndBrowser } from './suite';

let server: AppServer;
let browser: Browser;
shareAppAndBrowser((s, b) => ((server = s), (browser = b)));

const VIEWPORTS = [
  ['1440 px', DESKTOP],
  ['375 px', MOBILE],
] as const;
const THEMES = ['light', 'dark'] as const;

/** Dialogs a screen opens with a button (by its accessible name), checked open too. */
const DIALOG_OPENERS: Readonly<Record<string, readonly string[]>> = {
  '/': ['Voir toutes les plages', 'Équiv. tamis'],
  '/users': ['Nouvel utilisateur'],
  '/superadmin/organizations': ['Nouvelle organisation'],
  '/superadmin/data-sources': ['Nouvelle source'],
  '/products': ['Nouvelle fiche'],
  '/clients': ['Importer CSV'],
  '/suppliers': ['Importer CSV'],
  '/stones': ['Importer CSV'],
  '/clients/:id': ['Archiver'],
  '/suppliers/:id': ['Archiver'],
  '/stones/:id': ['Archiver'],
  '/production-steps/:id': ['Archiver'],
};

async function openThemedPage(viewport: typeof DESKTOP | typeof MOBILE, theme: 'light' | 'dark'): Promise<WatchedPage> {
  // bypassCSP: the app's CSP forbids inline scripts, and axe is injected as one.
  const w = await openPage(browser, { viewport, colorScheme: theme, bypassCSP: true });
  await w.page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    THEME_STORAGE_KEY,
    theme,
  ] as const);
  return w;
}

/** Waits until the screen has drawn its heading and its queries settled, so axe sees it as a person does. */
async function settle(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
}

async function expectNoViolations(page: Page, where: string): Promise<void> {
  const found = await axeViolations(page);
  expect(found, `${where}:\n${found.join('\n')}`).toEqual([]);
}

const WALKERS = [
  { username: 'superadmin', label: 'superadmin' },
  { username: 'commercial', label: 'sales user' },
] as const;

for (const [label, viewport] of VIEWPORTS) {
  for (const theme of THEMES) {
    describe(`axe-core, every screen, ${label}, ${theme} theme`, () => {
      it('/auth, the 404 page and the invitation page (signed out)', async () => {
        const w = await openThemedPage(viewport, theme);
        await w.page.goto(`${server.url}/auth`);
        await w.page.getByRole('button', { name: 'Se connecter' }).waitFor();
        expect(await w.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
        await w.page.waitForLoadState('networkidle');
        await expectNoViolations(w.page, '/auth');
        await w.page.goto(`${server.url}/auth?session=expiree&next=%2Fclients`);
        await w.page.getByText('Session expirée', { exact: true }).waitFor();
        await expectNoViolations(w.page, '/auth (session expirée)');
        await w.page.getByRole('tab', { name: 'Inscription' }).click();
        await expectNoViolations(w.page, '/auth (inscription)');
        await w.page.goto(`${server.url}/nulle/part`);
        await w.page.getByText('404 Page Not Found', { exact: true }).waitFor();
        await expectNoViolations(w.page, '404');
        await w.page.goto(`${server.url}/invitation/jeton-inconnu`);
        await w.page.getByText('Invitation invalide', { exact: true }).waitFor();
        await expectNoViolations(w.page, '/invitation/:token');
        w.expectNoConsoleErrors([/status of 404 .*\/api\/invitations\//]);
        await w.close();
      });

      for (const { username, label: who } of WALKERS) {
        describe(`signed in as the ${who}`, () => {
          let w: WatchedPage;
          let samples: Record<string, string>;
          beforeAll(async () => {
            w = await openThemedPage(viewport, theme);
            await signIn(w.page, server.url, username);
            const admin = await openPage(browser);
            await signIn(admin.page, server.url, 'superadmin');
            samples = await routeSamples(admin.page.request, server.url);
            await admin.close();
          });
          afterAll(async () => {
            // A sales user's refused screens ask nothing of the server; the walk must not log errors.
            w.expectNoConsoleErrors();
            await w.close();
          });

          for (const path of Object.keys(SCREENS)) {
            it(path, async () => {
              await w.page.goto(`${server.url}${screenUrl(path, samples)}`);
              await settle(w.page);
              await expectNoViolations(w.page, path);
              for (const name of DIALOG_OPENERS[path] ?? []) {
                const opener = w.page.getByRole('button', { name, exact: true }).first();
                if (!(await opener.isVisible())) continue;
                await opener.click();
                const dialog = w.page.locator('[role="dialog"], [role="alertdialog"]').first();
                await dialog.waitFor();
                await w.page.waitForLoadState('networkidle');
                await expectNoViolations(w.page, `${path}, dialog "${name}"`);
                await closeWithEscape(w.page, dialog);
              }
              if (viewport === MOBILE && path === '/') {
                await w.page.getByRole('button', { name: 'Ouvrir le menu' }).click();
                await w.page.getByTestId('mobile-drawer').waitFor();
                await expectNoViolations(w.page, '/ (menu drawer)');
                await closeWithEscape(w.page, w.page.getByTestId('mobile-drawer'));
              }
            });
          }
        });
      }
    });
  }
}

describe('tooltips', () => {
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
