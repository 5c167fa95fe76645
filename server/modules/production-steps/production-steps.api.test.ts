import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '@shared/schemas/lists';
import type { ProductionStep } from '@shared/schemas/production-steps';
import type { Supplier } from '@shared/schemas/suppliers';
import { parseCsv } from '@shared/csv';
import { createOrganization, createTestApp, signedInClient, TestClient, type TestApp } from '../../test/harness';
import { auditEntries, body, send } from '../../lists/test-helpers';
import { DEFAULT_PRODUCTION_STEPS, seedDefaultProductionSteps } from './production-steps.seed';

let t: TestApp;
let orgId: string;
let admin: TestClient;

async function create(client: TestClient, payload: Record<string, unknown>): Promise<ProductionStep> {
  const res = await send(client, 'POST', '/api/production-steps', payload);
  expect(res.statusCode, res.body).toBe(201);
  return body<ProductionStep>(res);
}
const list = async (client: TestClient, url = '/api/production-steps') =>
  body<ListResponse<ProductionStep>>(await client.get(url));

beforeAll(async () => {
  t = await createTestApp();
  orgId = await createOrganization(t, 'Atelier');
  admin = (await signedInClient(t, { role: 'production', organizationId: orgId })).client;
});
afterAll(async () => {
  await t?.close();
});

describe('production steps', () => {
  it('seeds the default steps once, in order', async () => {
    const org = await createOrganization(t, 'Seed');
    expect(await seedDefaultProductionSteps(t.handle.db, org)).toBe(8);
    expect(await seedDefaultProductionSteps(t.handle.db, org)).toBe(0);
    const { client } = await signedInClient(t, { role: 'sales', organizationId: org });
    const steps = await list(client);
    expect(steps.items.map((s) => s.name)).toEqual(DEFAULT_PRODUCTION_STEPS.map((s) => s.name));
    expect(steps.items[0]).toMatchObject({
      code: 'CAO',
      defaultDurationMinutes: 180,
      hourlyRate: '65.00',
      position: 1,
    });
  });

  it('creates steps at the end, validates subcontracting and unique codes', async () => {
    const a = await create(admin, { name: 'Fonte', code: 'fonte', defaultDurationMinutes: 60, hourlyRate: '55,5' });
    expect(a).toMatchObject({ code: 'FONTE', position: 1, mode: 'internal', hourlyRate: '55.50', supplierId: null });
    const b = await create(admin, { name: 'Polissage', code: 'POLI', defaultDurationMinutes: 45 });
    expect(b.position).toBe(2);

    const missing = await send(admin, 'POST', '/api/production-steps', {
      name: 'Gravure',
      code: 'GRAV',
      mode: 'subcontracted',
    });
    expect(missing.statusCode).toBe(400);
    expect(body<{ fieldErrors: Record<string, string[]> }>(missing).fieldErrors).toEqual({
      supplierId: ['Choisissez le sous-traitant d’une étape sous-traitée'],
    });
    const dup = await send(admin, 'POST', '/api/production-steps', { name: 'Autre fonte', code: 'FONTE' });
    expect(dup.statusCode).toBe(409);
    expect(body<{ fieldErrors: Record<string, string[]> }>(dup).fieldErrors).toEqual({
      code: ['Ce code est déjà utilisé par une autre étape'],
    });
    const bad = await send(admin, 'POST', '/api/production-steps', {
      name: '',
      code: 'a b',
      defaultDurationMinutes: -5,
      hourlyRate: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(body<{ fieldErrors: Record<string, string[]> }>(bad).fieldErrors).sort()).toEqual([
      'code',
      'defaultDurationMinutes',
      'hourlyRate',
      'name',
    ]);

    // Subcontracting needs a supplier of the same organization (admin of the org creates it: production cannot).
    const { client: orgAdmin } = await signedInClient(t, { role: 'admin', organizationId: orgId });
    const sup = body<Supplier>(
      await send(orgAdmin, 'POST', '/api/suppliers', { type: 'graveur', name: 'Gravure Dubois' }),
    );
    const c = await create(admin, { name: 'Gravure', code: 'GRAV', mode: 'subcontracted', supplierId: sup.id });
    expect(c).toMatchObject({ supplierName: 'Gravure Dubois', position: 3 });
    const { client: foreignAdmin } = await signedInClient(t, { role: 'admin' });
    const theirs = body<Supplier>(await send(foreignAdmin, 'POST', '/api/suppliers', { name: 'Ailleurs' }));
    const cross = await send(admin, 'POST', '/api/production-steps', {
      name: 'Sertissage',
      code: 'SERTI',
      mode: 'subcontracted',
      supplierId: theirs.id,
    });
    expect(cross.statusCode).toBe(400);
  });

  it('reorders the full list in one transaction; rejects partial, duplicate or foreign lists', async () => {
    const before = (await list(admin)).items;
    const ids = before.map((s) => s.id).reverse();
    const res = await send(admin, 'POST', '/api/production-steps/reorder', { ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ items: ProductionStep[] }>(res).items.map((s) => [s.id, s.position])).toEqual(
      ids.map((id, i) => [id, i + 1]),
    );
    expect((await list(admin)).items.map((s) => s.id)).toEqual(ids);

    const partial = await send(admin, 'POST', '/api/production-steps/reorder', { ids: ids.slice(1) });
    expect(partial.statusCode).toBe(400);
    expect(body<{ fieldErrors: Record<string, string[]> }>(partial).fieldErrors).toEqual({
      ids: ['La liste doit contenir chaque étape active exactement une fois'],
    });
    const duplicated = await send(admin, 'POST', '/api/production-steps/reorder', {
      ids: [ids[0], ...ids.slice(0, -1)],
    });
    expect(duplicated.statusCode).toBe(400);
    const { client: other } = await signedInClient(t, { role: 'admin' });
    const foreign = await send(other, 'POST', '/api/production-steps/reorder', { ids });
    expect(foreign.statusCode).toBe(400);
    expect((await send(admin, 'POST', '/api/production-steps/reorder', { ids: ['x'] })).statusCode).toBe(400);
    expect((await list(admin)).items.map((s) => s.id)).toEqual(ids);
    expect((await send(admin, 'POST', '/api/production-steps/reorder', { ids }, { csrf: false })).statusCode).toBe(403);
    const { client: sales } = await signedInClient(t, { role: 'sales', organizationId: orgId });
    expect((await send(sales, 'POST', '/api/production-steps/reorder', { ids })).statusCode).toBe(403);
    expect((await auditEntries(t, orgId, 'production_step')).some((a) => a.action === 'reorder')).toBe(true);
  });

  it('updates with version (409 stale), archives out of the order, restores at the end', async () => {
    const steps = (await list(admin)).items;
    const first = steps[0]!;
    const ok = await send(admin, 'PATCH', `/api/production-steps/${first.id}`, {
      version: first.version,
      hourlyRate: '60',
    });
    expect(body<ProductionStep>(ok)).toMatchObject({ hourlyRate: '60.00', position: first.position });
    const stale = await send(admin, 'PATCH', `/api/production-steps/${first.id}`, {
      version: first.version,
      name: 'Écrasé',
    });
    expect(stale.statusCode).toBe(409);
    expect((await send(admin, 'DELETE', `/api/production-steps/${first.id}`)).statusCode).toBe(200);
    expect((await list(admin)).items.map((s) => s.id)).not.toContain(first.id);
    const restored = body<ProductionStep>(await send(admin, 'POST', `/api/production-steps/${first.id}/restore`));
    expect(restored.position).toBe(Math.max(...steps.map((s) => s.position)) + 1);
    const { client: other } = await signedInClient(t, { role: 'admin' });
    expect((await other.get(`/api/production-steps/${first.id}`)).statusCode).toBe(404);
    expect(
      (await send(other, 'PATCH', `/api/production-steps/${first.id}`, { version: 3, name: 'X' })).statusCode,
    ).toBe(404);
    expect((await send(other, 'DELETE', `/api/production-steps/${first.id}`)).statusCode).toBe(404);
  });

  it('matrix: sales reads, cannot write; other roles of production write; 401 signed out; CSV export', async () => {
    const { client: sales } = await signedInClient(t, { role: 'sales', organizationId: orgId });
    expect((await sales.get('/api/production-steps')).statusCode).toBe(200);
    expect((await send(sales, 'POST', '/api/production-steps', { name: 'X', code: 'X' })).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/production-steps')).statusCode).toBe(401);
    expect(
      (await send(admin, 'POST', '/api/production-steps', { name: 'X', code: 'X' }, { csrf: false })).statusCode,
    ).toBe(403);
    const csv = parseCsv((await admin.get('/api/production-steps/export.csv')).body);
    expect(csv.headers).toEqual([
      'Ordre',
      'Code',
      'Nom',
      'Description',
      'Durée par défaut (min)',
      'Taux horaire (EUR)',
      'Mode',
      'Sous-traitant',
    ]);
    expect(csv.records.some((r) => r.cells[6] === 'Sous-traitée' && r.cells[7] === 'Gravure Dubois')).toBe(true);
  });
});
