import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '@shared/csv';
import type { ListResponse } from '@shared/schemas/lists';
import { QUOTE_LINE_KIND_LABELS } from '@shared/schemas/quotes';
import type { MetalLedger, WorkOrder, WorkOrderBoard, WorkOrderDetail } from '@shared/schemas/work-orders';
import { auditEntries, body, send } from '../../lists/test-helpers';
import type { TestClient } from '../../test/harness';
import { createOrganization, createTestApp, signedInClient, type TestApp } from '../../test/harness';
import { insertAlloys, insertStep, setManualMarket } from '../products/test/fixtures';

let t: TestApp;
let orgId: string;
let admin: TestClient;
let manager: TestClient;
let sales: TestClient;
let production: TestClient;
let productionUserId: string;
let salesUserId: string;
let foreign: TestClient;
let foreignStep: string;
let foreignSupplier: string;
let clientId: string;
let steps: { fonte: string; polissage: string; sertissage: string };
let alloys: Record<string, string>;
let supplierId: string;

const year = new Date().getFullYear();

async function create(client: TestClient, payload: Record<string, unknown>): Promise<WorkOrder> {
  const res = await send(client, 'POST', '/api/work-orders', payload);
  expect(res.statusCode, res.body).toBe(201);
  return body<WorkOrder>(res);
}

async function detail(client: TestClient, id: string): Promise<WorkOrderDetail> {
  const res = await client.get(`/api/work-orders/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return body<WorkOrderDetail>(res);
}

async function route(
  client: TestClient,
  order: { id: string; version: number },
  list: Array<Record<string, unknown>>,
): Promise<WorkOrderDetail> {
  const res = await send(client, 'PUT', `/api/work-orders/${order.id}/steps`, { version: order.version, steps: list });
  expect(res.statusCode, res.body).toBe(200);
  return body<WorkOrderDetail>(res);
}

async function advance(client: TestClient, order: { id: string; version: number }) {
  return send(client, 'POST', `/api/work-orders/${order.id}/advance`, { version: order.version });
}

async function orderWithSteps(title: string, extra: Record<string, unknown> = {}): Promise<WorkOrderDetail> {
  const order = await create(admin, { title, ...extra });
  return route(admin, order, [
    { productionStepId: steps.fonte },
    { productionStepId: steps.polissage },
    { productionStepId: steps.sertissage },
  ]);
}

beforeAll(async () => {
  t = await createTestApp();
  orgId = await createOrganization(t, 'Atelier OF');
  alloys = await insertAlloys(t);
  await setManualMarket(t, { XAU: '120.5', 'USD/EUR': '0.92' });
  steps = {
    fonte: await insertStep(t, orgId, { name: 'Fonte', code: 'FON', hourlyRate: '50' }),
    polissage: await insertStep(t, orgId, { name: 'Polissage', code: 'POL', hourlyRate: '45' }),
    sertissage: await insertStep(t, orgId, { name: 'Sertissage', code: 'SER', hourlyRate: '60' }),
  };
  ({ client: admin } = await signedInClient(t, { role: 'admin', organizationId: orgId }));
  ({ client: manager } = await signedInClient(t, { role: 'manager', organizationId: orgId }));
  let user;
  ({ client: sales, user } = await signedInClient(t, { role: 'sales', organizationId: orgId }));
  salesUserId = user.id;
  ({ client: production, user } = await signedInClient(t, { role: 'production', organizationId: orgId }));
  productionUserId = user.id;
  const foreignOrg = await createOrganization(t, 'Autre atelier');
  ({ client: foreign } = await signedInClient(t, { role: 'admin', organizationId: foreignOrg }));
  foreignStep = await insertStep(t, foreignOrg, { name: 'Fonte ailleurs', code: 'FON', hourlyRate: '50' });
  const fs = await send(foreign, 'POST', '/api/suppliers', { type: 'fondeur', name: 'Fonderie voisine' });
  foreignSupplier = body<{ id: string }>(fs).id;
  const s = await send(admin, 'POST', '/api/suppliers', { type: 'fondeur', name: 'Fonderie Marais' });
  supplierId = body<{ id: string }>(s).id;
  const c = await send(admin, 'POST', '/api/clients', {
    kind: 'particulier',
    civility: 'Mme',
    firstName: 'Inès',
    lastName: 'Moreau',
    email: 'ines.moreau@example.fr',
    phone: '06 12 34 56 78',
  });
  clientId = body<{ id: string }>(c).id;
});
afterAll(async () => {
  await t?.close();
});

describe('work orders: creation and numbering', () => {
  it('creates one from scratch with a number, French dates, the client name and an audit row', async () => {
    const order = await create(manager, {
      title: 'Bague solitaire',
      clientId,
      dueDate: '14/02/2027',
      priority: 'Haute',
      description: 'Or jaune 18 carats',
    });
    expect(order).toMatchObject({
      title: 'Bague solitaire',
      clientName: 'Mme Inès Moreau',
      dueDate: '2027-02-14',
      priority: 'haute',
      status: 'a_faire',
      late: false,
      currentStep: null,
      stepCount: 0,
    });
    expect(order.number).toMatch(new RegExp(`^OF-${year}-\\d{4}$`));
    const audit = await auditEntries(t, orgId, 'work-order');
    expect(audit.some((a) => a.entityId === order.id && a.action === 'create')).toBe(true);
    const found = await admin.get(`/api/work-orders?q=${encodeURIComponent('moreau')}`);
    expect(body<ListResponse<WorkOrder>>(found).items.map((w) => w.id)).toContain(order.id);
  });

  it('numbers parallel creations without gap or duplicate', async () => {
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) => create(i % 2 ? admin : manager, { title: `Alliance ${i}` })),
    );
    const all = body<ListResponse<WorkOrder>>(await admin.get('/api/work-orders?pageSize=100&sort=number&dir=asc'));
    const seqs = all.items.map((w) => Number(w.number.slice(-4)));
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    expect(new Set(created.map((c) => c.number)).size).toBe(12);
  });

  it('refuses bad input in French, an unknown client, another organization’s client', async () => {
    const bad = await send(admin, 'POST', '/api/work-orders', { title: '', dueDate: '31/02/2027', priority: 'x' });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().fieldErrors;
    expect(fields.title[0]).toBe('Le titre est obligatoire');
    expect(fields.dueDate[0]).toMatch(/date de livraison prévue invalide/);
    expect(fields.priority[0]).toMatch(/^Priorité : choisir parmi/);
    const foreignClient = await send(foreign, 'POST', '/api/clients', { kind: 'particulier', lastName: 'Voisin' });
    const res = await send(admin, 'POST', '/api/work-orders', {
      title: 'X',
      clientId: body<{ id: string }>(foreignClient).id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.clientId).toEqual(['Client introuvable']);
  });
});

describe('the route of steps', () => {
  it('adds, reorders and removes steps, keeping their ids; the order follows them', async () => {
    const order = await orderWithSteps('Pendentif');
    expect(order.steps.map((s) => s.name)).toEqual(['Fonte', 'Polissage', 'Sertissage']);
    expect(order.currentStep?.name).toBe('Fonte');
    expect(order).toMatchObject({ stepCount: 3, stepsDone: 0, status: 'a_faire' });
    const [a, b, c] = order.steps;
    const reordered = await route(admin, order, [
      { id: c!.id, productionStepId: steps.sertissage, plannedMinutes: '90', assigneeId: productionUserId },
      { id: a!.id, productionStepId: steps.fonte, supplierId, sentOn: '01/12/2026', pricePerPiece: '12,5' },
    ]);
    expect(reordered.steps.map((s) => [s.id, s.name, s.position])).toEqual([
      [c!.id, 'Sertissage', 0],
      [a!.id, 'Fonte', 1],
    ]);
    expect(reordered.steps[0]).toMatchObject({ plannedMinutes: 90, assigneeName: expect.any(String) });
    expect(reordered.steps[1]).toMatchObject({
      supplierName: 'Fonderie Marais',
      sentOn: '2026-12-01',
      pricePerPiece: '12.50',
    });
    expect(reordered.steps.some((s) => s.id === b!.id)).toBe(false);
    expect(reordered.version).toBe(order.version + 1);
  });

  it('flags a step started before the previous one is done, and derives the status', async () => {
    const order = await orderWithSteps('Broche');
    const third = order.steps[2]!;
    const res = await send(production, 'POST', `/api/work-orders/${order.id}/steps/${third.id}/status`, {
      version: order.version,
      status: 'en_cours',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = body<WorkOrderDetail>(res);
    expect(after.steps[2]).toMatchObject({ status: 'en_cours', startedOutOfOrder: true });
    expect(after.steps[2]!.startedAt).not.toBeNull();
    expect(after.status).toBe('en_cours');
    expect(after.currentStep?.name).toBe('Fonte');
    const blocked = await send(production, 'POST', `/api/work-orders/${order.id}/steps/${order.steps[0]!.id}/status`, {
      version: after.version,
      status: 'bloque',
    });
    expect(body<WorkOrderDetail>(blocked).status).toBe('bloque');
  });

  it('advances step by step to the end, then refuses; a stale version is a 409', async () => {
    let order = await orderWithSteps('Collier');
    const stale = order.version;
    for (const expected of ['Polissage', 'Sertissage', null]) {
      const res = await advance(production, order);
      expect(res.statusCode, res.body).toBe(200);
      order = body<WorkOrderDetail>(res);
      expect(order.currentStep?.name ?? null).toBe(expected);
    }
    expect(order).toMatchObject({ status: 'termine', stepsDone: 3 });
    expect(order.steps.every((s) => s.finishedAt && !s.startedOutOfOrder)).toBe(true);
    const again = await advance(production, order);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Toutes les étapes sont déjà terminées');
    expect((await advance(production, { id: order.id, version: stale })).statusCode).toBe(409);
  });

  it('gives one move to two parallel advances of the same version', async () => {
    const order = await orderWithSteps('Boucles');
    const results = await Promise.all([advance(production, order), advance(admin, order)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await detail(admin, order.id)).stepsDone).toBe(1);
  });

  it('refuses unknown or foreign references, both a worker and a subcontractor, too many steps', async () => {
    const order = await create(admin, { title: 'Chevalière' });
    const put = (list: unknown) =>
      send(admin, 'PUT', `/api/work-orders/${order.id}/steps`, { version: order.version, steps: list });
    const foreignRef = await put([{ productionStepId: foreignStep }]);
    expect(foreignRef.statusCode).toBe(400);
    expect(foreignRef.json().fieldErrors['steps.0.productionStepId']).toEqual(['Étape de production introuvable']);
    const foreignSub = await put([{ productionStepId: steps.fonte, supplierId: foreignSupplier }]);
    expect(foreignSub.json().fieldErrors['steps.0.supplierId']).toEqual(['Sous-traitant introuvable']);
    const both = await put([{ productionStepId: steps.fonte, supplierId, assigneeId: productionUserId }]);
    expect(both.statusCode).toBe(400);
    expect(both.json().fieldErrors['steps.0.supplierId'][0]).toMatch(/pas les deux/);
    const tooMany = await put(Array.from({ length: 31 }, () => ({ productionStepId: steps.fonte })));
    expect(tooMany.json().fieldErrors.steps).toEqual(['30 étapes au maximum']);
    const unknownId = await put([{ id: crypto.randomUUID(), productionStepId: steps.fonte }]);
    expect(unknownId.json().fieldErrors['steps.0.id']).toEqual(['Étape introuvable']);
    const hostile = await put('1; DROP TABLE work_orders');
    expect(hostile.statusCode).toBe(400);
    const negative = await put([{ productionStepId: steps.fonte, plannedMinutes: -5, pricePerPiece: 'abc' }]);
    expect(Object.keys(negative.json().fieldErrors).sort()).toEqual([
      'steps.0.plannedMinutes',
      'steps.0.pricePerPiece',
    ]);
  });
});

describe('roles and organizations', () => {
  it('lets production write the route but not sales; sales read', async () => {
    const order = await orderWithSteps('Jonc');
    expect((await advance(sales, order)).statusCode).toBe(403);
    expect((await send(sales, 'POST', '/api/work-orders', { title: 'Non' })).statusCode).toBe(403);
    expect((await sales.get(`/api/work-orders/${order.id}`)).statusCode).toBe(200);
    expect((await send(production, 'POST', '/api/work-orders', { title: 'Oui' })).statusCode).toBe(201);
  });

  it('shows production no price and no contact details beyond the client name', async () => {
    const order = await create(admin, { title: 'Solitaire', clientId });
    const res = await production.get(`/api/work-orders/${order.id}`);
    expect(res.body).toContain('Mme Inès Moreau');
    expect(res.body).not.toMatch(/ines\.moreau@example\.fr|06 12 34 56 78|totalInclVat|unitPrice|totalExclVat/);
  });

  it('answers 404 for another organization’s order on every route', async () => {
    const order = await orderWithSteps('Alliance voisine');
    expect((await foreign.get(`/api/work-orders/${order.id}`)).statusCode).toBe(404);
    expect((await advance(foreign, order)).statusCode).toBe(404);
    const put = await send(foreign, 'PUT', `/api/work-orders/${order.id}/steps`, { version: order.version, steps: [] });
    expect(put.statusCode).toBe(404);
    const metal = await send(foreign, 'POST', `/api/work-orders/${order.id}/metal`, {
      kind: 'issue',
      alloyId: alloys.AU750,
      weightG: '5',
    });
    expect(metal.statusCode).toBe(404);
    const list = body<ListResponse<WorkOrder>>(await foreign.get('/api/work-orders'));
    expect(list.items).toEqual([]);
    expect((await admin.get('/api/work-orders/not-an-id')).statusCode).toBe(404);
  });

  it('lists as assignees only the users who write work orders', async () => {
    const res = await production.get('/api/work-orders/assignees');
    const ids = body<{ items: Array<{ id: string }> }>(res).items.map((u) => u.id);
    expect(ids).toContain(productionUserId);
    expect(ids).not.toContain(salesUserId);
  });
});

describe('metal accounting', () => {
  it('counts the metal at the bench, then the loss in grams and % once the order is finished', async () => {
    let order = await orderWithSteps('Bague chaton');
    const issue = await send(production, 'POST', `/api/work-orders/${order.id}/metal`, {
      kind: 'issue',
      alloyId: alloys.AU750,
      weightG: '12,5',
      supplierId,
    });
    expect(issue.statusCode, issue.body).toBe(201);
    const returned = await send(production, 'POST', `/api/work-orders/${order.id}/metal`, {
      kind: 'return',
      alloyId: alloys.AU750,
      pieceG: '11,9',
      filingsG: '0,25',
      scrapG: '0.15',
    });
    order = body<WorkOrderDetail>(returned);
    expect(order.metal.map((m) => [m.kind, m.weightG])).toEqual([
      ['issue', '12.500'],
      ['return', '12.300'],
    ]);
    expect(order.metal[0]!.supplierName).toBe('Fonderie Marais');
    expect(order.metalBalance).toEqual([
      expect.objectContaining({
        issuedG: '12.500',
        returnedG: '12.300',
        inWorkshopG: '0.200',
        lostG: '0.000',
        lossPct: null,
      }),
    ]);
    for (let i = 0; i < 3; i++) order = body<WorkOrderDetail>(await advance(production, order));
    expect(order.status).toBe('termine');
    expect(order.metalBalance[0]).toMatchObject({
      lostG: '0.200',
      lossPct: '1.60',
      inWorkshopG: '0.000',
      lossFlagged: false,
    });
  });

  it('flags a loss above the settings’ threshold and sums the ledger per alloy', async () => {
    const before = body<MetalLedger>(await admin.get('/api/work-orders/metal-ledger'));
    let order = await orderWithSteps('Gourmette');
    await send(admin, 'POST', `/api/work-orders/${order.id}/metal`, {
      kind: 'issue',
      alloyId: alloys.AG925,
      weightG: '40',
    });
    await send(admin, 'POST', `/api/work-orders/${order.id}/metal`, {
      kind: 'return',
      alloyId: alloys.AG925,
      pieceG: '38',
    });
    for (let i = 0; i < 3; i++) order = body<WorkOrderDetail>(await advance(admin, order));
    expect(order.metalBalance[0]).toMatchObject({
      alloyId: alloys.AG925,
      lostG: '2.000',
      lossPct: '5.00',
      lossFlagged: true,
    });
    expect(order.metalLossWarningPct).toBe('3');
    const ledger = body<MetalLedger>(await sales.get('/api/work-orders/metal-ledger'));
    const silver = ledger.alloys.find((a) => a.alloyId === alloys.AG925)!;
    const silverBefore = before.alloys.find((a) => a.alloyId === alloys.AG925);
    expect(Number(silver.issuedG) - Number(silverBefore?.issuedG ?? 0)).toBe(40);
    expect(silver.lossFlagged).toBe(true);
    const gold = ledger.alloys.find((a) => a.alloyId === alloys.AU750)!;
    expect(gold).toMatchObject({ issuedG: '12.500', returnedG: '12.300', lostG: '0.200' });
  });

  it('refuses a movement without weight, bad numbers, an unknown alloy, on behalf of sales', async () => {
    const order = await create(admin, { title: 'Médaille' });
    const post = (client: TestClient, payload: unknown) =>
      send(client, 'POST', `/api/work-orders/${order.id}/metal`, payload);
    expect((await post(admin, { kind: 'issue', alloyId: alloys.AU750 })).json().fieldErrors.weightG).toEqual([
      'Le poids sorti est obligatoire',
    ]);
    expect(
      (await post(admin, { kind: 'return', alloyId: alloys.AU750, pieceG: '0' })).json().fieldErrors.pieceG,
    ).toEqual(['Indiquer au moins un poids rendu']);
    const bad = await post(admin, { kind: 'issue', alloyId: alloys.AU750, weightG: '1e9' });
    expect(bad.statusCode).toBe(400);
    const unknown = await post(admin, { kind: 'issue', alloyId: crypto.randomUUID(), weightG: '2' });
    expect(unknown.json().fieldErrors.alloyId).toEqual(['Alliage introuvable']);
    expect((await post(sales, { kind: 'issue', alloyId: alloys.AU750, weightG: '2' })).statusCode).toBe(403);
  });
});

describe('from an accepted quote', () => {
  async function acceptedQuote(title: string) {
    const project = await send(admin, 'POST', '/api/projects', { title: 'Projet bague', clientId });
    const draft = await send(admin, 'POST', '/api/quotes', {
      title,
      clientId,
      projectId: body<{ id: string }>(project).id,
      lines: [
        { kind: 'metal', alloyId: alloys.AU750, weightG: '4', label: 'Anneau or jaune' },
        { kind: 'labour', productionStepId: steps.fonte, minutes: '60' },
        { kind: 'labour', productionStepId: steps.sertissage, minutes: '45', quantity: '2' },
        { kind: 'free', label: 'Gravure', quantity: '1', priceMode: 'price', unitPrice: '25' },
      ],
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const sent = await send(admin, 'POST', `/api/quotes/${draft.json().id}/send`, { version: draft.json().version });
    expect(sent.statusCode, sent.body).toBe(200);
    const accepted = await send(admin, 'POST', `/api/quotes/${sent.json().id}/accept`, {
      version: sent.json().version,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return { quote: accepted.json() as { id: string; number: string }, projectId: body<{ id: string }>(project).id };
  }

  it('carries the client, the project, the lines without prices and the labour steps; once only', async () => {
    const { quote, projectId } = await acceptedQuote('Bague sur mesure');
    const res = await send(manager, 'POST', `/api/work-orders/from-quote/${quote.id}`, { dueDate: '2027-01-15' });
    expect(res.statusCode, res.body).toBe(201);
    const order = body<WorkOrderDetail>(res);
    expect(order).toMatchObject({
      title: 'Bague sur mesure',
      clientName: 'Mme Inès Moreau',
      projectId,
      quoteId: quote.id,
      dueDate: '2027-01-15',
      quote: { id: quote.id, number: quote.number },
    });
    expect(order.lines.map((l) => [l.kind, l.label, l.quantity])).toEqual([
      ['metal', 'Anneau or jaune', '1'],
      ['labour', QUOTE_LINE_KIND_LABELS.labour, '1'],
      ['labour', QUOTE_LINE_KIND_LABELS.labour, '2'],
      ['free', 'Gravure', '1'],
    ]);
    expect(order.lines[0]).toMatchObject({ alloyId: alloys.AU750, weightG: '4' });
    expect(JSON.stringify(order.lines)).not.toMatch(/unitPrice|priceMode|coefficient/);
    expect(order.steps.map((s) => [s.name, s.plannedMinutes])).toEqual([
      ['Fonte', 60],
      ['Sertissage', 90],
    ]);
    const again = await send(manager, 'POST', `/api/work-orders/from-quote/${quote.id}`, {});
    expect(again.statusCode).toBe(409);
    const byQuote = await sales.get(`/api/work-orders/by-quote/${quote.id}`);
    expect(body<{ workOrder: unknown }>(byQuote)).toEqual({ workOrder: { id: order.id, number: order.number } });
  });

  it('makes one order of two parallel conversions; refuses a draft quote and another organization’s', async () => {
    const { quote } = await acceptedQuote('Bracelet');
    const both = await Promise.all([
      send(manager, 'POST', `/api/work-orders/from-quote/${quote.id}`, {}),
      send(admin, 'POST', `/api/work-orders/from-quote/${quote.id}`, {}),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const draft = await send(admin, 'POST', '/api/quotes', { title: 'Brouillon' });
    const refused = await send(admin, 'POST', `/api/work-orders/from-quote/${draft.json().id}`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Seul un devis accepté devient un ordre de fabrication');
    expect((await send(foreign, 'POST', `/api/work-orders/from-quote/${quote.id}`, {})).statusCode).toBe(404);
    expect(body<{ workOrder: unknown }>(await sales.get(`/api/work-orders/by-quote/${draft.json().id}`))).toEqual({
      workOrder: null,
    });
    expect((await foreign.get(`/api/work-orders/by-quote/${draft.json().id}`)).statusCode).toBe(404);
  });
});

describe('the list, its filters and the board', () => {
  it('filters by status, lateness, assignee and subcontractor; exports CSV', async () => {
    const late = await orderWithSteps('En retard', { dueDate: '2020-01-10' });
    const onTime = await create(admin, { title: 'À temps', dueDate: '2099-01-10' });
    const assigned = await create(admin, { title: 'Confiée' });
    await route(admin, assigned, [
      { productionStepId: steps.fonte, assigneeId: productionUserId },
      { productionStepId: steps.polissage, supplierId },
    ]);
    const ids = async (query: string) =>
      body<ListResponse<WorkOrder>>(await admin.get(`/api/work-orders?pageSize=100&${query}`)).items.map((w) => w.id);
    const lateIds = await ids('late=true');
    expect(lateIds).toContain(late.id);
    expect(lateIds).not.toContain(onTime.id);
    const lateItem = body<ListResponse<WorkOrder>>(await admin.get('/api/work-orders?late=true')).items.find(
      (w) => w.id === late.id,
    );
    expect(lateItem?.late).toBe(true);
    const byAssignee = await ids(`assigneeId=${productionUserId}`);
    expect(byAssignee).toContain(assigned.id);
    expect(byAssignee).not.toContain(onTime.id);
    expect(await ids(`supplierId=${supplierId}`)).toContain(assigned.id);
    expect(await ids(`supplierId=${supplierId}`)).not.toContain(late.id);
    const finished = await ids('status=termine');
    expect(finished).not.toContain(late.id);
    expect((await admin.get('/api/work-orders?status=fini')).statusCode).toBe(400);
    const csv = await admin.get('/api/work-orders/export.csv?late=true');
    expect(csv.statusCode).toBe(200);
    const parsed = parseCsv(csv.body);
    expect(parsed.headers).toContain('Numéro');
    const lateColumn = parsed.headers.indexOf('En retard');
    expect(parsed.records.length).toBeGreaterThan(0);
    expect(parsed.records.every((r) => r.cells[lateColumn] === 'oui')).toBe(true);
  });

  it('puts each order in the column of its current step, finished ones last', async () => {
    let order = await orderWithSteps('Sur le tableau');
    order = body<WorkOrderDetail>(await advance(admin, order));
    const board = body<WorkOrderBoard>(await production.get('/api/work-orders/board'));
    const columnOf = (id: string) => board.columns.find((c) => c.cards.some((card) => card.id === id));
    expect(columnOf(order.id)).toMatchObject({ kind: 'step', productionStepId: steps.polissage, name: 'Polissage' });
    expect(board.columns.at(-1)).toMatchObject({ kind: 'done', name: 'Terminé' });
    expect(board.columns[0]).toMatchObject({ kind: 'unplanned', name: 'À planifier' });
    for (let i = 0; i < 2; i++) order = body<WorkOrderDetail>(await advance(admin, order));
    const after = body<WorkOrderBoard>(await production.get('/api/work-orders/board'));
    expect(after.columns.at(-1)!.cards.map((c) => c.id)).toContain(order.id);
  });
});

describe('the job sheet', () => {
  it('prints the number, the steps and the metal, no price, and a QR code of the order’s address', async () => {
    const { extractText, getDocumentProxy } = await import('unpdf');
    const order = await orderWithSteps('Bague gravée', { clientId, dueDate: '2027-03-01' });
    await route(admin, order, [
      { id: order.steps[0]!.id, productionStepId: steps.fonte, supplierId, plannedMinutes: 45 },
      { id: order.steps[1]!.id, productionStepId: steps.polissage, assigneeId: productionUserId },
    ]);
    const res = await production.get(`/api/work-orders/${order.id}/job-sheet.pdf`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    for (const expected of ['Fiche atelier', order.number, 'Bague gravée', 'Mme Inès Moreau', '01/03/2027', 'Fonte']) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('Fonderie Marais (sous-traitant)');
    expect(text).toContain('45 min');
    expect(text).not.toMatch(/€|EUR/);
    expect((await foreign.get(`/api/work-orders/${order.id}/job-sheet.pdf`)).statusCode).toBe(404);
  });

  it('puts the order’s address in the QR code', async () => {
    const { jobSheetDefinition } = await import('./pdf/job-sheet-pdf');
    const order = await detail(admin, (await create(admin, { title: 'QR' })).id);
    const url = `https://atelier.example.fr/work-orders/${order.id}`;
    const definition = await jobSheetDefinition({
      organizationName: 'Atelier',
      order,
      url,
      alloyNames: new Map(),
      stoneNames: new Map(),
      photo: null,
    });
    expect(JSON.stringify(definition.content)).toContain(`"qr":"${url}"`);
  });
});

describe('stones issued to an order', () => {
  it('moves stock out and back, never returns more than the order holds, and refuses more than on hand', async () => {
    const stone = await send(admin, 'POST', '/api/stones', {
      category: 'pierre_couleur',
      name: 'Saphir 3 mm',
      unitCost: '40',
    });
    expect(stone.statusCode, stone.body).toBe(201);
    const stoneId = body<{ id: string }>(stone).id;
    const entry = await send(admin, 'POST', `/api/stones/${stoneId}/movements`, { kind: 'in', quantity: '10' });
    expect(entry.statusCode, entry.body).toBe(201);
    const order = await create(admin, { title: 'Bague pavée' });
    const move = (client: TestClient, kind: string, quantity: string) =>
      send(client, 'POST', `/api/work-orders/${order.id}/stones`, { kind, stoneId, quantity });
    const issued = await move(production, 'issue', '6');
    expect(issued.statusCode, issued.body).toBe(201);
    const onHand = async () => body<{ stockQuantity: string }>(await admin.get(`/api/stones/${stoneId}`)).stockQuantity;
    expect(Number(await onHand())).toBe(4);
    const tooMuchBack = await move(production, 'return', '7');
    expect(tooMuchBack.statusCode).toBe(409);
    expect(tooMuchBack.json().message).toMatch(/n’en détient que 6/);
    const fraction = await move(production, 'return', '2,5');
    expect(fraction.statusCode).toBe(400);
    expect((await move(production, 'return', '2')).statusCode).toBe(201);
    expect(Number(await onHand())).toBe(6);
    const overdraw = await move(production, 'issue', '7');
    expect(overdraw.statusCode).toBe(409);
    const list = body<{ items: Array<{ kind: string; quantity: string; stoneName: string }> }>(
      await sales.get(`/api/work-orders/${order.id}/stones`),
    );
    expect(list.items.map((m) => [m.kind, Number(m.quantity), m.stoneName])).toEqual([
      ['out_work_order', -6, 'Saphir 3 mm'],
      ['return_work_order', 2, 'Saphir 3 mm'],
    ]);
    expect((await move(sales, 'issue', '1')).statusCode).toBe(403);
    expect(
      (await send(foreign, 'POST', `/api/work-orders/${order.id}/stones`, { kind: 'issue', stoneId, quantity: '1' }))
        .statusCode,
    ).toBe(404);
    expect((await foreign.get(`/api/work-orders/${order.id}/stones`)).statusCode).toBe(404);
    const bad = await move(production, 'issue', '0');
    expect(bad.json().fieldErrors.quantity).toEqual(['La quantité est obligatoire']);
  });

  it('issues in parallel without ever going below zero', async () => {
    const stone = await send(admin, 'POST', '/api/stones', {
      category: 'pierre_couleur',
      name: 'Rubis 2 mm',
      unitCost: '30',
    });
    const stoneId = body<{ id: string }>(stone).id;
    await send(admin, 'POST', `/api/stones/${stoneId}/movements`, { kind: 'in', quantity: '5' });
    const order = await create(admin, { title: 'Bracelet rivière' });
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        send(production, 'POST', `/api/work-orders/${order.id}/stones`, { kind: 'issue', stoneId, quantity: '1' }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(Number(body<{ stockQuantity: string }>(await admin.get(`/api/stones/${stoneId}`)).stockQuantity)).toBe(0);
  });
});

describe('the project’s photos on the order', () => {
  it('shows production the photos of the order’s project, and no other', async () => {
    const { TINY_PNG } = await import('../products/test/images');
    const project = body<{ id: string }>(
      await send(admin, 'POST', '/api/projects', { title: 'Bague croquis', clientId }),
    );
    const upload = await send(admin, 'POST', `/api/projects/${project.id}/photos`, {
      filename: 'croquis.png',
      contentType: 'image/png',
      dataBase64: TINY_PNG.toString('base64'),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const photoId = body<{ id: string }>(upload).id;
    const order = await create(admin, { title: 'Bague du croquis', projectId: project.id });
    const seen = await detail(production, order.id);
    expect(seen.photos.map((p) => [p.filename, p.url])).toEqual([
      ['croquis.png', `/api/work-orders/${order.id}/photos/${photoId}`],
    ]);
    const image = await production.get(seen.photos[0]!.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    // Not through another order, nor from another organization.
    const other = await create(admin, { title: 'Sans projet' });
    expect((await production.get(`/api/work-orders/${other.id}/photos/${photoId}`)).statusCode).toBe(404);
    expect((await foreign.get(seen.photos[0]!.url)).statusCode).toBe(404);
    expect((await production.get(`/api/projects/${project.id}/photos/${photoId}`)).statusCode).toBe(403);
  });
});
