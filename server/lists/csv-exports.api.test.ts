/**
 * Every CSV export writes the one French format (shared/csv-format.ts, README.md "CSV formats"):
 * decimal comma, dd/mm/yyyy dates, dd/mm/yyyy hh:mm instants in Paris time, oui/non; the file is
 * named after the day in Paris by the injectable clock; and what an export writes, the import reads
 * back unchanged.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '@shared/csv';
import type { ListResponse } from '@shared/schemas/lists';
import type { Stone } from '@shared/schemas/stones';
import type { Client } from '@shared/schemas/clients';
import type { Supplier } from '@shared/schemas/suppliers';
import { clients, logEntries, organizations, users } from '../db/schema';
import { createOrganization, createTestApp, signedInClient, type TestApp, type TestClient } from '../test/harness';
import { body, send } from './test-helpers';

// 23:30 UTC on 1 March is already 2 March in Paris (UTC+1 in winter).
const NOW = new Date('2026-03-01T23:30:00Z');
let t: TestApp;
let orgId: string;
let otherOrgId: string;
let boss: TestClient;
let other: TestClient;
let bossUserId: string;

/** The export of `url` as one object per row, keyed by header. */
async function exportRows(client: TestClient, url: string): Promise<Array<Record<string, string>>> {
  const res = await client.get(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  const parsed = parseCsv(res.body);
  return parsed.records.map((r) => Object.fromEntries(parsed.headers.map((h, i) => [h, r.cells[i] ?? ''])));
}

async function created<T>(client: TestClient, url: string, payload: Record<string, unknown>): Promise<T> {
  const res = await send(client, 'POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return body<T>(res);
}

const DECIMAL = /^-?\d+(,\d+)?$/;
const DATE_TIME = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;

beforeAll(async () => {
  t = await createTestApp({}, () => NOW);
  orgId = await createOrganization(t, 'Bijouterie Format');
  otherOrgId = await createOrganization(t, 'Bijouterie Reprise');
  // A superadmin may read every list, the organizations included.
  const signed = await signedInClient(t, { role: 'superadmin', organizationId: orgId });
  boss = signed.client;
  bossUserId = signed.user.id;
  ({ client: other } = await signedInClient(t, { role: 'admin', organizationId: otherOrgId }));

  const supplier = await created<Supplier>(boss, '/api/suppliers', {
    type: 'sertisseur',
    name: 'Atelier Dupré',
    city: 'Lyon',
    leadTimeDays: 12,
  });
  const stone = await created<Stone>(boss, '/api/stones', {
    category: 'pierre_couleur',
    name: 'Saphir de Ceylan',
    sizeMm: '2.5',
    weight: '0.125',
    unitCost: '1234.5',
    currency: 'EUR',
    supplierId: supplier.id,
    lowStockThreshold: 5,
  });
  // The stock is the sum of the stone's movements.
  await created(boss, `/api/stones/${stone.id}/movements`, { kind: 'in', quantity: 3 });
  await created(boss, '/api/production-steps', {
    name: 'Sertissage grains',
    code: 'SERTG',
    defaultDurationMinutes: 30,
    hourlyRate: '45.5',
  });
  const client = await created<Client>(boss, '/api/clients', {
    firstName: 'Hélène',
    lastName: 'Fournier',
    birthDate: '1980-05-12',
    marketingConsent: true,
    marketingConsentAt: '2026-01-10T09:00:00Z',
  });
  await created(boss, '/api/products', { name: 'Bague Format', category: 'bague' });
  // Fixed instants, in winter and in summer time.
  await t.handle.db
    .update(clients)
    .set({ createdAt: new Date('2026-07-14T08:05:00Z') })
    .where(eq(clients.id, client.id));
  await t.handle.db
    .update(users)
    .set({ lastLoginAt: new Date('2026-01-05T23:30:00Z'), createdAt: new Date('2025-12-31T23:00:00Z') })
    .where(eq(users.id, bossUserId));
  await t.handle.db.insert(logEntries).values({
    organizationId: orgId,
    userId: bossUserId,
    level: 'warn',
    source: 'security',
    message: 'Accès refusé à /api/users',
    createdAt: new Date('2026-01-05T23:30:00Z'),
  });
  await t.handle.db
    .update(organizations)
    .set({ createdAt: new Date('2026-06-30T22:15:00Z') })
    .where(eq(organizations.id, orgId));
});

afterAll(async () => {
  await t?.close();
});

describe('CSV exports: one French format', () => {
  it('names the file after the day in Paris (the injectable clock)', async () => {
    for (const [url, name] of [
      ['/api/clients/export.csv', 'clients'],
      ['/api/products/export.csv', 'produits'],
      ['/api/users/export.csv', 'utilisateurs'],
      ['/api/logs/export.csv', 'journal'],
      ['/api/superadmin/organizations/export.csv', 'organisations'],
    ] as const) {
      const res = await boss.get(url);
      expect(res.headers['content-disposition'], url).toBe(`attachment; filename="${name}-2026-03-02.csv"`);
    }
  });

  it('stones: decimal comma for sizes, weights and costs, oui/non for low stock', async () => {
    const [row] = await exportRows(boss, '/api/stones/export.csv');
    expect(row).toMatchObject({
      'Taille (mm)': '2,50',
      Poids: '0,125',
      'Coût unitaire': '1234,50',
      'Coût unitaire (EUR)': '1234,50',
      'Quantité en stock': '3',
      'Seuil de stock bas': '5',
      'Stock bas': 'oui',
      Fournisseur: 'Atelier Dupré',
    });
  });

  it('production steps: decimal comma for the hourly rate', async () => {
    const rows = await exportRows(boss, '/api/production-steps/export.csv');
    expect(rows.find((r) => r.Code === 'SERTG')).toMatchObject({
      'Taux horaire (EUR)': '45,50',
      'Durée par défaut (min)': '30',
    });
  });

  it('clients: dd/mm/yyyy for the birth date, dd/mm/yyyy hh:mm (Paris) for instants, oui/non', async () => {
    const [row] = await exportRows(boss, '/api/clients/export.csv');
    expect(row).toMatchObject({
      'Date de naissance': '12/05/1980',
      'Consentement marketing': 'oui',
      // 08:05 UTC in July is 10:05 in Paris.
      'Créé le': '14/07/2026 10:05',
    });
  });

  it('suppliers: whole numbers as they are', async () => {
    const [row] = await exportRows(boss, '/api/suppliers/export.csv');
    expect(row).toMatchObject({ Nom: 'Atelier Dupré', 'Délai habituel (jours)': '12' });
  });

  it('products: decimal comma for coefficients and prices, Paris time, oui/non', async () => {
    const [row] = await exportRows(boss, '/api/products/export.csv');
    expect(row).toMatchObject({ Nom: 'Bague Format', Statut: 'Active', 'Prix complet': 'oui', Photos: '0' });
    for (const header of [
      'Coefficient métal',
      'Coefficient pierres',
      'Coefficient main-d’œuvre',
      'Coût (EUR)',
      'Prix de vente HT (EUR)',
    ]) {
      expect(row![header], header).toMatch(DECIMAL);
    }
    expect(row!['Coût (EUR)']).toBe('0,00');
    expect(row!['Modifiée le']).toMatch(DATE_TIME);
  });

  it('users: oui/non and dd/mm/yyyy hh:mm in Paris time', async () => {
    const rows = await exportRows(boss, '/api/users/export.csv');
    expect(rows.find((r) => r.Identifiant?.startsWith('user'))).toMatchObject({
      Actif: 'oui',
      'Invitation en attente': 'non',
      // 23:30 UTC on 5 January is 00:30 on 6 January in Paris; 23:00 UTC on 31 December is midnight.
      'Dernière connexion': '06/01/2026 00:30',
      'Créé le': '01/01/2026 00:00',
    });
  });

  it('journal: French levels and sources, Paris time', async () => {
    const rows = await exportRows(boss, '/api/logs/export.csv');
    expect(rows.find((r) => r.Message === 'Accès refusé à /api/users')).toMatchObject({
      Date: '06/01/2026 00:30',
      Niveau: 'Avertissement',
      Source: 'Sécurité',
    });
  });

  it('organizations: whole numbers and Paris time', async () => {
    const rows = await exportRows(boss, '/api/superadmin/organizations/export.csv');
    const row = rows.find((r) => r.Nom === 'Bijouterie Format');
    expect(row).toMatchObject({ Statut: 'Active', 'Créée le': '01/07/2026 00:15' });
    expect(Number(row!.Utilisateurs)).toBeGreaterThanOrEqual(1);
  });
});

describe('the import reads back what the export writes', () => {
  it('stones: sizes, weights, costs and thresholds come back unchanged (the stock is not imported)', async () => {
    await created(other, '/api/suppliers', { type: 'sertisseur', name: 'Atelier Dupré' });
    const res = await boss.get('/api/stones/export.csv');
    const done = await send(other, 'POST', '/api/stones/import', { csv: res.body, dryRun: false });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ invalid: 0, imported: 1 });
    const pick = (s: Stone) => [s.name, s.sizeMm, s.weight, s.unitCost, s.stockUnit, s.lowStockThreshold];
    const mine = body<ListResponse<Stone>>(await boss.get('/api/stones')).items.map(pick);
    const theirs = body<ListResponse<Stone>>(await other.get('/api/stones')).items.map(pick);
    expect(theirs).toEqual(mine);
    expect(theirs[0]).toEqual(['Saphir de Ceylan', '2.50', '0.125', '1234.50', 'pc', '5.000']);
    // An import never types a stock: the copy starts at 0, its stock comes in through movements.
    expect(body<ListResponse<Stone>>(await other.get('/api/stones')).items[0]!.stockQuantity).toBe('0.000');
  });

  it('clients: the birth date and the consent come back unchanged', async () => {
    const res = await boss.get('/api/clients/export.csv');
    const done = await send(other, 'POST', '/api/clients/import', { csv: res.body, dryRun: false });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ invalid: 0 });
    const [copy] = body<ListResponse<Client>>(await other.get('/api/clients?q=fournier')).items;
    expect(copy).toMatchObject({
      firstName: 'Hélène',
      lastName: 'Fournier',
      birthDate: '1980-05-12',
      marketingConsent: true,
    });
  });

  it('suppliers: the lead time comes back unchanged', async () => {
    const res = await boss.get('/api/suppliers/export.csv?q=dupre');
    const done = await send(other, 'POST', '/api/suppliers/import', { csv: res.body, dryRun: false });
    expect(done.statusCode, done.body).toBe(200);
    const names = body<ListResponse<Supplier>>(await other.get('/api/suppliers?q=dupre&sort=name')).items;
    expect(names.map((s) => s.leadTimeDays)).toContain(12);
  });
});
