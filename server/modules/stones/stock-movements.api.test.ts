import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stone, StockMovementPage, StockMovementResult } from '@shared/schemas/stones';
import type { Db } from '../../db/client';
import { marketReadings, stockMovements, workOrders } from '../../db/schema';
import { AppError } from '../../http/errors';
import { createOrganization, createTestApp, signedInClient, TestClient, type TestApp } from '../../test/harness';
import { auditEntries, body, send } from '../../lists/test-helpers';
import { recordStockMovement } from './stock-movements';

let t: TestApp;
let orgId: string;
let admin: TestClient;
let adminName: string;

type ErrorBody = { code: string; message: string; fieldErrors?: Record<string, string[]> };

async function create(client: TestClient, payload: Record<string, unknown>): Promise<Stone> {
  const res = await send(client, 'POST', '/api/stones', payload);
  expect(res.statusCode, res.body).toBe(201);
  return body<Stone>(res);
}

const move = (client: TestClient, stone: Stone, payload: Record<string, unknown>, options: { csrf?: boolean } = {}) =>
  send(client, 'POST', `/api/stones/${stone.id}/movements`, payload, options);

async function moved(client: TestClient, stone: Stone, payload: Record<string, unknown>): Promise<StockMovementResult> {
  const res = await move(client, stone, payload);
  expect(res.statusCode, res.body).toBe(201);
  return body<StockMovementResult>(res);
}

async function stockOf(client: TestClient, stone: Stone): Promise<string> {
  return body<Stone>(await client.get(`/api/stones/${stone.id}`)).stockQuantity;
}

async function history(client: TestClient, stone: Stone, query = ''): Promise<StockMovementPage> {
  const res = await client.get(`/api/stones/${stone.id}/movements${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return body<StockMovementPage>(res);
}

async function newWorkOrder(organizationId: string, seq: number): Promise<string> {
  const [row] = await t.handle.db
    .insert(workOrders)
    .values({
      organizationId,
      number: `OF-2026-${String(seq).padStart(4, '0')}`,
      numberYear: 2026,
      numberSeq: seq,
      title: 'Bague solitaire',
    })
    .returning({ id: workOrders.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  // 1 USD = 0.92 EUR for the stock value of stones bought in dollars.
  await t.handle.db.insert(marketReadings).values({
    instrument: 'USD/EUR',
    value: '0.92',
    source: 'test',
    observedAt: new Date(),
    fetchedAt: new Date(),
  });
  await (t.app.market as unknown as { reloadFromDb(): Promise<void> }).reloadFromDb();
  orgId = await createOrganization(t, 'Stock');
  admin = (await signedInClient(t, { role: 'admin', organizationId: orgId })).client;
  adminName = 'Prénom Nom';
});
afterAll(async () => {
  await t?.close();
});

describe('stock movements', () => {
  it('records an entry, dated and signed, and answers the stone with its new stock and value', async () => {
    const stone = await create(admin, { category: 'appret', name: 'Fermoir mousqueton', unitCost: '38' });
    expect(stone.stockQuantity).toBe('0.000');
    const { movement, stone: after } = await moved(admin, stone, { kind: 'in', quantity: '12' });
    expect(movement).toMatchObject({
      kind: 'in',
      quantity: '12.000',
      unit: 'pc',
      unitCost: '38.00',
      currency: 'EUR',
      userName: adminName,
      workOrderId: null,
      reason: null,
    });
    expect(Date.parse(movement.at)).not.toBeNaN();
    expect(after).toMatchObject({ stockQuantity: '12.000', stockValueEur: '456.00', version: 2 });
    const audit = (await auditEntries(t, orgId, 'stone')).filter((a) => a.action === 'stock-movement');
    expect(audit.at(-1)).toMatchObject({ entityId: stone.id });
    expect(audit.at(-1)!.changes).toMatchObject({ kind: 'in', quantity: '12.000', stockQuantity: '12.000' });
  });

  it('refuses an adjustment without a reason, with a field error', async () => {
    const stone = await create(admin, { category: 'autre', name: 'Sans motif' });
    const res = await move(admin, stone, { kind: 'adjustment', quantity: '-1' });
    expect(res.statusCode).toBe(400);
    expect(body<ErrorBody>(res).fieldErrors).toEqual({ reason: ['Le motif est obligatoire pour un ajustement'] });
    const blank = await move(admin, stone, { kind: 'adjustment', quantity: '2', reason: '   ' });
    expect(body<ErrorBody>(blank).fieldErrors).toEqual({ reason: ['Le motif est obligatoire pour un ajustement'] });
    const ok = await moved(admin, stone, { kind: 'adjustment', quantity: '+2', reason: 'Inventaire' });
    expect(ok.movement).toMatchObject({ quantity: '2.000', reason: 'Inventaire' });
  });

  it('refuses a sale or an adjustment beyond the stock (409, in French), leaving the stock as it was', async () => {
    const stone = await create(admin, { category: 'perle', name: 'Perle Akoya' });
    await moved(admin, stone, { kind: 'in', quantity: 2 });
    const sale = await move(admin, stone, { kind: 'sold', quantity: '3' });
    expect(sale.statusCode).toBe(409);
    expect(body<ErrorBody>(sale)).toMatchObject({
      message: 'Stock insuffisant : 2 en stock',
      fieldErrors: { quantity: ['Stock insuffisant : 2 en stock'] },
    });
    const adjustment = await move(admin, stone, { kind: 'adjustment', quantity: '-2,5', reason: 'Casse' });
    expect(adjustment.statusCode).toBe(400); // pieces are whole
    expect(body<ErrorBody>(adjustment).fieldErrors).toEqual({
      quantity: ['La quantité en pièces doit être un nombre entier'],
    });
    expect((await move(admin, stone, { kind: 'adjustment', quantity: '-3', reason: 'Casse' })).statusCode).toBe(409);
    expect(await stockOf(admin, stone)).toBe('2.000');
    expect((await history(admin, stone)).total).toBe(1);
  });

  it('keeps the quantity on hand equal to the sum of the movements, in carats, with the history newest first', async () => {
    const lot = await create(admin, {
      category: 'lot_melee',
      name: 'Mêlée 1,3 mm G VS',
      stockUnit: 'ct',
      unitCost: '650',
      currency: 'USD',
      lowStockThreshold: '1',
    });
    await moved(admin, lot, { kind: 'in', quantity: '12,5' });
    await moved(admin, lot, { kind: 'sold', quantity: '0.25' });
    await moved(admin, lot, { kind: 'adjustment', quantity: '-0,125', reason: 'Pesée de contrôle' });
    await moved(admin, lot, { kind: 'in', quantity: '1 000' });
    const stone = body<Stone>(await admin.get(`/api/stones/${lot.id}`));
    // 12.5 - 0.25 - 0.125 + 1000 = 1012.125 ct; x 650 USD x 0.92 = 605 250.75 EUR
    expect(stone).toMatchObject({ stockQuantity: '1012.125', stockUnit: 'ct', stockValueEur: '605250.75' });
    const page = await history(admin, lot);
    expect(page.total).toBe(4);
    expect(page.items.map((m) => [m.kind, m.quantity, m.unit])).toEqual([
      ['in', '1000.000', 'ct'],
      ['adjustment', '-0.125', 'ct'],
      ['sold', '-0.250', 'ct'],
      ['in', '12.500', 'ct'],
    ]);
    expect(page.items[1]).toMatchObject({ reason: 'Pesée de contrôle', userName: adminName });
    const sum = page.items.reduce((acc, m) => acc + Math.round(Number(m.quantity) * 1000), 0) / 1000;
    expect(sum).toBe(Number(stone.stockQuantity));
    const second = await history(admin, lot, '?page=2&pageSize=3');
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(second.items.map((m) => m.quantity)).toEqual(['12.500']);
    expect((await admin.get(`/api/stones/${lot.id}/movements?pageSize=1000`)).statusCode).toBe(400);
    // The low-stock filter reads the maintained sum.
    await moved(admin, lot, { kind: 'sold', quantity: '1011,5' });
    const low = body<{ items: Stone[] }>(await admin.get('/api/stones?lowStock=true&q=melee'));
    expect(low.items.map((s) => [s.name, s.stockQuantity])).toEqual([['Mêlée 1,3 mm G VS', '0.625']]);
  });

  it('lets exactly as many parallel sales through as there is stock, never below zero', async () => {
    const stone = await create(admin, { category: 'appret', name: 'Bélière' });
    await moved(admin, stone, { kind: 'in', quantity: '5' });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => move(admin, stone, { kind: 'sold', quantity: '1' })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 409, 409, 409, 409, 409]);
    expect(await stockOf(admin, stone)).toBe('0.000');
    expect((await history(admin, stone, '?pageSize=100')).total).toBe(6);
  });

  it('issues to a work order and takes back from it through recordStockMovement, in the caller’s transaction', async () => {
    const stone = await create(admin, { category: 'pierre_couleur', name: 'Saphir rose', unitCost: '120' });
    await moved(admin, stone, { kind: 'in', quantity: '4' });
    const workOrderId = await newWorkOrder(orgId, 1);
    const record = (input: Partial<Parameters<typeof recordStockMovement>[1]>) =>
      t.handle.db.transaction((tx) =>
        recordStockMovement(tx as unknown as Db, {
          organizationId: orgId,
          stoneId: stone.id,
          kind: 'out_work_order',
          quantity: '3',
          workOrderId,
          userId: null,
          userName: 'Atelier',
          at: new Date(),
          ...input,
        }),
      );
    const out = await record({});
    expect(out.stockQuantity).toBe('1.000');
    expect(out.movement).toMatchObject({ kind: 'out_work_order', quantity: '-3.000', workOrderId });
    expect((await record({ kind: 'return_work_order', quantity: '1' })).stockQuantity).toBe('2.000');
    await expect(record({ quantity: '5' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(record({ workOrderId: null })).rejects.toBeInstanceOf(AppError);
    await expect(record({ kind: 'in', quantity: '1' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    const foreignOrder = await newWorkOrder(await createOrganization(t), 1);
    await expect(record({ workOrderId: foreignOrder })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Ordre de fabrication introuvable',
    });
    const foreignOrg = await createOrganization(t);
    await expect(record({ organizationId: foreignOrg })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Pierre ou composant introuvable',
    });
    // A movement rolls back with the caller's transaction.
    await expect(
      t.handle.db.transaction(async (tx) => {
        await recordStockMovement(tx as unknown as Db, {
          organizationId: orgId,
          stoneId: stone.id,
          kind: 'out_work_order',
          quantity: '1',
          workOrderId,
          userId: null,
          userName: 'Atelier',
          at: new Date(),
        });
        throw new Error('annulé');
      }),
    ).rejects.toThrow('annulé');
    expect(await stockOf(admin, stone)).toBe('2.000');
    const page = await history(admin, stone);
    expect(page.items.map((m) => [m.kind, m.quantity, m.workOrderNumber])).toEqual([
      ['return_work_order', '1.000', 'OF-2026-0001'],
      ['out_work_order', '-3.000', 'OF-2026-0001'],
      ['in', '4.000', null],
    ]);
  });

  it('refuses the work-order kinds on the stone’s own route, with a field error', async () => {
    const stone = await create(admin, { category: 'autre', name: 'Pas ici' });
    for (const kind of ['out_work_order', 'return_work_order']) {
      const res = await move(admin, stone, { kind, quantity: '1' });
      expect(res.statusCode).toBe(400);
      expect(body<ErrorBody>(res).fieldErrors).toEqual({
        kind: ['Les sorties vers un OF et les retours d’OF se font depuis l’ordre de fabrication'],
      });
    }
    const unknown = await move(admin, stone, { kind: 'vol', quantity: '1' });
    expect(body<ErrorBody>(unknown).fieldErrors).toEqual({
      kind: ['Type de mouvement : choisir parmi Entrée, Ajustement, Vente'],
    });
  });

  it('follows the matrix: sales and production read the history but may not post; 401 signed out', async () => {
    const stone = await create(admin, { category: 'autre', name: 'Matrice stock' });
    await moved(admin, stone, { kind: 'in', quantity: '1' });
    for (const role of ['sales', 'production']) {
      const { client } = await signedInClient(t, { role, organizationId: orgId });
      expect((await history(client, stone)).total).toBe(1);
      expect((await move(client, stone, { kind: 'in', quantity: '1' })).statusCode).toBe(403);
    }
    const { client: manager } = await signedInClient(t, { role: 'manager', organizationId: orgId });
    expect((await move(manager, stone, { kind: 'sold', quantity: '1' })).statusCode).toBe(201);
    expect((await new TestClient(t.app).get(`/api/stones/${stone.id}/movements`)).statusCode).toBe(401);
    expect(await stockOf(admin, stone)).toBe('0.000');
  });

  it('answers 404 for another organization’s stone, an unknown or malformed id', async () => {
    const stone = await create(admin, { category: 'autre', name: 'Chez nous' });
    await moved(admin, stone, { kind: 'in', quantity: '3' });
    const { client: other } = await signedInClient(t, { role: 'admin' });
    const res = await move(other, stone, { kind: 'sold', quantity: '1' });
    expect(res.statusCode).toBe(404);
    expect(body<ErrorBody>(res).message).toBe('Pierre ou composant introuvable');
    expect((await other.get(`/api/stones/${stone.id}/movements`)).statusCode).toBe(404);
    expect((await admin.get('/api/stones/00000000-0000-4000-8000-000000000000/movements')).statusCode).toBe(404);
    expect((await admin.get('/api/stones/abc/movements')).statusCode).toBe(404);
    expect((await send(admin, 'POST', '/api/stones/abc/movements', { kind: 'in', quantity: 1 })).statusCode).toBe(404);
    expect(await stockOf(admin, stone)).toBe('3.000');
  });

  it('refuses a movement without the CSRF token', async () => {
    const stone = await create(admin, { category: 'autre', name: 'CSRF' });
    expect((await move(admin, stone, { kind: 'in', quantity: '1' }, { csrf: false })).statusCode).toBe(403);
    expect(await stockOf(admin, stone)).toBe('0.000');
  });

  it('answers hostile bodies with 400 and field errors, never a 500, and accepts "12,5" in carats', async () => {
    const stone = await create(admin, { category: 'lot_melee', name: 'Hostile', stockUnit: 'ct' });
    const cases: Array<[unknown, string]> = [
      [{ kind: 'in', quantity: 'douze' }, 'quantity'],
      [{ kind: 'in', quantity: '1e3' }, 'quantity'],
      [{ kind: 'in', quantity: 'NaN' }, 'quantity'],
      [{ kind: 'in', quantity: Infinity }, 'quantity'],
      [{ kind: 'in', quantity: '99999999999999999999' }, 'quantity'],
      [{ kind: 'in', quantity: 1e300 }, 'quantity'],
      [{ kind: 'in', quantity: '-3' }, 'quantity'],
      [{ kind: 'sold', quantity: -1 }, 'quantity'],
      [{ kind: 'in', quantity: '0' }, 'quantity'],
      [{ kind: 'in', quantity: '1,2345' }, 'quantity'],
      [{ kind: 'in', quantity: [1] }, 'quantity'],
      [{ kind: 'in', quantity: { $gt: 1 } }, 'quantity'],
      [{ kind: 'in' }, 'quantity'],
      [{ kind: 'in', quantity: true }, 'quantity'],
      [{ kind: 42, quantity: '1' }, 'kind'],
      [{ quantity: '1' }, 'kind'],
      [{ kind: 'adjustment', quantity: '1', reason: 'x'.repeat(501) }, 'reason'],
      [{ kind: 'adjustment', quantity: '1', reason: 12 }, 'reason'],
    ];
    for (const [payload, field] of cases) {
      const res = await move(admin, stone, payload as Record<string, unknown>);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(body<ErrorBody>(res).fieldErrors ?? {}), JSON.stringify(payload)).toContain(field);
    }
    for (const raw of ['[1,2]', '"texte"', 'null', '{"kind":']) {
      const res = await admin.request({
        method: 'POST',
        url: `/api/stones/${stone.id}/movements`,
        payload: raw,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, raw).toBe(400);
    }
    // Stock beyond the column's range is refused too.
    await moved(admin, stone, { kind: 'in', quantity: '99999999' });
    const over = await move(admin, stone, { kind: 'in', quantity: '2' });
    expect(over.statusCode).toBe(400);
    expect(body<ErrorBody>(over).fieldErrors).toEqual({ quantity: ['Le stock dépasserait 100 000 000'] });
    await moved(admin, stone, { kind: 'adjustment', quantity: '-99999999', reason: 'Erreur de saisie' });

    const ok = await moved(admin, stone, { kind: 'in', quantity: '12,5' });
    expect(ok.movement.quantity).toBe('12.500');
    expect((await moved(admin, stone, { kind: 'sold', quantity: 0.5 })).stone.stockQuantity).toBe('12.000');
    const rows = await t.handle.db.select().from(stockMovements);
    expect(rows.every((r) => r.quantity !== '0.000')).toBe(true);
  });
});
