/**
 * Work orders ("Ordres de fabrication"): a manager creates one from scratch and gives it three steps; the workshop
 * moves a card across the board (button, then drag and drop); a late order is marked "En retard" in the list and on
 * the board; metal issued then returned shows its loss in g and %; an accepted quote becomes a work order from its
 * page. Screenshots of the list, the detail and the board at 1440 and 375 px, light and dark, go to SCREENSHOTS_DIR
 * when set (e.g. /tmp/shots), never into the repository.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from '@shared/constants';
import type { ListResponse } from '@shared/schemas/lists';
import type { WorkOrder, WorkOrderDetail } from '@shared/schemas/work-orders';
import { getJson, sendJson } from './api';
import type { AppServer } from './app-server';
import { DESKTOP, MOBILE, openPage, type WatchedPage } from './page';
import { axeViolations, noHorizontalOverflow, uniqueWord } from './page-checks';
import { signIn } from './session';
import { shareAppAndBrowser } from './suite';

let server: AppServer;
let browser: Browser;
shareAppAndBrowser((s, b) => ((server = s), (browser = b)));

const shotsDir = process.env.SCREENSHOTS_DIR;
if (shotsDir) mkdirSync(shotsDir, { recursive: true });

async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage });
}

/** Spaces of any kind as plain ones: the French grouping uses narrow no-break spaces. */
const plain = (s: string | null) =>
  (s ?? '')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A day `offset` days from today, YYYY-MM-DD (UTC: far enough from midnight for the tests' offsets). */
function day(offset: number): string {
  return new Date(Date.now() + offset * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

interface Named {
  id: string;
  name: string;
}

/** The demo's production steps in their order, and its alloys. */
async function referentials(page: Page): Promise<{ steps: Named[]; alloys: Named[] }> {
  const steps = await getJson<ListResponse<Named>>(
    page.request,
    `${server.url}/api/production-steps?pageSize=100&sort=position`,
  );
  const alloys = await getJson<Named[]>(page.request, `${server.url}/api/alloy-prices`);
  expect(steps.items.length).toBeGreaterThanOrEqual(3);
  return { steps: steps.items, alloys };
}

/** A work order made through the API (as the signed-in page), with a route of the given production steps. */
async function seedOrder(
  page: Page,
  input: { title: string; dueDate?: string; priority?: string; steps?: Named[] },
): Promise<WorkOrderDetail> {
  const created = await sendJson<WorkOrder>(page.request, 'POST', `${server.url}/api/work-orders`, {
    title: input.title,
    dueDate: input.dueDate ?? day(30),
    priority: input.priority ?? 'normale',
  });
  if (!input.steps?.length)
    return getJson<WorkOrderDetail>(page.request, `${server.url}/api/work-orders/${created.id}`);
  return sendJson<WorkOrderDetail>(page.request, 'PUT', `${server.url}/api/work-orders/${created.id}/steps`, {
    version: created.version,
    steps: input.steps.map((s) => ({ productionStepId: s.id })),
  });
}

/** A page in a theme, set before the app starts (as a returning user's saved choice); bypassCSP lets axe in. */
async function themedPage(viewport: typeof DESKTOP | typeof MOBILE, theme: 'light' | 'dark'): Promise<WatchedPage> {
  const w = await openPage(browser, { viewport, colorScheme: theme, bypassCSP: true });
  await w.page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    THEME_STORAGE_KEY,
    theme,
  ] as const);
  return w;
}

/** The board column of a production step (or "Terminé"). */
const column = (page: Page, name: string): Locator =>
  page.locator(`[data-testid="board-column"][data-column="${name}"]`);
const card = (scope: Page | Locator, number: string): Locator =>
  scope.locator(`[data-testid="board-card"][data-number="${number}"]`);

describe('work orders', () => {
  it('a manager creates an order from scratch, gives it three steps, reorders them and saves', async () => {
    const w = await openPage(browser);
    const { page } = w;
    await signIn(page, server.url, 'manager');
    const word = uniqueWord();
    const title = `Bague ${word}`;

    await page.getByTestId('sidebar').getByRole('link', { name: 'Ordres Fabrication', exact: true }).click();
    await page.waitForURL(`${server.url}/work-orders`);
    await page.getByRole('heading', { name: 'Ordres de fabrication', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Nouvel ordre' }).click();
    await page.waitForURL(`${server.url}/work-orders/new`);

    // The shared schema answers in French before anything is sent.
    await page.getByRole('button', { name: 'Créer l’ordre' }).click();
    await page.getByText('Le titre est obligatoire', { exact: true }).waitFor();

    await page.getByLabel('Titre').fill(title);
    await page.getByLabel('Échéance').fill('2027-03-01');
    await page.getByLabel('Priorité').selectOption({ label: 'Haute' });
    await page.getByLabel('Description').fill('Solitaire or jaune 18 carats, griffes');
    await page.getByRole('button', { name: 'Créer l’ordre' }).click();
    await page.waitForURL(/\/work-orders\/[0-9a-f-]{36}$/);
    await page.getByText('Ordre de fabrication créé', { exact: true }).first().waitFor();
    await page.getByRole('heading', { name: /^OF-\d{4}-\d{4}$/, level: 1 }).waitFor();
    const number = plain(await page.locator('main h1').first().textContent());
    expect(number).toMatch(/^OF-\d{4}-\d{4}$/);
    await page.getByTestId('work-order-route').getByText('Aucune étape.', { exact: false }).waitFor();

    // Three steps from the référentiel.
    const { steps } = await referentials(page);
    const route = page.getByTestId('work-order-route');
    for (const step of steps.slice(0, 3)) {
      await route.getByLabel('Étape à ajouter').selectOption({ label: step.name });
      await route.getByRole('button', { name: 'Ajouter l’étape' }).click();
    }
    const rows = route.getByTestId('route-step');
    await expect.poll(() => rows.count()).toBe(3);

    // The second one goes to a subcontractor; the first one has a planned time typed the French way.
    await rows.nth(1).getByLabel('Réalisée par').selectOption('supplier');
    const supplierSelect = rows.nth(1).getByLabel('Sous-traitant');
    await expect.poll(() => supplierSelect.locator('option').count()).toBeGreaterThan(1);
    await supplierSelect.selectOption({ index: 1 });
    await rows.nth(1).getByLabel('Prix par pièce (€)').fill('12,5');
    await rows.nth(0).getByLabel('Temps prévu (min)').fill('90');

    // The third step moves up with the keyboard: focus stays on the moved step.
    const third = steps[2]!.name;
    await route.getByRole('button', { name: `Monter l’étape ${third}` }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => plain(await rows.nth(1).getAttribute('aria-label'))).toBe(`Étape 2 : ${third}`);

    await route.getByRole('button', { name: 'Enregistrer les étapes' }).click();
    await page.getByText('Étapes enregistrées', { exact: true }).first().waitFor();

    // Saved as shown, in that order, once read again.
    await page.reload();
    await expect.poll(() => rows.count()).toBe(3);
    const names = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    expect(names).toEqual([`Étape 1 : ${steps[0]!.name}`, `Étape 2 : ${third}`, `Étape 3 : ${steps[1]!.name}`]);
    expect(await rows.nth(0).getByLabel('Temps prévu (min)').inputValue()).toBe('90');
    expect(await rows.nth(2).getByLabel('Prix par pièce (€)').inputValue()).toBe('12,50');

    // Removing asks first; cancelled, the step stays.
    await route.getByRole('button', { name: `Retirer l’étape ${third}` }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Retirer cette étape ?', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect.poll(() => rows.count()).toBe(3);

    // Someone else saves the route meanwhile: the stale save keeps what was typed and offers to reload.
    const orderId = new URL(page.url()).pathname.split('/')[2]!;
    const current = await getJson<WorkOrderDetail>(page.request, `${server.url}/api/work-orders/${orderId}`);
    await sendJson(page.request, 'PUT', `${server.url}/api/work-orders/${orderId}/steps`, {
      version: current.version,
      steps: current.steps.map((st, i) => ({ ...st, plannedMinutes: i === 0 ? 30 : st.plannedMinutes })),
    });
    await rows.nth(1).getByLabel('Temps passé (min)').fill('15');
    await route.getByRole('button', { name: 'Enregistrer les étapes' }).click();
    const conflict = route.getByRole('alert').filter({ hasText: 'modifié par quelqu' });
    await conflict.waitFor();
    expect(await rows.nth(1).getByLabel('Temps passé (min)').inputValue()).toBe('15');
    await conflict.getByRole('button', { name: 'Recharger' }).click();
    await expect.poll(() => rows.nth(0).getByLabel('Temps prévu (min)').inputValue()).toBe('30');
    expect(await rows.nth(1).getByLabel('Temps passé (min)').inputValue()).toBe('');

    // The list finds it, with its progress.
    await page.goto(`${server.url}/work-orders?q=${word}`);
    const row = page.getByRole('row').filter({ hasText: title });
    await row.waitFor();
    expect(plain(await row.textContent())).toContain(number);
    expect(plain(await row.textContent())).toContain('0/3');

    w.expectNoConsoleErrors([/status of 409 .*\/steps$/]);
    await w.close();
  });

  it('a late order is marked "En retard" in the list, on the board and on its page; a step started early is flagged', async () => {
    const w = await openPage(browser);
    const { page } = w;
    await signIn(page, server.url, 'manager');
    const word = uniqueWord();
    const { steps } = await referentials(page);
    const late = await seedOrder(page, { title: `Pendentif ${word}`, dueDate: day(-5), steps: steps.slice(0, 2) });
    expect(late.late).toBe(true);

    await page.goto(`${server.url}/work-orders`);
    await page.getByLabel('Retard', { exact: true }).selectOption({ label: 'En retard' });
    await page.waitForURL((url) => url.searchParams.get('late') === 'true');
    const row = page.getByRole('row').filter({ hasText: late.number });
    await row.getByText('En retard', { exact: true }).waitFor();

    await page.getByRole('link', { name: 'Tableau atelier' }).click();
    await page.waitForURL(`${server.url}/work-orders/board`);
    const lateCard = card(column(page, steps[0]!.name), late.number);
    await lateCard.getByText('En retard', { exact: true }).waitFor();

    // Its second step started before the first one is done: allowed, and said on the order's route.
    const started = await sendJson<WorkOrderDetail>(
      page.request,
      'POST',
      `${server.url}/api/work-orders/${late.id}/steps/${late.steps[1]!.id}/status`,
      { version: late.version, status: 'en_cours' },
    );
    expect(started.steps[1]!.startedOutOfOrder).toBe(true);
    await lateCard.getByRole('link', { name: late.number }).click();
    await page.waitForURL(`${server.url}/work-orders/${late.id}`);
    const second = page.getByTestId('route-step').nth(1);
    await second.getByText('Commencée avant la fin de l’étape précédente', { exact: true }).waitFor();
    expect(await page.getByTestId('route-step').nth(0).getByTestId('out-of-order').count()).toBe(0);
    await page.getByTestId('work-order-page').getByText('En retard', { exact: true }).first().waitFor();

    w.expectNoConsoleErrors();
    await w.close();
  });

  it('the workshop moves a card along the board with its button, then by drag and drop', async () => {
    const w = await openPage(browser);
    const { page } = w;
    await signIn(page, server.url, 'manager');
    const word = uniqueWord();
    const { steps } = await referentials(page);
    const [first, second, third] = steps as [Named, Named, Named];
    const order = await seedOrder(page, {
      title: `Alliance ${word}`,
      priority: 'urgente',
      steps: [first, second, third],
    });
    await w.close();

    const p = await openPage(browser);
    await signIn(p.page, server.url, 'production');
    await p.page.goto(`${server.url}/work-orders/board`);
    await card(column(p.page, first.name), order.number).waitFor();

    // Keyboard: the card's own button.
    await card(p.page, order.number).getByRole('button', { name: 'Étape suivante' }).focus();
    await p.page.keyboard.press('Enter');
    await card(column(p.page, second.name), order.number).waitFor();
    // Focus follows the card to its new column.
    await expect
      .poll(() =>
        p.page.evaluate(() =>
          document.activeElement?.closest('[data-testid="board-card"]')?.getAttribute('data-number'),
        ),
      )
      .toBe(order.number);
    await p.page.getByText(`${order.number} avance`, { exact: true }).first().waitFor();

    // Drag and drop onto the next column.
    await card(p.page, order.number).dragTo(column(p.page, third.name));
    await card(column(p.page, third.name), order.number).waitFor();
    const saved = await getJson<WorkOrderDetail>(p.page.request, `${server.url}/api/work-orders/${order.id}`);
    expect(saved.steps.map((s) => s.status)).toEqual(['termine', 'termine', 'en_cours']);

    // Read roles see the board but do not move cards.
    const sales = await openPage(browser);
    await signIn(sales.page, server.url, 'commercial');
    await sales.page.goto(`${server.url}/work-orders/board`);
    await card(sales.page, order.number).waitFor();
    expect(await card(sales.page, order.number).getByRole('button', { name: 'Étape suivante' }).count()).toBe(0);
    sales.expectNoConsoleErrors();
    await sales.close();

    p.expectNoConsoleErrors();
    await p.close();
  });

  it('metal issued then returned shows the loss in grams and %, flagged above the threshold', async () => {
    const w = await openPage(browser);
    const { page } = w;
    await signIn(page, server.url, 'manager');
    const word = uniqueWord();
    const { steps, alloys } = await referentials(page);
    const alloy = alloys.find((a) => a.name.includes('18')) ?? alloys[0]!;
    const order = await seedOrder(page, { title: `Chevalière ${word}`, steps: steps.slice(0, 1) });
    // The order is finished: the difference between issued and returned is then a loss.
    await sendJson(page.request, 'POST', `${server.url}/api/work-orders/${order.id}/advance`, {
      version: order.version,
    });

    await page.goto(`${server.url}/work-orders/${order.id}`);
    const metal = page.getByTestId('work-order-metal');
    const issue = metal.getByTestId('metal-issue-form');
    await issue.getByLabel('Alliage').selectOption({ label: alloy.name });
    await issue.getByLabel('Poids sorti (g)').fill('10,5');
    await issue.getByRole('button', { name: 'Enregistrer la sortie' }).click();
    await page.getByText('Sortie de métal enregistrée', { exact: true }).first().waitFor();

    const back = metal.getByTestId('metal-return-form');
    await back.getByLabel('Alliage').selectOption({ label: alloy.name });
    await back.getByLabel('Pièce (g)').fill('9,8');
    await back.getByLabel('Limaille (g)').fill('0,4');
    await back.getByRole('button', { name: 'Enregistrer le retour' }).click();
    await page.getByText('Retour de métal enregistré', { exact: true }).first().waitFor();

    // 10,5 g out, 10,2 g back: 0,3 g lost, 2,86 %, under the 3 % threshold.
    const balance = metal.getByTestId('metal-balance-row').filter({ hasText: alloy.name });
    await expect.poll(async () => plain(await balance.textContent())).toContain('0,300 g');
    expect(plain(await balance.textContent())).toContain('10,500 g');
    expect(plain(await balance.textContent())).toContain('10,200 g');
    expect(plain(await balance.textContent())).toContain('2,86 %');
    expect(await balance.getByTestId('loss-flag').count()).toBe(0);
    expect(await metal.getByTestId('metal-movements').getByRole('row').count()).toBe(3);

    // Another 2 g out and 1,5 g back: 0,8 g lost of 12,5 g, 6,40 %, above the threshold.
    await issue.getByLabel('Poids sorti (g)').fill('2');
    await issue.getByRole('button', { name: 'Enregistrer la sortie' }).click();
    await expect.poll(async () => plain(await balance.textContent())).toContain('12,500 g');
    await back.getByLabel('Pièce (g)').fill('1,5');
    await back.getByRole('button', { name: 'Enregistrer le retour' }).click();
    await expect.poll(async () => plain(await balance.textContent())).toContain('6,40 %');
    await balance.getByText('Perte au-dessus du seuil de 3 %', { exact: true }).waitFor();

    // The ledger counts it.
    await page.goto(`${server.url}/work-orders/metal`);
    await page.getByRole('heading', { name: 'Registre métal', level: 1 }).waitFor();
    await page.getByTestId('metal-balance-row').filter({ hasText: alloy.name }).waitFor();

    w.expectNoConsoleErrors();
    await w.close();
  });

  it('stones go from stock to the order and back ("12,5" accepted); the job sheet opens as a PDF', async () => {
    const w = await openPage(browser);
    const { page } = w;
    await signIn(page, server.url, 'manager');
    const word = uniqueWord();
    const stone = await sendJson<{ id: string; name: string }>(page.request, 'POST', `${server.url}/api/stones`, {
      category: 'lot_melee',
      name: `Saphirs ${word}`,
      stockUnit: 'ct',
    });
    await sendJson(page.request, 'POST', `${server.url}/api/stones/${stone.id}/movements`, {
      kind: 'in',
      quantity: '50',
    });
    const order = await seedOrder(page, { title: `Bague saphirs ${word}` });
    await w.close();

    // The workshop does it.
    const p = await openPage(browser);
    await signIn(p.page, server.url, 'production');
    await p.page.goto(`${server.url}/work-orders/${order.id}`);
    const panel = p.page.getByTestId('work-order-stones');
    await panel.getByText('Aucune pierre sortie pour cet ordre.', { exact: true }).waitFor();
    await panel.getByLabel('Rechercher une pierre ou un composant').fill(word);
    const select = panel.getByLabel('Pierre ou composant', { exact: true });
    await select.locator('option', { hasText: stone.name }).waitFor({ state: 'attached' });
    await select.selectOption({ value: stone.id });
    await panel.getByLabel('Quantité').fill('12,5');
    await panel.getByRole('button', { name: 'Enregistrer' }).click();
    await p.page.getByText('Pierre sortie du stock', { exact: true }).first().waitFor();
    const rows = panel.getByTestId('stone-movements').getByRole('row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(plain(await rows.nth(1).textContent())).toContain('12,5');

    // More back than the order holds: refused in French on the field.
    await panel.getByLabel('Mouvement', { exact: true }).selectOption({ label: 'Retour au stock' });
    await panel.getByLabel('Quantité').fill('20');
    await panel.getByRole('button', { name: 'Enregistrer' }).click();
    await panel.getByText(/^Retour impossible/).waitFor();
    await panel.getByLabel('Quantité').fill('2,5');
    await panel.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => rows.count()).toBe(3);
    expect(plain(await rows.nth(2).textContent())).toContain('Retour au stock');
    const held = await getJson<{ stockQuantity: string }>(p.page.request, `${server.url}/api/stones/${stone.id}`);
    expect(Number(held.stockQuantity)).toBe(40);
    // The stone's own page shows the stock lowered (50 - 12,5 + 2,5) and the order's movements.
    await p.page.goto(`${server.url}/stones/${stone.id}`);
    const onHand = p.page.getByTestId('stock-on-hand');
    await expect.poll(async () => plain(await onHand.textContent())).toBe('40 ct');
    await p.page.getByText('Sortie vers OF', { exact: false }).first().waitFor();
    await p.page.goto(`${server.url}/work-orders/${order.id}`);

    // The job sheet.
    const link = p.page.getByRole('link', { name: 'Fiche atelier (PDF)' });
    expect(await link.getAttribute('target')).toBe('_blank');
    const pdf = await p.page.request.get(`${server.url}${(await link.getAttribute('href')) ?? ''}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');

    p.expectNoConsoleErrors([/status of 409 .*\/stones$/]);
    await p.close();
  });

  it('an accepted quote becomes a work order from its page, which then links to it and shows the project photos', async () => {
    const w = await openPage(browser);
    const { page } = w;
    await signIn(page, server.url, 'manager');
    const word = uniqueWord();
    const { steps, alloys } = await referentials(page);
    const alloy = alloys.find((a) => a.name.includes('18')) ?? alloys[0]!;
    const client = await sendJson<{ id: string }>(page.request, 'POST', `${server.url}/api/clients`, {
      civility: 'Mme',
      firstName: 'Inès',
      lastName: `Devis${word}`,
      city: 'Lyon',
    });
    const project = await sendJson<{ id: string }>(page.request, 'POST', `${server.url}/api/projects`, {
      title: `Bracelet sur mesure ${word}`,
      clientId: client.id,
    });
    await sendJson(page.request, 'POST', `${server.url}/api/projects/${project.id}/photos`, {
      filename: 'croquis.png',
      contentType: 'image/png',
      // A 1 x 1 PNG.
      dataBase64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    });
    const draft = await sendJson<{ id: string; version: number }>(page.request, 'POST', `${server.url}/api/quotes`, {
      title: `Bracelet ${word}`,
      clientId: client.id,
      projectId: project.id,
      lines: [
        { kind: 'metal', alloyId: alloy.id, weightG: '4', label: 'Jonc or jaune' },
        { kind: 'labour', productionStepId: steps[0]!.id, minutes: '60' },
      ],
    });
    const sent = await sendJson<{ id: string; version: number }>(
      page.request,
      'POST',
      `${server.url}/api/quotes/${draft.id}/send`,
      { version: draft.version },
    );
    await sendJson(page.request, 'POST', `${server.url}/api/quotes/${sent.id}/accept`, { version: sent.version });

    await page.goto(`${server.url}/quotes/${draft.id}`);
    await page.getByTestId('quote-view').waitFor();
    await page.getByRole('button', { name: 'Créer l’ordre de fabrication' }).click();
    await page.waitForURL(/\/work-orders\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: /^OF-\d{4}-\d{4}$/, level: 1 }).waitFor();
    const number = plain(await page.locator('main h1').first().textContent());
    await page.getByTestId('work-order-lines').getByText('Jonc or jaune', { exact: true }).waitFor();
    await page.getByRole('link', { name: /^Devis D-/ }).waitFor();
    await expect.poll(() => page.getByTestId('route-step').count()).toBe(1);
    // The project's sketch, served through the order.
    const sketch = page.getByTestId('work-order-photos').getByRole('img', { name: 'croquis.png' });
    await sketch.waitFor();
    await expect.poll(() => sketch.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    expect(await sketch.getAttribute('src')).toMatch(/^\/api\/work-orders\/[0-9a-f-]{36}\/photos\/[0-9a-f-]{36}$/);
    await shoot(page, 'work-order-from-quote-1440');

    // Back on the quote: the link to its work order instead of the button.
    await page.goto(`${server.url}/quotes/${draft.id}`);
    const link = page.getByRole('link', { name: `Ordre de fabrication ${number}` });
    await link.waitFor();
    await shoot(page, 'quote-with-work-order-1440', false);
    await link.click();
    await page.waitForURL(/\/work-orders\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: number, level: 1 }).waitFor();

    w.expectNoConsoleErrors();
    await w.close();
  });

  it('the list, the detail and the board at 1440 and 375 px, light and dark, without axe violations', async () => {
    const seed = await openPage(browser);
    await signIn(seed.page, server.url, 'manager');
    const word = uniqueWord();
    const { steps, alloys } = await referentials(seed.page);
    const order = await seedOrder(seed.page, {
      title: `Collier ${word}`,
      dueDate: day(-2),
      priority: 'haute',
      steps: steps.slice(0, 3),
    });
    await sendJson(seed.page.request, 'POST', `${server.url}/api/work-orders/${order.id}/metal`, {
      kind: 'issue',
      alloyId: alloys[0]!.id,
      weightG: '7,25',
    });
    await seedOrder(seed.page, { title: `Boucles ${word}`, steps: steps.slice(1, 3) });
    await seed.close();

    for (const [viewport, size] of [
      [DESKTOP, '1440'],
      [MOBILE, '375'],
    ] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const w = await themedPage(viewport, theme);
        await signIn(w.page, server.url, 'manager');

        await w.page.goto(`${server.url}/work-orders`);
        await w.page.getByRole('row').filter({ hasText: order.number }).waitFor();
        await w.page.waitForLoadState('networkidle');
        if (size === '375') await noHorizontalOverflow(w.page);
        await shoot(w.page, `work-orders-list-${size}-${theme}`);
        expect(await axeViolations(w.page), `work-orders-list ${size} ${theme}`).toEqual([]);

        await w.page.goto(`${server.url}/work-orders/${order.id}`);
        await w.page.getByTestId('route-step').first().waitFor();
        await w.page.waitForLoadState('networkidle');
        if (size === '375') await noHorizontalOverflow(w.page);
        await shoot(w.page, `work-order-detail-${size}-${theme}`);
        expect(await axeViolations(w.page), `work-order-detail ${size} ${theme}`).toEqual([]);

        await w.page.goto(`${server.url}/work-orders/board`);
        await card(w.page, order.number).waitFor();
        await w.page.waitForLoadState('networkidle');
        if (size === '375') await noHorizontalOverflow(w.page);
        await shoot(w.page, `work-orders-board-${size}-${theme}`);
        expect(await axeViolations(w.page), `work-orders-board ${size} ${theme}`).toEqual([]);

        await w.page.goto(`${server.url}/work-orders/metal`);
        await w.page.getByTestId('metal-balance-row').first().waitFor();
        if (size === '375') await noHorizontalOverflow(w.page);
        await shoot(w.page, `work-orders-metal-${size}-${theme}`);
        expect(await axeViolations(w.page), `work-orders-metal ${size} ${theme}`).toEqual([]);

        await w.page.goto(`${server.url}/work-orders/new`);
        await w.page.getByRole('heading', { name: 'Nouvel ordre de fabrication', level: 1 }).waitFor();
        await w.page.waitForLoadState('networkidle');
        if (size === '375') await noHorizontalOverflow(w.page);
        expect(await axeViolations(w.page), `work-order-new ${size} ${theme}`).toEqual([]);

        w.expectNoConsoleErrors();
        await w.close();
      }
    }
  });
});
