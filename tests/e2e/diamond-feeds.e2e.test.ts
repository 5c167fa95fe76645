import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from '@shared/constants';
import type { DiamondFeedView } from '@shared/schemas/diamond-feeds';
import { getJson, sendJson } from './api';
import type { AppServer } from './app-server';
import { DESKTOP, MOBILE, openPage, type WatchedPage } from './page';
import { axeViolations, uniqueWord } from './page-checks';
import { signIn } from './session';
import { shareAppAndBrowser } from './suite';

let server: AppServer;
let browser: Browser;
shareAppAndBrowser((s, b) => ((server = s), (browser = b)));

/**
 * Stones enough for the upload to take a few seconds on the slow connection of the test (about 430 KB at 96 KB/s):
 * the server reads the rows as they arrive and updates the run's counters every 1,000 rows, so the screen, which
 * reads them every second, shows some before the report.
 */
const FILLER_ROWS = 5000;

/** A live counters line: "12 500 lignes lues · 12 480 acceptées · 20 rejetées" (narrow no-break spaces). */
const LIVE_COUNTS = /^(\d[\d\u202f]*) lignes? lues? · (\d[\d\u202f]*) acceptées? · (\d[\d\u202f]*) rejetées?$/;
const SPOKEN_COUNTS = /^(\d[\d\u202f]*) lignes? lues?, (\d[\d\u202f]*) acceptées?, (\d[\d\u202f]*) rejetées?$/;
const countIn = (text: string | undefined): number => Number((text ?? '').replace(/\u202f/g, ''));

/**
 * A RapNet export: three stones, the third with a shape code no table knows (its row is rejected), then
 * FILLER_ROWS ordinary stones.
 */
function rapnetFile(word: string): string {
  const filler = Array.from(
    { length: FILLER_ROWS },
    (_, i) =>
      `${word}-F${i},G,RD,0.${50 + (i % 40)},F,VS1,EX,EX,EX,NON,GIA,${5000000 + i},4200,61.2,57,Antwerp,Belgium`,
  );
  return [
    'Stock #,Availability,Shape,Weight,Color,Clarity,Cut Grade,Polish,Symmetry,Fluorescence Intensity,Lab,Certificate #,RapNet Price,Depth %,Table %,City,Country',
    `${word}-1,G,B,"1,01",G,SI1,EX,EX,EX,MED,GIA,1234567,6500,62.1,58,Chicago,USA`,
    `${word}-2,NA,RD,0.7,D,IF,EX,EX,EX,NON,GIA,7654321,9800,61.6,57,Antwerp,Belgium`,
    `${word}-3,M,ZZZ,0.9,H,VS2,,VG,G,FNT,HRD,99887766,3100,,,Ramat Gan,Israel`,
    ...filler,
  ].join('\r\n');
}

async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}

async function noHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A page in a theme; bypassCSP lets axe be injected as an inline script. */
async function themedPage(viewport: typeof DESKTOP | typeof MOBILE, theme: 'light' | 'dark'): Promise<WatchedPage> {
  const w = await openPage(browser, { viewport, colorScheme: theme, bypassCSP: true });
  await w.page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    THEME_STORAGE_KEY,
    theme,
  ] as const);
  return w;
}

/** The name of the feed the admin creates, read back by the manager. */
let feedName = '';
let feedId = '';

describe('diamond supplier feeds', () => {
  it('an admin creates a feed, imports a CSV with a rejected row, reads the report and downloads the rejects', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'admin');
    const word = uniqueWord();
    feedName = `Stock Anvers ${word}`;

    // From the Configuration menu.
    await w.page.getByTestId('sidebar').getByRole('link', { name: 'Flux fournisseurs' }).click();
    await w.page.waitForURL(`${server.url}/diamonds/feeds`);
    await w.page.getByRole('heading', { name: 'Flux fournisseurs', level: 1 }).waitFor();
    await w.page.getByRole('heading', { name: 'Aucun flux fournisseur' }).waitFor();
    await shoot(w.page, 'diamond-feeds-empty-1440');

    await w.page.getByRole('link', { name: 'Nouveau flux' }).click();
    await w.page.waitForURL(`${server.url}/diamonds/feeds/new`);
    // The shared schema answers inline, in French.
    await w.page.getByRole('button', { name: 'Créer le flux' }).click();
    await w.page.getByText('Ce champ est obligatoire', { exact: true }).waitFor();
    await w.page.getByLabel('Nom', { exact: true }).fill(feedName);
    await w.page.getByLabel('Type de flux').selectOption('url');
    await w.page.getByLabel('Adresse web', { exact: true }).fill('http://stock.example.test/feed.csv');
    await w.page.getByRole('button', { name: 'Créer le flux' }).click();
    await w.page.getByText('Adresse web invalide : elle doit commencer par https://', { exact: true }).waitFor();
    await shoot(w.page, 'diamond-feed-new-url-1440');
    await w.page.getByLabel('Type de flux').selectOption('upload');
    await w.page.getByLabel('Devise des prix du fichier').selectOption('EUR');
    await w.page.getByLabel('Coefficient de vente').fill('1,25');
    await w.page.getByRole('button', { name: 'Créer le flux' }).click();
    await w.page.waitForURL(/\/diamonds\/feeds\/[0-9a-f-]{36}$/);
    await w.page.getByText('Flux créé', { exact: true }).waitFor();
    await w.page.getByRole('heading', { name: feedName, level: 1 }).waitFor();
    feedId = new URL(w.page.url()).pathname.split('/').pop()!;
    expect(await w.page.getByLabel('Coefficient de vente').inputValue()).toBe('1,25');
    await w.page.getByText('Aucun import pour ce flux.', { exact: true }).waitFor();

    // A slow connection: the bar follows the bytes sent, then says "Import en cours…" until the report comes.
    const cdp = await w.page.context().newCDPSession(w.page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 96 * 1024,
    });
    // The status region is in the page before the import starts, empty: what is put into it later is announced.
    const outcome = w.page.getByTestId('import-outcome');
    expect(await outcome.getAttribute('role')).toBe('status');
    expect(await outcome.innerText()).toBe('');
    await w.page.evaluate(() => {
      const seen: string[] = [];
      const spoken: string[] = [];
      const live: string[] = [];
      const spokenCounts: Array<{ at: number; text: string }> = [];
      const watched = window as unknown as {
        importPhases: string[];
        spokenProgress: string[];
        liveCounts: string[];
        spokenCounts: Array<{ at: number; text: string }>;
        outcomeRegion: Element;
      };
      watched.importPhases = seen;
      watched.spokenProgress = spoken;
      watched.liveCounts = live;
      watched.spokenCounts = spokenCounts;
      watched.outcomeRegion = document.querySelector('[data-testid="import-outcome"]')!;
      new MutationObserver(() => {
        const said = document.querySelector('[data-testid="import-progress-spoken"]')?.textContent;
        if (said && spoken.at(-1) !== said) spoken.push(said);
        const counts = document.querySelector('[data-testid="import-live-counts"]')?.textContent;
        if (counts && live.at(-1) !== counts) live.push(counts);
        const saidCounts = document.querySelector('[data-testid="import-live-counts-spoken"]')?.textContent;
        if (saidCounts && spokenCounts.at(-1)?.text !== saidCounts)
          spokenCounts.push({ at: Date.now(), text: saidCounts });
        const text = document.querySelector('[data-testid="import-progress"]')?.textContent ?? '';
        const phase = text.startsWith('Envoi du fichier')
          ? 'envoi'
          : text.startsWith('Import en cours')
            ? 'import'
            : '';
        if (phase && seen.at(-1) !== phase) seen.push(phase);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await w.page.getByLabel('Fichier du fournisseur').setInputFiles({
      name: 'stock-anvers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(rapnetFile(word), 'utf8'),
    });
    // While the import runs, the screen reads the feed's newest run every second for its counters.
    const polls: number[] = [];
    w.page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === `/api/diamonds/feeds/${feedId}/runs` && url.searchParams.get('limit') === '1')
        polls.push(Date.now());
    });
    await w.page.getByRole('button', { name: 'Importer le fichier' }).click();
    const sending = w.page.getByRole('progressbar', { name: 'Envoi du fichier' });
    await w.page.waitForFunction(() => {
      const bar = document.querySelector('[role="progressbar"][aria-label="Envoi du fichier"]');
      const now = Number(bar?.getAttribute('aria-valuenow') ?? 0);
      return now > 0 && now < 100;
    });
    expect(await sending.isVisible()).toBe(true);
    await shoot(w.page, 'diamond-feed-uploading-1440', false);

    // The run's counters, under the bar, before the report: seen, hidden from screen readers (they hear a copy).
    const liveCounts = w.page.getByTestId('import-live-counts');
    await liveCounts.waitFor({ timeout: 30_000 });
    expect(await liveCounts.getAttribute('aria-hidden')).toBe('true');
    await shoot(w.page, 'diamond-feed-live-counts-1440', false);

    const report = w.page.getByTestId('import-report');
    await report.getByRole('heading', { name: 'Import terminé' }).waitFor({ timeout: 60_000 });
    const reportAt = Date.now();
    const pollsBeforeReport = polls.length;
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(await w.page.evaluate(() => (window as unknown as { importPhases: string[] }).importPhases)).toEqual([
      'envoi',
      'import',
    ]);
    // Polled about once a second while the import ran; the live counters went up, then gave way to the report.
    expect(pollsBeforeReport).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < pollsBeforeReport; i++) expect(polls[i]! - polls[i - 1]!).toBeGreaterThanOrEqual(500);
    const live = await w.page.evaluate(() => (window as unknown as { liveCounts: string[] }).liveCounts);
    expect(live.length).toBeGreaterThan(0);
    const read = live.map((line) => {
      const match = LIVE_COUNTS.exec(line);
      expect(match, line).not.toBeNull();
      const [rows, accepted, rejected] = [match![1], match![2], match![3]].map(countIn);
      expect(accepted! + rejected!, line).toBeLessThanOrEqual(rows!);
      return rows!;
    });
    for (let i = 1; i < read.length; i++) expect(read[i]).toBeGreaterThanOrEqual(read[i - 1]!);
    expect(read.at(-1)).toBeLessThanOrEqual(FILLER_ROWS + 3);
    expect(await liveCounts.count()).toBe(0);
    // Screen readers hear the counters every 5 seconds at most.
    const spokenCounts = await w.page.evaluate(
      () => (window as unknown as { spokenCounts: Array<{ at: number; text: string }> }).spokenCounts,
    );
    expect(spokenCounts.length).toBeGreaterThan(0);
    for (const [i, said] of spokenCounts.entries()) {
      expect(said.text).toMatch(SPOKEN_COUNTS);
      if (i > 0) expect(said.at - spokenCounts[i - 1]!.at).toBeGreaterThanOrEqual(4900);
    }
    // Screen readers hear the upload by steps of 10 % (never once per progress event), then the report, put into
    // the status region that was there from the start. A run that succeeded is not an alert.
    const spoken = await w.page.evaluate(() => (window as unknown as { spokenProgress: string[] }).spokenProgress);
    expect(spoken.length).toBeGreaterThan(0);
    const steps = spoken.map((text) => Number(/^Envoi du fichier… (\d+) %$/.exec(text)?.[1] ?? Number.NaN));
    for (const [i, step] of steps.entries()) {
      expect(step % 10, spoken[i]).toBe(0);
      if (i > 0) expect(step).toBeGreaterThan(steps[i - 1]!);
    }
    expect(
      await w.page.evaluate(() => {
        const region = (window as unknown as { outcomeRegion: Element }).outcomeRegion;
        return region.isConnected && region.contains(document.querySelector('[data-testid="import-report"]'));
      }),
    ).toBe(true);
    expect(await report.getAttribute('role')).toBeNull();
    const counts = await report
      .locator('dl > div')
      .evaluateAll((els) => els.map((el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
    expect(counts).toEqual([
      'Lignes lues 5 003',
      'Acceptées 5 002',
      'Rejetées 1',
      'Ajoutées 5 002',
      'Mises à jour 0',
      'Inchangées 0',
      'Retirées 0',
    ]);
    await report.getByText('Colonnes reconnues : modèle RapNet', { exact: true }).waitFor();
    const href = await report.getByRole('link', { name: 'Télécharger les rejets (CSV)' }).getAttribute('href');
    expect(href).toMatch(/^\/api\/diamonds\/feeds\/[0-9a-f-]{36}\/runs\/[0-9a-f-]{36}\/rejects\.csv$/);
    const rejects = await w.page.request.get(`${server.url}${href}`);
    expect(rejects.status()).toBe(200);
    expect(rejects.headers()['content-type']).toContain('text/csv');
    const csv = await rejects.text();
    expect(csv).toContain('Ligne;Motif;Données lues');
    expect(csv).toContain('Code de forme inconnu');

    // The history and the detected model follow.
    const history = w.page.getByTestId('runs-history');
    await history.getByTestId('run-status').filter({ hasText: 'Réussi' }).waitFor();
    await w.page.getByTestId('detected-preset').filter({ hasText: 'RapNet' }).waitFor();
    // The polling stopped with the report (the rejects download and the history took more than a second).
    expect(polls.filter((at) => at > reportAt + 500)).toEqual([]);
    await shoot(w.page, 'diamond-feed-report-1440');

    // The admin corrects the mapping: one column read under another name.
    const mapping = w.page.getByTestId('column-mapping');
    await mapping.getByRole('button', { name: 'Ajouter une colonne' }).click();
    await mapping.getByLabel('Colonne du fichier').fill('Stock #');
    await mapping.getByLabel('Champ lu').selectOption({ label: 'Référence stock' });
    await mapping.getByRole('button', { name: 'Ajouter une colonne' }).click();
    await mapping.getByLabel('Colonne du fichier').nth(1).fill('Weight');
    await mapping.getByLabel('Champ lu').nth(1).selectOption({ label: 'Référence stock' });
    await w.page.getByRole('button', { name: 'Enregistrer' }).click();
    await mapping.getByText('Champ déjà lu dans la colonne « Stock # »', { exact: true }).waitFor();
    await mapping.getByLabel('Champ lu').nth(1).selectOption({ label: 'Poids (carats)' });
    await w.page.getByRole('button', { name: 'Enregistrer' }).click();
    await w.page.getByText('Flux modifié', { exact: true }).waitFor();
    const saved = await getJson<DiamondFeedView>(w.page.request, `${server.url}/api/diamonds/feeds/${feedId}`);
    expect(saved.columnMapping).toEqual({ 'Stock #': 'stockNumber', Weight: 'carat' });
    expect(saved.markup).toBe('1.2500');

    // The list shows the last run.
    await w.page.getByRole('link', { name: 'Flux fournisseurs' }).first().click();
    await w.page.waitForURL(`${server.url}/diamonds/feeds`);
    const card = w.page.getByRole('link').filter({ hasText: feedName });
    await card.getByTestId('run-status').filter({ hasText: 'Réussi' }).waitFor();
    await card.getByText(/5\s003 lues · 5\s002 acceptées · 1 rejetée · /).waitFor();
    await shoot(w.page, 'diamond-feeds-1440');

    // Archive, after confirmation: a second feed, so the manager still reads the first one.
    const other = await sendJson<DiamondFeedView>(w.page.request, 'POST', `${server.url}/api/diamonds/feeds`, {
      name: `À archiver ${word}`,
      kind: 'url',
      url: 'https://stock.example.test/feed.json',
      format: 'json',
      scheduleMinutes: 360,
      credentials: 'jeton-secret',
    });
    await w.page.goto(`${server.url}/diamonds/feeds/${other.id}`);
    await w.page.getByTestId('stored-credentials').getByText('Identifiants enregistrés', { exact: true }).waitFor();
    await w.page.getByRole('button', { name: 'Importer maintenant' }).waitFor();
    await shoot(w.page, 'diamond-feed-url-1440');
    await w.page.getByRole('button', { name: 'Archiver' }).click();
    const dialog = w.page.getByRole('alertdialog');
    await dialog.getByText('Archiver ce flux ?', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Archiver' }).click();
    await w.page.waitForURL(`${server.url}/diamonds/feeds`);
    await w.page.getByRole('link').filter({ hasText: feedName }).waitFor();
    expect(
      await w.page
        .getByRole('link')
        .filter({ hasText: `À archiver ${word}` })
        .count(),
    ).toBe(0);

    w.expectNoConsoleErrors();
    await w.close();
  });

  it('a run that fails is announced as an alert inside the status region', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'admin');
    const word = uniqueWord();
    const feed = await sendJson<DiamondFeedView>(w.page.request, 'POST', `${server.url}/api/diamonds/feeds`, {
      name: `Flux illisible ${word}`,
      kind: 'upload',
      url: null,
      format: 'csv',
      scheduleMinutes: null,
    });
    await w.page.goto(`${server.url}/diamonds/feeds/${feed.id}`);
    const outcome = w.page.getByTestId('import-outcome');
    await outcome.waitFor({ state: 'attached' });
    expect(await outcome.getAttribute('role')).toBe('status');
    await w.page.getByLabel('Fichier du fournisseur').setInputFiles({
      name: 'inconnu.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Colonne A,Colonne B\r\nun,deux\r\n', 'utf8'),
    });
    await w.page.getByRole('button', { name: 'Importer le fichier' }).click();
    // The server records the failed run and answers 201: the report says so, as an alert.
    const alert = outcome.getByRole('alert');
    await alert.getByRole('heading', { name: 'Import échoué' }).waitFor();
    expect(await alert.getAttribute('data-testid')).toBe('import-report');
    await alert.getByText(/Format de fichier non reconnu/).waitFor();
    await shoot(w.page, 'diamond-feed-report-failed-1440');
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('the credentials typed in the feed form are never kept in the draft', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'admin');
    const word = uniqueWord();
    const secret = `jeton-${word}-Zq9`;
    await w.page.goto(`${server.url}/diamonds/feeds/new`);
    await w.page.getByLabel('Nom', { exact: true }).fill(`Brouillon ${word}`);
    await w.page.getByLabel('Type de flux').selectOption('url');
    await w.page.getByLabel('Adresse web', { exact: true }).fill('https://stock.example.test/brouillon.csv');
    await w.page.getByLabel('Identifiants', { exact: true }).fill(secret);
    // A change after the credentials: the draft written then holds everything typed so far.
    await w.page.getByLabel('Fréquence de relève (minutes)').fill('120');
    await w.page.waitForFunction(
      (name) =>
        Object.keys(sessionStorage).some(
          (key) => key.startsWith('pricer.brouillon:') && (sessionStorage.getItem(key) ?? '').includes('"120"'),
        ) && Object.values(sessionStorage).some((value) => value.includes(name)),
      `Brouillon ${word}`,
    );
    const stored = await w.page.evaluate(() => ({
      session: Object.keys(sessionStorage).map((key) => [key, sessionStorage.getItem(key) ?? '']),
      local: Object.keys(localStorage).map((key) => [key, localStorage.getItem(key) ?? '']),
    }));
    const drafts = stored.session.filter(([key]) => key!.startsWith('pricer.brouillon:'));
    expect(drafts.length).toBeGreaterThan(0);
    for (const [key, value] of [...stored.session, ...stored.local]) {
      expect(key).not.toContain(secret);
      expect(value).not.toContain(secret);
    }
    for (const [, value] of drafts) {
      const draft = JSON.parse(value!) as { values: Record<string, unknown> };
      expect(Object.keys(draft.values).filter((name) => /credential/i.test(name))).toEqual([]);
    }
    w.expectNoConsoleErrors();
    await w.close();
  });

  for (const [size, viewport] of [
    ['1440', DESKTOP],
    ['375', MOBILE],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`the list and the feed at ${size} px, ${theme}: no horizontal scroll, no axe violation`, async () => {
        expect(feedId).not.toBe('');
        const w = await themedPage(viewport, theme);
        await signIn(w.page, server.url, 'admin');
        await w.page.goto(`${server.url}/diamonds/feeds`);
        await w.page.getByRole('link').filter({ hasText: feedName }).waitFor();
        await w.page.waitForLoadState('networkidle');
        await noHorizontalScroll(w.page);
        expect(await axeViolations(w.page)).toEqual([]);
        await shoot(w.page, `diamond-feeds-${size}-${theme}`);
        await w.page.goto(`${server.url}/diamonds/feeds/${feedId}`);
        await w.page.getByTestId('runs-history').waitFor();
        await w.page.waitForLoadState('networkidle');
        await noHorizontalScroll(w.page);
        expect(await axeViolations(w.page)).toEqual([]);
        await shoot(w.page, `diamond-feed-${size}-${theme}`);
        w.expectNoConsoleErrors();
        await w.close();
      });
    }
  }

  it('a manager reads the feeds and their runs without changing them', async () => {
    expect(feedId).not.toBe('');
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'manager');
    await w.page.getByTestId('sidebar').getByRole('link', { name: 'Flux fournisseurs' }).click();
    await w.page.waitForURL(`${server.url}/diamonds/feeds`);
    await w.page.getByRole('link').filter({ hasText: feedName }).click();
    await w.page.getByRole('heading', { name: feedName, level: 1 }).waitFor();
    await w.page.getByText('Consultation seule : l’import d’un flux est réservé aux administrateurs.').waitFor();
    await w.page.getByTestId('runs-history').getByTestId('run-status').first().waitFor();
    expect(await w.page.getByRole('button', { name: 'Importer le fichier' }).count()).toBe(0);
    expect(await w.page.getByRole('button', { name: 'Archiver' }).count()).toBe(0);
    expect(await w.page.getByRole('button', { name: 'Enregistrer' }).count()).toBe(0);
    expect(await w.page.getByRole('button', { name: 'Ajouter une colonne' }).count()).toBe(0);
    expect(await w.page.getByLabel('Nom', { exact: true }).isDisabled()).toBe(true);
    await shoot(w.page, 'diamond-feed-manager-1440');

    await w.page.goto(`${server.url}/diamonds/feeds`);
    await w.page.getByRole('link').filter({ hasText: feedName }).waitFor();
    expect(await w.page.getByRole('link', { name: 'Nouveau flux' }).count()).toBe(0);
    await w.page.goto(`${server.url}/diamonds/feeds/new`);
    await w.page.getByRole('heading', { name: 'Accès refusé', exact: true }).waitFor();
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('a sales user has no feeds screen', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'commercial');
    await w.page.getByTestId('sidebar').getByRole('link').first().waitFor();
    expect(await w.page.getByTestId('sidebar').getByRole('link', { name: 'Flux fournisseurs' }).count()).toBe(0);
    await w.page.goto(`${server.url}/diamonds/feeds`);
    await w.page.getByRole('heading', { name: 'Accès refusé', exact: true }).waitFor();
    await w.page.goto(`${server.url}/diamonds/feeds/${feedId}`);
    await w.page.getByRole('heading', { name: 'Accès refusé', exact: true }).waitFor();
    w.expectNoConsoleErrors();
    await w.close();
  });
});
