import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult, ListResponse } from '@shared/schemas/lists';
import type { Supplier } from '@shared/schemas/suppliers';
import { parseCsv } from '@shared/csv';
import { createOrganization, createTestApp, signedInClient, TestClient, type TestApp } from '../../test/harness';
import { auditEntries, body, send } from '../../lists/test-helpers';

let t: TestApp;
let orgId: string;
let admin: TestClient;

async function create(client: TestClient, payload: Record<string, unknown>): Promise<Supplier> {
  const res = await send(client, 'POST', '/api/suppliers', payload);
  expect(res.statusCode, res.body).toBe(201);
  return body<Supplier>(res);
}

beforeAll(async () => {
  t = await createTestApp();
  orgId = await createOrganization(t, 'Ateliers');
  admin = (await signedInClient(t, { role: 'admin', organizationId: orgId })).client;
});
afterAll(async () => {
  await t?.close();
});

describe('suppliers', () => {
  it('creates a supplier with contacts and specialities; validates contacts', async () => {
    const s = await create(admin, {
      type: 'sertisseur',
      name: 'Serti Concept',
      contacts: [
        { name: 'Sophie Laurent', role: 'Sertisseuse', email: 'sophie@serti.example', phone: '06 11 22 33 44' },
      ],
      specialities: ['serti grain', 'pavage', 'pavage'],
      leadTimeDays: '7',
      paymentTerms: '30 jours fin de mois',
    });
    expect(s).toMatchObject({
      type: 'sertisseur',
      contacts: [
        { name: 'Sophie Laurent', role: 'Sertisseuse', email: 'sophie@serti.example', phone: '06 11 22 33 44' },
      ],
      specialities: ['serti grain', 'pavage'],
      leadTimeDays: 7,
      country: 'France',
      version: 1,
    });
    const bad = await send(admin, 'POST', '/api/suppliers', {
      type: 'banquier',
      name: 'X',
      contacts: [{ name: '', email: 'faux' }],
      leadTimeDays: 400,
    });
    expect(bad.statusCode).toBe(400);
    const errors = body<{ fieldErrors: Record<string, string[]> }>(bad).fieldErrors;
    expect(errors['contacts.0.name']).toEqual(['Le nom du contact est obligatoire']);
    expect(errors['contacts.0.email']).toEqual(['Adresse e-mail invalide']);
    expect(errors.leadTimeDays).toEqual(['Le délai habituel (jours) doit être au plus 365']);
    expect(errors.type![0]).toMatch(/^Type : choisir parmi Atelier, Fondeur/);
  });

  it('lists with type filter, search by speciality and contact, sort and pagination', async () => {
    const org = await createOrganization(t, 'Liste fournisseurs');
    const { client } = await signedInClient(t, { role: 'manager', organizationId: org });
    await create(client, { type: 'fondeur', name: 'Fonderie Marais', specialities: ['cire perdue'] });
    await create(client, { type: 'graveur', name: 'Gravure Dubois', contacts: [{ name: 'Luc Hébert' }] });
    await create(client, { type: 'fondeur', name: 'Électro Fonte' });
    const list = (url: string) => client.get(url).then((r) => body<ListResponse<Supplier>>(r));
    const fondeurs = await list('/api/suppliers?type=fondeur&sort=name');
    expect(fondeurs.items.map((s) => s.name)).toEqual(['Électro Fonte', 'Fonderie Marais']);
    expect((await list('/api/suppliers?q=cire')).items.map((s) => s.name)).toEqual(['Fonderie Marais']);
    expect((await list('/api/suppliers?q=hebert')).items.map((s) => s.name)).toEqual(['Gravure Dubois']);
    const page = await list('/api/suppliers?sort=name&dir=desc&pageSize=2&page=2');
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.items.map((s) => s.name)).toEqual(['Électro Fonte']);
    expect((await client.get('/api/suppliers?type=banque')).statusCode).toBe(400);
  });

  it('updates with version and 409 when stale; archive/restore; 404 across organizations', async () => {
    const s = await create(admin, { type: 'atelier', name: 'Atelier Saint-Honoré' });
    const put = await send(admin, 'PUT', `/api/suppliers/${s.id}`, {
      version: 1,
      type: 'atelier',
      name: 'Atelier St-Honoré',
    });
    expect(body<Supplier>(put)).toMatchObject({ name: 'Atelier St-Honoré', version: 2 });
    expect((await send(admin, 'PUT', `/api/suppliers/${s.id}`, { version: 1, name: 'Écrasé' })).statusCode).toBe(409);
    const { client: other } = await signedInClient(t, { role: 'admin' });
    expect((await other.get(`/api/suppliers/${s.id}`)).statusCode).toBe(404);
    expect((await send(other, 'PATCH', `/api/suppliers/${s.id}`, { version: 2, name: 'Volé' })).statusCode).toBe(404);
    expect((await send(other, 'DELETE', `/api/suppliers/${s.id}`)).statusCode).toBe(404);
    expect((await send(admin, 'DELETE', `/api/suppliers/${s.id}`)).statusCode).toBe(200);
    expect(body<ListResponse<Supplier>>(await admin.get('/api/suppliers?q=honore')).total).toBe(0);
    expect((await send(admin, 'POST', `/api/suppliers/${s.id}/restore`)).statusCode).toBe(200);
    const audit = (await auditEntries(t, orgId, 'supplier')).filter((a) => a.entityId === s.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'archive', 'restore']);
    expect(audit[1]!.changes).toEqual({ name: { from: 'Atelier Saint-Honoré', to: 'Atelier St-Honoré' } });
  });

  it('follows the matrix (sales reads, cannot write), 401 signed out, 403 without CSRF', async () => {
    const { client: sales } = await signedInClient(t, { role: 'sales', organizationId: orgId });
    expect((await sales.get('/api/suppliers')).statusCode).toBe(200);
    expect((await send(sales, 'POST', '/api/suppliers', { name: 'Non' })).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/suppliers')).statusCode).toBe(401);
    expect((await send(admin, 'POST', '/api/suppliers', { name: 'X' }, { csrf: false })).statusCode).toBe(403);
  });

  it('imports mixed rows (good ones only, audited) and exports French CSV', async () => {
    const org = await createOrganization(t, 'Import fournisseurs');
    const { client } = await signedInClient(t, { role: 'admin', organizationId: org });
    const csv =
      'Type,Nom,Spécialités,Délai habituel (jours)\nfondeur,Fonderie A,"or|platine",5\nbanquier,Banque B,,\n,Sans type,,abc\n';
    const res = body<ImportResult>(await send(client, 'POST', '/api/suppliers/import', { csv, dryRun: false }));
    expect(res).toMatchObject({ total: 3, valid: 1, invalid: 2, imported: 1 });
    expect(res.rows[2]!.errors).toEqual({ leadTimeDays: ['Le délai habituel (jours) doit être un nombre entier'] });
    const exported = parseCsv((await client.get('/api/suppliers/export.csv')).body);
    expect(exported.headers.slice(0, 2)).toEqual(['Type', 'Nom']);
    expect(exported.records.map((r) => r.cells.slice(0, 2))).toEqual([['Fondeur', 'Fonderie A']]);
    expect((await auditEntries(t, org, 'supplier')).map((a) => a.action)).toEqual(['import']);
  });
});
