/**
 * Every screen has its own tab title ("Clients · Pricer Bijouterie") and header title, one `h1` and no
 * skipped heading level; a skip link is the first Tab stop; focus goes back to what opened a dialog. Walks every
 * route of the route table (web/src/app/screens.ts) signed in as the superadmin, who may open them all.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENS } from '../../web/src/app/screens';
import type { AppServer } from './app-server';
import { closeWithEscape, DESKTOP, MOBILE, openPage, type WatchedPage } from './page';
import { routeSamples, screenUrl } from './screen-walk';
import { signIn } from './session';
import { shareAppAndBrowser } from './suite';

let server: AppServer;
let browser: Browser;
shareAppAndBrowser((s, b) => ((server = s), (browser = b)));

/** The levels of the page's headings in document order (visually hidden ones included). */
async function headingLevels(page: Page): Promise<number[]> {
  return page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((els) => els.map((el) => Number(el.tagName.slice(1))));
}

async function expectHeadingsInOrder(page: Page, where: string): Promise<void> {
  const levels = await headingLevels(page);
  expect(
    levels.filter((l) => l === 1),
    `${where}: one h1 (${levels.join(',')})`,
  ).toHaveLength(1);
  expect(levels[0], `${where}: the h1 comes first`).toBe(1);
  levels.forEach((level, i) => {
    if (i > 0)
      expect(level, `${where}: no skipped level (${levels.join(',')})`).toBeLessThanOrEqual(levels[i - 1]! + 1);
  });
}

/**
 * English reaching users: words of English interfaces, and raw English values of the data (a
 * fluorescence "NONE", a shape "ROUND"), in the visible text, the accessible names (aria-label, title, alt) and
 * placeholders. The texts that stay in English on purpose ("Dashboard", "404 Page Not Found", the "… failed" toasts) and
 * the abbreviations (RBC, EX, VG…) are allowed.
 */
const ENGLISH = new RegExp(
  String.raw`\b(Loading|Error|Failed|Save|Cancel|Delete|Close|Open|Search|Select|Next|Previous|None|Submit|Edit|` +
    String.raw`View|Details|Refresh|Retry|Settings|Users|Logout|Unknown|Success|Warning|Back|Show|Hide|Toggle|` +
    String.raw`Theme|Copy|Remove|Upload|Download|Round|Pear|Emerald|Princess|Cushion|Heart|Oval|Very Good|Good|` +
    String.raw`Fair|Poor|Faint|Medium|Strong|Frontend|Backend|Price|Weight|Clarity|Color|Shape)\b`,
  'i',
);
const SPEC_ENGLISH = ['Dashboard', '404 Page Not Found', 'Did you forget to add the page to the router?'];

async function englishOnScreen(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out = [document.body.innerText];
    for (const el of Array.from(document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]'))) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(name);
        if (value) out.push(value);
      }
    }
    return out;
  });
  return texts
    .flatMap((text) => text.split(/\n+/))
    .map((line) => SPEC_ENGLISH.reduce((rest, fixed) => rest.replaceAll(fixed, ''), line).trim())
    .filter((line) => ENGLISH.test(line));
}

async function headerTitle(page: Page): Promise<string> {
  return ((await page.getByTestId('header-title').locator('p').first().textContent()) ?? '').trim();
}

describe('screen titles and headings', () => {
  let w: WatchedPage;
  let samples: Record<string, string>;

  beforeAll(async () => {
    w = await openPage(browser);
    await signIn(w.page, server.url, 'superadmin');
    samples = await routeSamples(w.page.request, server.url);
  });
  afterAll(async () => {
    w.expectNoConsoleErrors();
    await w.close();
  });

  for (const [path, screen] of Object.entries(SCREENS)) {
    it(`${path}: tab "${screen.title} · Pricer Bijouterie", the header says "${screen.title}", one h1`, async () => {
      await w.page.goto(`${server.url}${screenUrl(path, samples)}`);
      await w.page.locator('main h1').first().waitFor();
      await w.page.waitForLoadState('networkidle');
      await w.page.waitForFunction((suffix) => document.title.endsWith(suffix), `${screen.title} · Pricer Bijouterie`);
      expect(await headerTitle(w.page)).toBe(screen.title);
      await expectHeadingsInOrder(w.page, path);
      expect(await englishOnScreen(w.page), `${path}: English reaching users`).toEqual([]);
    });
  }

  it('the dashboard: "Tableau de bord" with its subtitle in the header', async () => {
    await w.page.goto(`${server.url}/`);
    await w.page.getByTestId('calibrated-prices').waitFor();
    expect(await w.page.title()).toBe('Tableau de bord · Pricer Bijouterie');
    const header = w.page.getByTestId('header-title');
    expect(await headerTitle(w.page)).toBe('Tableau de bord');
    await header.getByText("Vue d'ensemble des activités bijouterie", { exact: true }).waitFor();
  });

  it('diamond cards speak French: "Fluo : aucune", French shape names beside the spec abbreviations', async () => {
    await w.page.goto(`${server.url}/`);
    const cards = w.page.getByTestId('diamond-card');
    await cards.first().waitFor();
    await w.page.waitForLoadState('networkidle');
    const texts = await cards.evaluateAll((els) => els.map((el) => (el as HTMLElement).innerText));
    expect(texts.join(' ')).not.toMatch(/Fluo : (NONE|FAINT|MEDIUM|STRONG)/);
    expect(texts.join(' ')).toMatch(/Fluo : (aucune|faible|moyenne|forte|très forte)/);
    const names = await cards.evaluateAll((els) =>
      els.map((el) => el.querySelector('abbr')?.getAttribute('title') ?? ''),
    );
    for (const name of names) {
      expect([
        'Rond',
        'Poire',
        'Émeraude',
        'Princesse',
        'Marquise',
        'Asscher',
        'Coussin',
        'Cœur',
        'Ovale',
        'Radiant',
      ]).toContain(name);
    }
    expect(await englishOnScreen(w.page)).toEqual([]);
  });

  it('a record screen puts the record before the screen in the tab', async () => {
    await w.page.goto(`${server.url}${screenUrl('/suppliers/:id', samples)}`);
    const name = ((await w.page.locator('main h1').first().textContent()) ?? '').trim();
    await w.page.waitForFunction(
      (expected) => document.title === expected,
      `${name} · Fournisseur · Pricer Bijouterie`,
    );
  });

  it('sign-in, 404 and invitation pages have their own titles and one h1', async () => {
    const visitor = await openPage(browser);
    await visitor.page.goto(`${server.url}/auth`);
    await visitor.page.getByRole('button', { name: 'Se connecter' }).waitFor();
    expect(await visitor.page.title()).toBe('Connexion · Pricer Bijouterie');
    await expectHeadingsInOrder(visitor.page, '/auth');
    await visitor.page.goto(`${server.url}/nulle/part`);
    await visitor.page.getByText('404 Page Not Found', { exact: true }).waitFor();
    expect(await visitor.page.title()).toBe('Page introuvable · Pricer Bijouterie');
    await expectHeadingsInOrder(visitor.page, '404');
    await visitor.page.goto(`${server.url}/invitation/jeton-inconnu`);
    await visitor.page.getByText('Invitation invalide', { exact: true }).waitFor();
    expect(await visitor.page.title()).toBe('Invitation · Pricer Bijouterie');
    visitor.expectNoConsoleErrors([/status of 404 .*\/api\/invitations\//]);
    await visitor.close();
  });
});

describe('keyboard', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`the first Tab stop is "Aller au contenu", which moves the focus to the content (${viewport.width} px)`, async () => {
      const w = await openPage(browser, { viewport });
      await signIn(w.page, server.url, 'commercial');
      for (const path of ['/', '/clients']) {
        await w.page.goto(`${server.url}${path}`);
        await w.page.locator('main h1').first().waitFor({ state: 'attached' });
        await w.page.keyboard.press('Tab');
        const focused = await w.page.evaluate(() => document.activeElement?.textContent?.trim());
        expect(focused).toBe('Aller au contenu');
        expect(await w.page.getByTestId('skip-link').isVisible()).toBe(true);
        await w.page.keyboard.press('Enter');
        expect(await w.page.evaluate(() => document.activeElement?.id)).toBe('contenu');
        expect(new URL(w.page.url()).pathname).toBe(path);
      }
      w.expectNoConsoleErrors();
      await w.close();
    });
  }

  it('the sign-in page starts with the skip link too', async () => {
    const w = await openPage(browser);
    await w.page.goto(`${server.url}/auth`);
    await w.page.getByRole('button', { name: 'Se connecter' }).waitFor();
    await w.page.keyboard.press('Tab');
    expect(await w.page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Aller au contenu');
    w.expectNoConsoleErrors();
    await w.close();
  });

  /** Dialogs opened by state (no Radix Trigger): the focus must come back to the button that opened them. */
  const OPENERS: Array<{ path: string; button: string; viewport?: typeof MOBILE }> = [
    { path: '/users', button: 'Nouvel utilisateur' },
    { path: '/superadmin/organizations', button: 'Nouvelle organisation' },
    { path: '/superadmin/data-sources', button: 'Nouvelle source' },
    { path: '/products', button: 'Nouvelle fiche' },
    { path: '/suppliers', button: 'Importer CSV' },
    { path: '/suppliers/:id', button: 'Archiver' },
    { path: '/', button: 'Équiv. tamis' },
    { path: '/', button: 'Ouvrir le menu', viewport: MOBILE },
  ];

  it('focus returns to the button that opened a dialog, after Escape', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'superadmin');
    const samples = await routeSamples(w.page.request, server.url);
    for (const { path, button, viewport } of OPENERS) {
      await w.page.setViewportSize(viewport ?? DESKTOP);
      await w.page.goto(`${server.url}${screenUrl(path, samples)}`);
      const opener = w.page.getByRole('button', { name: button, exact: true }).first();
      await opener.waitFor();
      await w.page.waitForLoadState('networkidle');
      await opener.click();
      const dialog = w.page.locator('[role="dialog"], [role="alertdialog"]').first();
      await closeWithEscape(w.page, dialog);
      await w.page
        .waitForFunction(
          (name) =>
            document.activeElement?.textContent?.trim() === name ||
            document.activeElement?.getAttribute('aria-label') === name,
          button,
          { timeout: 2_000 },
        )
        .catch(async () => {
          const active = await w.page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
          throw new Error(`${path} "${button}": the focus went to ${active}`);
        });
    }
    w.expectNoConsoleErrors();
    await w.close();
  });
});
