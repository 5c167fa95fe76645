import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Stone } from '@shared/schemas/stones';
import { sendJson } from './api';
import type { AppServer } from './app-server';
import { MOBILE, openPage } from './page';
import { uniqueWord } from './page-checks';
import { signIn } from './session';
import { shareAppAndBrowser } from './suite';

let server: AppServer;
let browser: Browser;
shareAppAndBrowser((s, b) => ((server = s), (browser = b)));

/** The on-hand quantity as the panel shows it (French spaces normalised). */
async function onHand(page: Page): Promise<string> {
  return ((await page.getByTestId('stock-on-hand').textContent()) ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();
}

async function stockValue(page: Page): Promise<string> {
  return ((await page.getByTestId('stock-value').textContent()) ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();
}

async function historyRows(page: Page): Promise<string[]> {
  const rows = await page.getByTestId('stock-movement').allTextContents();
  return rows.map((r) => r.replace(/[\u00a0\u202f]/g, ' '));
}

describe('stock movements of a stone', () => {
  let stone: Stone;

  it('records an entry and a sale: the quantity on hand, its value and the history follow', async () => {
    const dir = process.env.SCREENSHOTS_DIR;
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'admin');
    const name = `Mêlée ${uniqueWord()}`;

    // A melee lot counted in carats, through the stone's form: no quantity is typed there.
    await w.page.goto(`${server.url}/stones/new`);
    await w.page.getByLabel('Nom', { exact: true }).fill(name);
    await w.page.getByLabel('Catégorie').selectOption('lot_melee');
    expect(await w.page.getByLabel('Quantité en stock').count()).toBe(0);
    await w.page.getByLabel('Unité de stock').selectOption('ct');
    await w.page.getByLabel('Longueur (mm)').fill('2,5');
    await w.page.getByLabel('Largeur (mm)').fill('1,5');
    await w.page.getByLabel('Coût unitaire', { exact: true }).fill('100');
    await w.page.getByRole('button', { name: 'Créer l’article' }).click();
    await w.page.waitForURL(`${server.url}/stones`);
    const created = await w.page.request.get(`${server.url}/api/stones?q=${encodeURIComponent(name)}`);
    stone = ((await created.json()) as { items: Stone[] }).items[0]!;
    expect(stone).toMatchObject({ stockUnit: 'ct', stockQuantity: '0.000', lengthMm: '2.50', widthMm: '1.50' });

    await w.page.goto(`${server.url}/stones/${stone.id}`);
    const panel = w.page.getByTestId('stock-panel');
    await panel.getByRole('heading', { name: 'Mouvements de stock' }).waitFor();
    await panel.getByText('Aucun mouvement de stock.', { exact: true }).waitFor();
    expect(await onHand(w.page)).toBe('0 ct');
    const form = w.page.getByRole('form', { name: 'Enregistrer un mouvement de stock' });

    // An entry of 12,5 ct.
    await form.getByLabel('Type').selectOption('in');
    await form.getByLabel('Quantité (ct)').fill('12,5');
    await form.getByRole('button', { name: 'Enregistrer le mouvement' }).click();
    await w.page.getByText('Mouvement enregistré', { exact: true }).waitFor();
    await w.page.waitForFunction(
      () => document.querySelector('[data-testid="stock-on-hand"]')?.textContent?.replace(/\s/g, '') === '12,5ct',
    );
    expect(await stockValue(w.page)).toBe('1 250,00 €');
    expect(await historyRows(w.page)).toHaveLength(1);
    expect((await historyRows(w.page))[0]).toContain('Entrée');
    expect((await historyRows(w.page))[0]).toContain('+12,5 ct');

    // An adjustment needs its reason: said in French before anything is sent.
    await form.getByLabel('Type').selectOption('adjustment');
    await form.getByLabel('Quantité (ct)').fill('-0,5');
    await form.getByRole('button', { name: 'Enregistrer le mouvement' }).click();
    await form.getByText('Le motif est obligatoire pour un ajustement', { exact: true }).waitFor();

    // A sale beyond the stock: the server's answer under the quantity.
    await form.getByLabel('Type').selectOption('sold');
    await form.getByLabel('Quantité (ct)').fill('20');
    await form.getByRole('button', { name: 'Enregistrer le mouvement' }).click();
    await form.getByText('Stock insuffisant : 12,5 ct en stock', { exact: true }).waitFor();
    expect(await onHand(w.page)).toBe('12,5 ct');

    // A sale of 2,25 ct.
    await form.getByLabel('Quantité (ct)').fill('2,25');
    await form.getByRole('button', { name: 'Enregistrer le mouvement' }).click();
    await w.page.waitForFunction(
      () => document.querySelector('[data-testid="stock-on-hand"]')?.textContent?.replace(/\s/g, '') === '10,25ct',
    );
    expect(await stockValue(w.page)).toBe('1 025,00 €');
    await w.page.waitForFunction(() => document.querySelectorAll('[data-testid="stock-movement"]').length === 2);
    const rows = await historyRows(w.page);
    expect(rows[0]).toContain('Vente');
    expect(rows[0]).toContain('−2,25 ct');
    expect(rows[1]).toContain('Entrée');

    // The stone's form followed the new version: saving it now is not a conflict.
    await w.page.getByLabel('Emplacement').fill('Coffre B2');
    await w.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await w.page.getByText('Article modifié', { exact: true }).waitFor();

    if (dir) {
      await w.page.goto(`${server.url}/stones/${stone.id}`);
      await w.page.getByTestId('stock-movement').first().waitFor();
      await w.page.screenshot({ path: `${dir}/stone-stock-1440.png`, fullPage: true });
    }
    w.expectNoConsoleErrors([/status of 409 .*\/api\/stones\/[0-9a-f-]{36}\/movements$/]);
    await w.close();
  });

  it('at 375 px, and read-only for sales: the stock and its history without the form', async () => {
    const dir = process.env.SCREENSHOTS_DIR;
    const m = await openPage(browser, { viewport: MOBILE });
    await signIn(m.page, server.url, 'admin');
    // An adjustment with its reason, as a third line of the history.
    await sendJson(m.page.request, 'POST', `${server.url}/api/stones/${stone.id}/movements`, {
      kind: 'adjustment',
      quantity: '-0,25',
      reason: 'Pesée de contrôle',
    });
    await m.page.goto(`${server.url}/stones/${stone.id}`);
    // On a phone the history is one block per movement.
    await m.page.waitForFunction(() => document.querySelectorAll('[data-testid="stock-movement-card"]').length === 3);
    expect(await onHand(m.page)).toBe('10 ct');
    const first = await m.page.getByTestId('stock-movement-card').first().textContent();
    expect(first).toContain('Ajustement');
    expect(first).toContain('Pesée de contrôle');
    expect(await m.page.getByTestId('stock-movement').first().isVisible()).toBe(false);
    await m.page.getByRole('form', { name: 'Enregistrer un mouvement de stock' }).waitFor();
    if (dir) await m.page.screenshot({ path: `${dir}/stone-stock-375.png`, fullPage: true });
    m.expectNoConsoleErrors();
    await m.close();

    const s = await openPage(browser);
    await signIn(s.page, server.url, 'commercial');
    await s.page.goto(`${server.url}/stones/${stone.id}`);
    await s.page.getByTestId('stock-movement').first().waitFor();
    expect(await onHand(s.page)).toBe('10 ct');
    expect(await s.page.getByRole('form', { name: 'Enregistrer un mouvement de stock' }).count()).toBe(0);
    s.expectNoConsoleErrors();
    await s.close();
  });
});
