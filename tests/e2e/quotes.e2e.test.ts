/**
 * Quotes ("Devis & Pricing"): a quote built in the browser with one line of each kind for a demo client,
 * its totals checked against sums done here from what the screen shows, sent (its number appears), its PDF read,
 * its share link opened signed out and accepted; the list's filters and totals; the phone layout.
 * Screenshots go to SCREENSHOTS_DIR when set (e.g. /tmp/shots), never into the repository.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { parisWallClock, wallClockDay } from '@shared/paris-time';
import type { Client } from '../../shared/schemas/clients';
import type { QuoteDetail } from '../../shared/schemas/quotes';
import { getJson, sendJson } from './api';
import type { AppServer } from './app-server';
import { DESKTOP, MOBILE, openPage, type WatchedPage } from './page';
import { signIn } from './session';
import { shareAppAndBrowser } from './suite';

let server: AppServer;
let browser: Browser;
shareAppAndBrowser((s, b) => ((server = s), (browser = b)));

const shotsDir = process.env.SCREENSHOTS_DIR;
if (shotsDir) mkdirSync(shotsDir, { recursive: true });

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage });
}

/** "1 234,56 €" (any kind of space) -> cents, so sums are exact. */
function cents(text: string): number {
  const match = /(-|−)?[\d\s\u00a0\u202f]+,\d{2}/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  const negative = Boolean(match[1]);
  const digits = match[0].replace(/[^\d]/g, '');
  return (negative ? -1 : 1) * Number(digits);
}

/** Cents as the screen writes them: "1 234,56 €" with plain spaces (compare after `plain`). */
function euros(c: number): string {
  const sign = c < 0 ? '-' : '';
  const abs = Math.abs(c);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ' ');
  return `${sign}${whole},${String(abs % 100).padStart(2, '0')} €`;
}

const plain = (s: string) =>
  s
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

async function text(locator: Locator): Promise<string> {
  return plain((await locator.textContent()) ?? '');
}

/** The last line card of the builder (the one just added). */
const lastLine = (page: Page) => page.getByTestId('quote-line').last();

async function addLine(page: Page, kind: string): Promise<Locator> {
  const before = await page.getByTestId('quote-line').count();
  await page.getByRole('group', { name: 'Ajouter une ligne' }).getByRole('button', { name: kind, exact: true }).click();
  await expect.poll(() => page.getByTestId('quote-line').count()).toBe(before + 1);
  return lastLine(page);
}

/** Picks the first real option of a select (not the placeholder) whose label passes `accept`, once loaded. */
async function pickOption(select: Locator, accept: (label: string) => boolean = () => true): Promise<string> {
  const candidates = () =>
    select
      .locator('option')
      .evaluateAll((els) => els.map((el) => ({ value: (el as HTMLOptionElement).value, label: el.textContent ?? '' })))
      .then((options) => options.filter((o) => o.value && accept(o.label)));
  await expect.poll(async () => (await candidates()).length, { timeout: 10_000 }).toBeGreaterThan(0);
  const [option] = await candidates();
  await select.selectOption(option!.value);
  return option!.label;
}

/** Waits until every line shows its total (the live pricing answered for all of them). */
async function waitForLinePrices(page: Page, count: number): Promise<void> {
  await expect.poll(() => page.getByTestId('line-total').count(), { timeout: 15_000 }).toBe(count);
  await page.getByTestId('quote-totals').and(page.locator('[aria-busy="false"]')).waitFor();
}

async function waitSaved(page: Page): Promise<void> {
  await page
    .getByTestId('save-status')
    .getByText(/^Enregistré à \d{2}:\d{2}$/)
    .waitFor({ timeout: 15_000 });
}

async function setTheme(w: WatchedPage, theme: 'light' | 'dark'): Promise<void> {
  await w.page.evaluate((t) => {
    window.localStorage.setItem('theme', t);
    document.documentElement.classList.toggle('dark', t === 'dark');
  }, theme);
  // Colours change with a transition: the screenshot waits for its end.
  await w.page.waitForTimeout(400);
}

describe('quotes', () => {
  it('builds a quote with every kind of line, sends it, prints it, and the client accepts it from the share link', async () => {
    const w = await openPage(browser);
    const { page } = w;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await signIn(page, server.url, 'admin');
    const api = page.context().request;
    const clients = await getJson<{ items: Client[] }>(api, `${server.url}/api/clients?pageSize=5&sort=lastName`);
    const client = clients.items[0]!;

    // From the client's record: "Nouveau devis" opens a draft for that client.
    await page.goto(`${server.url}/clients/${client.id}`);
    await page.getByTestId('client-quotes').getByRole('link', { name: 'Nouveau devis' }).click();
    await page.waitForURL(/\/quotes\/[0-9a-f-]{36}$/);
    await page.getByTestId('quote-builder').waitFor();
    const quoteId = new URL(page.url()).pathname.split('/')[2]!;
    expect(await page.locator('#quote-client option:checked').textContent()).toContain(client.displayName);
    await page.getByLabel('Titre').fill('Bague solitaire sur mesure');

    // Métal.
    let line = await addLine(page, 'Métal');
    await pickOption(line.getByLabel('Alliage'), (l) => /or/i.test(l));
    await line.getByLabel('Poids (g)').fill('3,5');
    await line.getByLabel('Perte (%)').fill('2');

    // Diamant (catalogue).
    line = await addLine(page, 'Diamant (catalogue)');
    await line.getByRole('button', { name: 'Choisir un diamant…' }).click();
    const dialog = page.getByTestId('diamond-dialog');
    await dialog.getByLabel('Carats min.').fill('0,3');
    await dialog.getByLabel('Carats max.').fill('1,5');
    await dialog.getByTestId('diamond-results').waitFor();
    await dialog
      .getByRole('button', { name: /^Choisir / })
      .first()
      .click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await text(line.getByTestId('diamond-chosen'))).toMatch(/ ct /);

    // Mêlée: ten stones of 1,3 mm.
    line = await addLine(page, 'Mêlée (calibrés)');
    await line.getByLabel('Diamètre (mm)').fill('1,3');
    await line.getByLabel('Pureté').selectOption('VS1');
    await line.getByLabel('Nombre de pierres').fill('10');

    // Pierre / composant du stock.
    line = await addLine(page, 'Pierre / composant (stock)');
    await pickOption(line.getByLabel('Pierre / composant du stock'), (l) => l.includes('€'));

    // Main-d'œuvre: 90 minutes at the workshop's hourly rate (settings).
    line = await addLine(page, "Main-d'œuvre");
    await pickOption(line.getByLabel('Étape de production'));
    await line.getByLabel('Temps (min)').fill('90');
    await line.getByRole('group', { name: "Taux horaires de l'organisation" }).getByRole('button').first().click();
    expect(await line.getByLabel('Taux horaire (€/h)').inputValue()).toMatch(/^\d+(,\d+)?$/);

    // Fiche produit: a sheet whose price is complete.
    line = await addLine(page, 'Fiche produit');
    await pickOption(
      line.getByLabel('Fiche produit', { exact: true }),
      (l) => l.includes('€') && !l.includes('incomplet'),
    );

    // Ligne libre: 2 × 150,00 € with 10 % off = 270,00 € excl. VAT.
    line = await addLine(page, 'Ligne libre');
    await line.getByLabel('Libellé', { exact: true }).fill('Gravure personnalisée');
    await line.getByLabel('Prix de vente').selectOption('price');
    await line.getByLabel('PU HT (€)').fill('150');
    await line.getByLabel('Quantité').fill('2');
    await line.getByLabel('Remise (%)').fill('10');
    await line.getByLabel('Description').fill('Initiales et date à l’intérieur de l’anneau');

    // The totals follow while typing; each line's total is its unit price × quantity (no discount but the last).
    await waitForLinePrices(page, 7);
    const lines = page.getByTestId('quote-line');
    const totals: number[] = [];
    const quantities = [1, 1, 10, 1, 1, 1, 2];
    for (let i = 0; i < 7; i++) {
      const card = lines.nth(i);
      const unit = cents(await text(card.getByTestId('line-unit-price')));
      const total = cents(await text(card.getByTestId('line-total')));
      const gross = unit * quantities[i]!;
      expect(total, `line ${i + 1}`).toBe(i === 6 ? gross - Math.round(gross / 10) : gross);
      totals.push(total);
    }
    expect(totals[6]).toBe(27_000);
    expect(await text(lines.nth(6).getByTestId('line-total'))).toBe('270,00 €');
    const totalExcl = totals.reduce((a, b) => a + b, 0);
    const vat = Math.round(totalExcl * 0.2);
    expect(await text(page.getByTestId('total-excl-vat'))).toBe(euros(totalExcl));
    expect(await text(page.getByTestId('vat-20'))).toBe(euros(vat));
    expect(await text(page.getByTestId('total-incl-vat'))).toBe(euros(totalExcl + vat));
    // The margin is the sum of the lines' margins, shown to a role that sees costs.
    let margins = 0;
    for (let i = 0; i < 7; i++) margins += cents(await text(lines.nth(i).getByTestId('line-margin')));
    expect(cents(await text(page.getByTestId('total-margin')))).toBe(margins);

    // Saved by itself, with the lines as typed.
    await waitSaved(page);
    const saved = await getJson<QuoteDetail>(api, `${server.url}/api/quotes/${quoteId}`);
    expect(saved.lines.map((l) => l.kind)).toEqual(['metal', 'diamond', 'melee', 'stone', 'labour', 'product', 'free']);
    expect(saved.lines[0]).toMatchObject({ weightG: '3.5', lossPct: '2' });
    expect(saved.title).toBe('Bague solitaire sur mesure');
    await shot(page, 'quote-builder-1440-light');

    // A wrong number stays in the form with its French error, and is not sent.
    await lines.nth(0).getByLabel('Poids (g)').fill('3,5,1');
    await lines.nth(0).getByLabel('Poids (g)').blur();
    await lines.nth(0).getByText('Nombre invalide', { exact: true }).waitFor();
    expect(await lines.nth(0).getByLabel('Poids (g)').getAttribute('aria-invalid')).toBe('true');
    await page.getByTestId('save-status').getByText('Ligne 1 incomplète : non enregistrée.').waitFor();
    await lines.nth(0).getByLabel('Poids (g)').fill('3,5');
    await waitForLinePrices(page, 7);

    // Dark theme, same screen.
    await setTheme(w, 'dark');
    await shot(page, 'quote-builder-1440-dark');
    await setTheme(w, 'light');

    // Send: the number is given and the prices frozen.
    await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Envoyer le devis ?', { exact: true }).waitFor();
    await confirm.getByRole('button', { name: 'Envoyer le devis' }).click();
    await page.getByTestId('quote-view').waitFor();
    const number = await text(page.getByTestId('quote-number'));
    expect(number).toMatch(/^D-\d{4}-\d{4}$/);
    expect(await text(page.getByTestId('quote-status'))).toBe('Envoyé');
    expect(await text(page.getByTestId('total-incl-vat'))).toBe(euros(totalExcl + vat));
    await page
      .getByTestId('market-used')
      .getByText(/^Cours figés à l’envoi : /)
      .waitFor();
    await shot(page, 'quote-sent-1440-light');
    await page.setViewportSize(MOBILE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await shot(page, 'quote-sent-375-light');
    await setTheme(w, 'dark');
    await shot(page, 'quote-sent-375-dark');
    await setTheme(w, 'light');
    await page.setViewportSize(DESKTOP);

    // The PDF: the number and the total incl. VAT.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Télécharger le PDF' }).click(),
    ]);
    const pdfBytes = readFileSync((await download.path())!);
    expect(pdfBytes.subarray(0, 4).toString()).toBe('%PDF');
    const { text: pdfText } = await extractText(await getDocumentProxy(new Uint8Array(pdfBytes)), { mergePages: true });
    expect(plain(pdfText)).toContain(number);
    expect(plain(pdfText)).toContain(euros(totalExcl + vat));
    // "Imprimer" opens the same PDF in a new tab.
    expect(await page.getByRole('link', { name: 'Imprimer' }).getAttribute('target')).toBe('_blank');

    // The share link is copied; signed out, the client opens it and accepts.
    await page.getByRole('button', { name: 'Copier le lien de partage' }).click();
    await page.getByText('Lien de partage copié', { exact: true }).waitFor();
    const shareUrl = await page.evaluate(() => navigator.clipboard.readText());
    expect(shareUrl).toMatch(new RegExp(`^${server.url}/devis/partage/[A-Za-z0-9_-]{43}$`));

    const visitor = await openPage(browser);
    const chunks: string[] = [];
    visitor.page.on('request', (r) => {
      if (r.resourceType() === 'script') chunks.push(new URL(r.url()).pathname);
    });
    await visitor.page.goto(shareUrl);
    await visitor.page.getByRole('heading', { name: `Devis ${number}` }).waitFor();
    expect(await text(visitor.page.getByTestId('shared-total'))).toBe(euros(totalExcl + vat));
    await visitor.page.getByText('Gravure personnalisée', { exact: true }).first().waitFor();
    expect(await visitor.page.getByText('Marge', { exact: false }).count()).toBe(0);
    // Outside the signed-in frame: its chunk is never downloaded.
    expect(chunks.some((c) => /app-shell/.test(c))).toBe(false);
    await shot(visitor.page, 'shared-quote-1440-light');
    await visitor.page.getByRole('button', { name: 'Accepter le devis' }).click();
    await visitor.page.getByRole('alertdialog').getByRole('button', { name: 'Accepter le devis' }).click();
    const accepted = await text(visitor.page.getByTestId('shared-accepted'));
    expect(accepted).toMatch(/^Devis accepté le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/);
    await shot(visitor.page, 'shared-quote-accepted-1440');
    await visitor.page.setViewportSize(MOBILE);
    await setTheme(visitor, 'dark');
    await shot(visitor.page, 'shared-quote-accepted-375-dark');
    visitor.expectNoConsoleErrors();
    await visitor.close();

    // The staff page shows it accepted, and says how.
    await page.reload();
    await page.getByTestId('quote-view').waitFor();
    expect(await text(page.getByTestId('quote-status'))).toBe('Accepté');
    await page.getByTestId('quote-history').getByText('Accepté par le client via le lien de partage').waitFor();
    await page
      .getByTestId('quote-decided')
      .getByText(/via le lien de partage/)
      .waitFor();

    // The client's record lists it.
    await page.goto(`${server.url}/clients/${client.id}`);
    await page
      .getByTestId('client-quotes')
      .getByRole('link', { name: new RegExp(number) })
      .waitFor();

    w.expectNoConsoleErrors();
    await w.close();
  });

  it('lists quotes with their totals, filtered by status, client, period and amount', async () => {
    const w = await openPage(browser);
    const { page } = w;
    await signIn(page, server.url, 'commercial');
    const api = page.context().request;
    const clients = await getJson<{ items: Client[] }>(api, `${server.url}/api/clients?pageSize=5&sort=lastName`);
    const client = clients.items[1] ?? clients.items[0]!;
    // Two drafts for the client through the API: a free line of 100 € and one of 250 € (20 % VAT).
    for (const price of ['100', '250']) {
      await sendJson(api, 'POST', `${server.url}/api/quotes`, {
        clientId: client.id,
        title: `Réparation ${price}`,
        lines: [{ kind: 'free', label: 'Réparation', priceMode: 'price', unitPrice: price }],
      });
    }

    await page.goto(`${server.url}/quotes?clientId=${client.id}&status=draft`);
    await page.getByRole('heading', { name: 'Devis', exact: true }).waitFor();
    await page.getByTestId('list-range').filter({ hasText: 'sur' }).waitFor();
    const summary = page.getByTestId('quotes-summary');
    await expect.poll(async () => text(summary.getByTestId('summary-count'))).not.toBe('');
    const count = Number(await text(summary.getByTestId('summary-count')));
    expect(count).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('list-row').count()).toBe(Math.min(count, 25));
    // The summary is the sum of every matching quote (all on this page here).
    let sumExcl = 0;
    let sumIncl = 0;
    for (const row of await page.getByTestId('list-row').all()) {
      const amounts = await text(row.locator('td').last());
      const [incl, excl] = amounts.split('€').map((s) => s.trim());
      sumIncl += cents(`${incl}`);
      sumExcl += cents(`${excl}`);
    }
    expect(await text(summary.getByTestId('summary-excl-vat'))).toBe(euros(sumExcl));
    expect(await text(summary.getByTestId('summary-incl-vat'))).toBe(euros(sumIncl));
    await shot(page, 'quotes-list-1440-light', false);

    // Amount: at least 200 € incl. VAT keeps the 250 € one (300 € TTC), not the 100 € one (120 € TTC).
    await page.getByLabel('TTC min. (€)').fill('200');
    await page.getByLabel('TTC min. (€)').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('minAmount') === '200');
    await expect.poll(() => page.getByRole('cell', { name: 'Réparation 100' }).count()).toBe(0);
    await page.getByRole('cell', { name: 'Réparation 250' }).first().waitFor();

    // Period: created tomorrow or later matches nothing (tomorrow in Paris: the filter's days are the shop's).
    const tomorrow = wallClockDay(parisWallClock(new Date(Date.now() + 86_400_000)));
    await page.getByLabel('Créé du').fill(tomorrow);
    await page.getByText('Aucun devis trouvé', { exact: true }).waitFor();
    expect(await text(summary.getByTestId('summary-count'))).toBe('0');

    // Status labels in French.
    await page.goto(`${server.url}/quotes`);
    await page.getByTestId('list-row').first().waitFor();
    const statuses = await page.getByTestId('quote-status').allTextContents();
    for (const s of statuses) expect(['Brouillon', 'Envoyé', 'Accepté', 'Refusé', 'Expiré']).toContain(s);
    await setTheme(w, 'dark');
    await shot(page, 'quotes-list-1440-dark', false);
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('a phone builds and reads a quote at 375 px: one column, lines as cards, the totals bar at the bottom', async () => {
    const w = await openPage(browser, { viewport: MOBILE });
    const { page } = w;
    await signIn(page, server.url, 'commercial');
    await page.goto(`${server.url}/quotes/new`);
    await page.getByTestId('quote-builder').waitFor();
    const line = await addLine(page, 'Ligne libre');
    await line.getByLabel('Libellé', { exact: true }).fill('Mise à taille');
    await line.getByLabel('Prix de vente').selectOption('price');
    await line.getByLabel('PU HT (€)').fill('1 234,5');
    await line.getByLabel('PU HT (€)').blur();
    expect(await line.getByLabel('PU HT (€)').inputValue()).toBe('1234,5');
    await waitForLinePrices(page, 1);
    const bar = page.getByTestId('sticky-totals');
    expect(await bar.isVisible()).toBe(true);
    expect(await text(bar)).toContain(`TTC ${euros(148_140)}`);
    // A sales role never sees costs.
    expect(await page.getByTestId('line-margin').count()).toBe(0);
    expect(await page.getByTestId('total-margin').count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await waitSaved(page);
    await shot(page, 'quote-builder-375-light');
    await setTheme(w, 'dark');
    await shot(page, 'quote-builder-375-dark');
    await page.goto(`${server.url}/quotes`);
    await page.getByTestId('list-row').first().waitFor();
    await shot(page, 'quotes-list-375-dark');
    await setTheme(w, 'light');
    await shot(page, 'quotes-list-375-light');
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('a draft: a client created inline, lines moved and removed with undo, typed values kept through a conflict', async () => {
    const w = await openPage(browser);
    const { page } = w;
    await signIn(page, server.url, 'commercial');
    const api = page.context().request;
    const draft = await sendJson<QuoteDetail>(api, 'POST', `${server.url}/api/quotes`, {
      lines: [{ kind: 'free', label: 'Première', priceMode: 'price', unitPrice: '10' }],
    });
    await page.goto(`${server.url}/quotes/${draft.id}`);
    await page.getByTestId('quote-builder').waitFor();

    // "Créer un client": the shared client schema answers in French, then the new client is the quote's.
    const word = `Inline${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Créer un client' }).click();
    const dialog = page.getByTestId('client-create-dialog');
    await dialog.getByRole('button', { name: 'Créer le client' }).click();
    await dialog.getByText('Le nom est obligatoire', { exact: true }).waitFor();
    await dialog.getByLabel('Prénom').fill('Anne');
    await dialog.getByLabel('Nom', { exact: true }).fill(word);
    await dialog.getByRole('button', { name: 'Créer le client' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => page.locator('#quote-client option:checked').textContent()).toContain(word);

    // Enter in a field submits nothing.
    await page.getByLabel('Titre').fill('Pendentif');
    await page.getByLabel('Titre').press('Enter');
    expect(new URL(page.url()).pathname).toBe(`/quotes/${draft.id}`);

    // A second line, moved up with the keyboard-reachable button; the first removed, then put back.
    const second = await addLine(page, 'Ligne libre');
    await second.getByLabel('Libellé', { exact: true }).fill('Seconde');
    // "Prix saisi" without a price: the line cannot be priced yet.
    await second.getByLabel('Prix de vente').selectOption('price');
    await page.getByRole('button', { name: 'Monter la ligne 2' }).click();
    const labels = () =>
      page
        .getByTestId('quote-line')
        .evaluateAll((cards) => cards.map((c) => (c.querySelector('input[id$="-label"]') as HTMLInputElement).value));
    expect(await labels()).toEqual(['Seconde', 'Première']);
    await page.getByRole('button', { name: 'Retirer la ligne 1' }).click();
    await page.getByText('Ligne 1 retirée', { exact: true }).waitFor();
    expect(await labels()).toEqual(['Première']);
    await page.getByRole('button', { name: 'Annuler', exact: true }).click();
    await expect.poll(labels).toEqual(['Seconde', 'Première']);
    // The line comes back as typed, still without a price: it stays in the form, out of the save, until its price
    // is typed.
    await page.getByTestId('save-status').getByText('Ligne 1 incomplète : non enregistrée.').waitFor();
    await page.getByTestId('quote-line').first().getByLabel('PU HT (€)').fill('25');
    await waitSaved(page);
    let saved = await getJson<QuoteDetail>(api, `${server.url}/api/quotes/${draft.id}`);
    expect(saved.lines.map((l) => l.label)).toEqual(['Seconde', 'Première']);
    expect(saved.clientName).toContain(word);

    // Someone else saves the draft meanwhile: the next autosave meets 409; what is typed stays on screen and
    // "Garder mes saisies" saves it over the other version.
    await sendJson(api, 'PUT', `${server.url}/api/quotes/${draft.id}`, {
      ...saved,
      title: 'Modifié ailleurs',
      version: saved.version,
    });
    await page.getByLabel('Titre').fill('Pendentif et chaîne');
    await page
      .getByTestId('save-status')
      .getByText(/Ce devis a été modifié ailleurs/)
      .waitFor({ timeout: 15_000 });
    expect(await page.getByLabel('Titre').inputValue()).toBe('Pendentif et chaîne');
    await page.getByRole('button', { name: 'Garder mes saisies' }).click();
    await waitSaved(page);
    saved = await getJson<QuoteDetail>(api, `${server.url}/api/quotes/${draft.id}`);
    expect(saved.title).toBe('Pendentif et chaîne');
    expect(saved.lines).toHaveLength(2);

    w.expectNoConsoleErrors([/status of 409 .*\/api\/quotes\/[0-9a-f-]{36}$/]);
    await w.close();
  });

  // After the tests that read prices: it moves the gold price of the shared server (and puts it back).
  it('"Prix du jour": a draft saved before gold rose shows both prices and stores today’s on request', async () => {
    const w = await openPage(browser);
    const { page } = w;
    await signIn(page, server.url, 'admin');
    const api = page.context().request;
    const alloys = await getJson<Array<{ id: string; name: string }>>(api, `${server.url}/api/alloy-prices`);
    const gold = alloys.find((a) => /^Or /.test(a.name))!;
    const draft = await sendJson<QuoteDetail>(api, 'POST', `${server.url}/api/quotes`, {
      title: 'Chevalière',
      lines: [{ kind: 'metal', alloyId: gold.id, weightG: '10' }],
    });
    expect(draft.todayDifference).toBeNull();

    // Gold 10 % higher, typed in a manual source ahead of the demo one.
    const root = await openPage(browser);
    await signIn(root.page, server.url, 'superadmin');
    const rootApi = root.page.context().request;
    const spot = await getJson<{ pricePerG: string }>(rootApi, `${server.url}/api/spot/gold`);
    const source = await sendJson<{ id: string }>(rootApi, 'POST', `${server.url}/api/superadmin/data-sources`, {
      kind: 'manual',
      name: 'Cours du jour (test devis)',
      instruments: ['XAU'],
      priority: 0,
    });
    const higher = (Number(spot.pricePerG) * 1.1).toFixed(2);
    await sendJson(rootApi, 'PUT', `${server.url}/api/superadmin/data-sources/${source.id}/prices`, {
      values: { XAU: higher },
    });
    await sendJson(rootApi, 'POST', `${server.url}/api/spot/refresh`, { metal: 'gold' });
    await expect
      .poll(async () => (await getJson<{ pricePerG: string }>(rootApi, `${server.url}/api/spot/gold`)).pricePerG)
      .toBe(String(Number(higher)));

    await page.goto(`${server.url}/quotes/${draft.id}`);
    const panel = page.getByTestId('today-price');
    await panel.getByRole('heading', { name: 'Prix du jour' }).waitFor();
    const before = cents(await text(panel.getByTestId('today-before')));
    const after = cents(await text(panel.getByTestId('today-after')));
    expect(before).toBe(Math.round(Number(draft.stored!.pricing.totalInclVat) * 100));
    expect(after).toBeGreaterThan(before);
    await panel.getByText(`Aux cours du jour : +${euros(after - before)}`, { exact: false }).waitFor();
    await shot(page, 'quote-today-price-1440-light', false);
    await panel.getByRole('button', { name: 'Mettre à jour les prix' }).click();
    await page.getByText('Prix mis à jour', { exact: true }).first().waitFor();
    await panel.waitFor({ state: 'detached' });
    const stored = await getJson<QuoteDetail>(api, `${server.url}/api/quotes/${draft.id}`);
    expect(Math.round(Number(stored.stored!.pricing.totalInclVat) * 100)).toBe(after);
    expect(stored.todayDifference).toBeNull();

    // The demo source serves gold again for whoever comes next.
    await sendJson(rootApi, 'PATCH', `${server.url}/api/superadmin/data-sources/${source.id}`, { enabled: false });
    await sendJson(rootApi, 'POST', `${server.url}/api/spot/refresh`, { metal: 'gold' });
    root.expectNoConsoleErrors();
    await root.close();
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('an unknown or revoked share link says so in French', async () => {
    const w = await openPage(browser, { viewport: DESKTOP });
    await w.page.goto(`${server.url}/devis/partage/${'x'.repeat(43)}`);
    await w.page.getByText('Ce devis n’est plus disponible', { exact: true }).waitFor();
    await w.page
      .getByTestId('shared-quote-error')
      .getByText('Ce lien de devis est invalide ou a été révoqué.')
      .waitFor();
    await shot(w.page, 'shared-quote-invalid-1440');
    w.expectNoConsoleErrors([/status of 404 .*\/api\/shared-quotes\//]);
    await w.close();
  });
});
