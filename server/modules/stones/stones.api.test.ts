import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult, ListResponse } from '@shared/schemas/lists';
import type { Stone } from '@shared/schemas/stones';
import type { Supplier } from '@shared/schemas/suppliers';
import { parseCsv } from '@shared/csv';
import { marketReadings } from '../../db/schema';
import { createOrganization, createTestApp, signedInClient, TestClient, type TestApp } from '../../test/harness';
import { auditEntries, body, send } from '../../lists/test-helpers';

let t: TestApp;
let orgId: string;
let admin: TestClient;
let supplier: Supplier;

async function create(client: TestClient, payload: Record<string, unknown>): Promise<Stone> {
  const res = await send(client, 'POST', '/api/stones', payload);
  expect(res.statusCode, res.body).toBe(201);
  return body<Stone>(res);
}

/** Stock comes in through a movement (the quantity is never typed on the stone). */
async function stockIn(client: TestClient, stone: Stone, quantity: string): Promise<Stone> {
  const res = await send(client, 'POST', `/api/stones/${stone.id}/movements`, { kind: 'in', quantity });
  expect(res.statusCode, res.body).toBe(201);
  return body<{ stone: Stone }>(res).stone;
}

beforeAll(async () => {
  t = await createTestApp();
  // A live USD/EUR rate for the EUR conversion: 1 USD = 0.92 EUR.
  await t.handle.db.insert(marketReadings).values({
    instrument: 'USD/EUR',
    value: '0.92',
    source: 'test',
    observedAt: new Date(),
    fetchedAt: new Date(),
  });
  await (t.app.market as unknown as { reloadFromDb(): Promise<void> }).reloadFromDb();
  orgId = await createOrganization(t, 'Pierres');
  admin = (await signedInClient(t, { role: 'admin', organizationId: orgId })).client;
  const res = await send(admin, 'POST', '/api/suppliers', { type: 'lapidaire', name: 'Lapidairerie du Jura' });
  supplier = body<Supplier>(res);
});
afterAll(async () => {
  await t?.close();
});

describe('stones', () => {
  it('creates a stone with its EUR cost at the live rate, supplier name and low-stock flag', async () => {
    const s = await create(admin, {
      category: 'Pierre de couleur',
      name: 'Saphir bleu ovale',
      variety: 'Saphir',
      sizeMm: '7',
      weight: '1,255',
      unitCost: '1 234,57',
      currency: 'USD',
      supplierId: supplier.id,
      stockQuantity: 1, // ignored: the stock is the sum of the movements
      lowStockThreshold: 2,
    });
    expect(s).toMatchObject({
      category: 'pierre_couleur',
      sizeMm: '7.00',
      weight: '1.255',
      weightUnit: 'ct',
      unitCost: '1234.57',
      unitCostEur: '1135.80', // 1234.57 x 0.92 = 1135.8044
      supplierName: 'Lapidairerie du Jura',
      stockQuantity: '0.000',
      stockUnit: 'pc',
      stockValueEur: '0.00',
      lowStockThreshold: '2.000',
      lowStock: true,
      version: 1,
    });
    const cheap = await create(admin, { category: 'perle', name: 'Perle Akoya', unitCost: 0.55, currency: 'USD' });
    expect(cheap.unitCostEur).toBe('0.51'); // 0.506 half-up
    expect(cheap.lowStock).toBe(false);
    const eur = await stockIn(
      admin,
      await create(admin, { category: 'appret', name: 'Fermoir', unitCost: '38' }),
      '15',
    );
    expect(eur).toMatchObject({
      unitCostEur: '38.00',
      currency: 'EUR',
      stockQuantity: '15.000',
      stockValueEur: '570.00',
      lowStock: false,
    });
    const fancy = await create(admin, {
      category: 'lot_melee',
      name: 'Mêlée baguette',
      lengthMm: '2,5',
      widthMm: '1,5',
      heightMm: '1',
      stockUnit: 'carats',
      unitCost: '1 000',
      currency: 'USD',
    });
    expect(fancy).toMatchObject({ lengthMm: '2.50', widthMm: '1.50', heightMm: '1.00', stockUnit: 'ct' });
    // 1.255 ct x 1000 USD/ct x 0.92 = 1154.60 EUR
    expect(await stockIn(admin, fancy, '1,255')).toMatchObject({ stockQuantity: '1.255', stockValueEur: '1154.60' });
  });

  it('rejects bad input and a supplier of another organization', async () => {
    const res = await send(admin, 'POST', '/api/stones', {
      category: 'météorite',
      name: '',
      unitCost: '-3',
      currency: 'GBP',
      lengthMm: '-1',
      stockUnit: 'kg',
      weightUnit: 'kg',
    });
    expect(res.statusCode).toBe(400);
    const errors = body<{ fieldErrors: Record<string, string[]> }>(res).fieldErrors;
    expect(Object.keys(errors).sort()).toEqual([
      'category',
      'currency',
      'lengthMm',
      'name',
      'stockUnit',
      'unitCost',
      'weightUnit',
    ]);
    expect(errors.category![0]).toMatch(/^Catégorie : choisir parmi Pierre de couleur, Perle/);
    expect(errors.stockUnit).toEqual(['Unité de stock : choisir parmi pièces, carats']);

    const { client: foreign } = await signedInClient(t, { role: 'admin' });
    const theirs = body<Supplier>(await send(foreign, 'POST', '/api/suppliers', { name: 'Ailleurs' }));
    const cross = await send(admin, 'POST', '/api/stones', { category: 'autre', name: 'X', supplierId: theirs.id });
    expect(cross.statusCode).toBe(400);
    expect(body<{ fieldErrors: Record<string, string[]> }>(cross).fieldErrors).toEqual({
      supplierId: ['Fournisseur introuvable'],
    });
  });

  it('lists with filters category, supplier and lowStock, accent-insensitive search', async () => {
    const org = await createOrganization(t, 'Filtres');
    const { client } = await signedInClient(t, { role: 'manager', organizationId: org });
    const sup = body<Supplier>(await send(client, 'POST', '/api/suppliers', { name: 'Serti' }));
    await create(client, { category: 'pierre_couleur', name: 'Émeraude', lowStockThreshold: 1 });
    await stockIn(
      client,
      await create(client, { category: 'pierre_couleur', name: 'Améthyste', lowStockThreshold: '0,5' }),
      '9',
    );
    await stockIn(client, await create(client, { category: 'chaine', name: 'Chaîne forçat', supplierId: sup.id }), '3');
    const names = async (url: string) => body<ListResponse<Stone>>(await client.get(url)).items.map((s) => s.name);
    expect(await names('/api/stones?sort=name')).toEqual(['Améthyste', 'Chaîne forçat', 'Émeraude']);
    expect(await names('/api/stones?category=pierre_couleur&sort=name&dir=desc')).toEqual(['Émeraude', 'Améthyste']);
    expect(await names(`/api/stones?supplierId=${sup.id}`)).toEqual(['Chaîne forçat']);
    expect(await names('/api/stones?lowStock=true')).toEqual(['Émeraude']);
    expect(await names('/api/stones?lowStock=false&sort=name')).toEqual(['Améthyste', 'Chaîne forçat']);
    expect(await names('/api/stones?q=EMERAUDE')).toEqual(['Émeraude']);
    expect(await names('/api/stones?q=forcat')).toEqual(['Chaîne forçat']);
    expect((await client.get('/api/stones?lowStock=peut-etre')).statusCode).toBe(400);
    expect((await client.get('/api/stones?supplierId=abc')).statusCode).toBe(400);
  });

  it('updates with version (409 when stale), archives and restores, 404 across organizations', async () => {
    const s = await stockIn(admin, await create(admin, { category: 'autre', name: 'Lot divers' }), '5');
    expect(s.version).toBe(2); // a movement bumps the stone's version
    // The stock is never typed over: a stockQuantity in an update is ignored.
    const ok = await send(admin, 'PATCH', `/api/stones/${s.id}`, { version: 2, stockQuantity: 4, notes: 'Coffre' });
    expect(body<Stone>(ok)).toMatchObject({ stockQuantity: '5.000', version: 3, name: 'Lot divers', notes: 'Coffre' });
    const stale = await send(admin, 'PATCH', `/api/stones/${s.id}`, { version: 2, notes: 'Vieux' });
    expect(stale.statusCode).toBe(409);
    expect(body<Stone>(await admin.get(`/api/stones/${s.id}`)).notes).toBe('Coffre');

    const { client: other } = await signedInClient(t, { role: 'admin' });
    expect((await other.get(`/api/stones/${s.id}`)).statusCode).toBe(404);
    expect(
      (await send(other, 'PUT', `/api/stones/${s.id}`, { version: 2, name: 'Volé', category: 'autre' })).statusCode,
    ).toBe(404);
    expect((await send(other, 'DELETE', `/api/stones/${s.id}`)).statusCode).toBe(404);

    expect(body<Stone>(await send(admin, 'DELETE', `/api/stones/${s.id}`)).archivedAt).not.toBeNull();
    expect(body<Stone>(await send(admin, 'POST', `/api/stones/${s.id}/restore`)).archivedAt).toBeNull();
    const actions = (await auditEntries(t, orgId, 'stone')).filter((a) => a.entityId === s.id).map((a) => a.action);
    expect(actions).toEqual(['create', 'stock-movement', 'update', 'archive', 'restore']);
  });

  it('follows the matrix: sales and production read, only W roles write; 401 signed out; 403 without CSRF', async () => {
    const s = await create(admin, { category: 'autre', name: 'Matrice' });
    for (const role of ['sales', 'production']) {
      const { client } = await signedInClient(t, { role, organizationId: orgId });
      expect((await client.get('/api/stones')).statusCode).toBe(200);
      expect((await client.get(`/api/stones/${s.id}`)).statusCode).toBe(200);
      expect((await client.get('/api/stones/export.csv')).statusCode).toBe(200);
      expect((await send(client, 'POST', '/api/stones', { category: 'autre', name: 'Non' })).statusCode).toBe(403);
      expect((await send(client, 'PATCH', `/api/stones/${s.id}`, { version: 1, name: 'Non' })).statusCode).toBe(403);
      expect((await send(client, 'DELETE', `/api/stones/${s.id}`)).statusCode).toBe(403);
      expect((await send(client, 'POST', '/api/stones/import', { csv: 'Nom\nX', dryRun: true })).statusCode).toBe(403);
    }
    expect((await new TestClient(t.app).get('/api/stones')).statusCode).toBe(401);
    const noCsrf = await send(admin, 'POST', '/api/stones', { category: 'autre', name: 'X' }, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    const noCsrfDelete = await send(admin, 'DELETE', `/api/stones/${s.id}`, undefined, { csrf: false });
    expect(noCsrfDelete.statusCode).toBe(403);
  });

  it('exports CSV with the EUR cost and supplier name, and imports it back by supplier name', async () => {
    const org = await createOrganization(t, 'Export');
    const { client } = await signedInClient(t, { role: 'admin', organizationId: org });
    await send(client, 'POST', '/api/suppliers', { name: 'Diamants Anvers' });
    const csv = [
      'Catégorie;Nom;Taille (mm);Coût unitaire;Devise;Fournisseur;Quantité en stock;Unité de stock;Seuil de stock bas',
      'Lot de mêlée;Mêlée 1,3 mm;1,30;650;USD;diamants anvers;95;carats;50',
      'Perle;Perle de Tahiti;10;90;EUR;Inconnu SA;4;;6',
      'Apprêt;Fermoir;;38;EUR;;2;;-2',
    ].join('\n');
    const preview = body<ImportResult>(await send(client, 'POST', '/api/stones/import', { csv, dryRun: true }));
    expect(preview).toMatchObject({ total: 3, valid: 1, invalid: 2 });
    // The stock is the sum of the movements: an import never types it.
    expect(preview.ignoredColumns).toEqual(['Quantité en stock']);
    expect(preview.rows[1]!.errors).toEqual({ supplierId: ['Fournisseur inconnu : Inconnu SA'] });
    expect(preview.rows[2]!.errors).toEqual({
      lowStockThreshold: ['Le seuil de stock bas doit être un nombre positif avec au plus 3 décimales'],
    });
    const done = body<ImportResult>(await send(client, 'POST', '/api/stones/import', { csv, dryRun: false }));
    expect(done.imported).toBe(1);

    const res = await client.get('/api/stones/export.csv');
    const parsed = parseCsv(res.body);
    expect(parsed.delimiter).toBe(';');
    const row = Object.fromEntries(parsed.headers.map((h, i) => [h, parsed.records[0]!.cells[i]]));
    expect(row).toMatchObject({
      Catégorie: 'Lot de mêlée',
      Nom: 'Mêlée 1,3 mm',
      'Taille (mm)': '1,30',
      'Coût unitaire': '650,00',
      Devise: 'USD',
      'Coût unitaire (EUR)': '598,00',
      Fournisseur: 'Diamants Anvers',
      'Quantité en stock': '0',
      'Unité de stock': 'carats',
      'Seuil de stock bas': '50',
      'Stock bas': 'oui',
    });
    expect(parsed.records).toHaveLength(1);
  });
});
