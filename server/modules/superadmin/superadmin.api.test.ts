import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@shared/schemas/common-fields';
import type { DataSourceTestResult, DataSourceView, OrganizationUsage } from '@shared/schemas/superadmin';
import { dataSources } from '../../db/schema';
import { startGoldApiStub, type GoldApiStub } from '../market/test/stub-servers';
import { TestClient, createOrganization, createTestApp, signedInClient, type TestApp } from '../../test/harness';
import { SUSPEND_OWN_MESSAGE } from './organizations.routes';

let t: TestApp;
let rootOrg: string;
let root: TestClient;
let stub: GoldApiStub;

beforeAll(async () => {
  t = await createTestApp();
  stub = await startGoldApiStub('cle-goldapi-1234567890');
  rootOrg = await createOrganization(t, 'Plateforme');
  root = (await signedInClient(t, { role: 'superadmin', organizationId: rootOrg })).client;
});
afterAll(async () => {
  await stub?.close();
  await t?.close();
});

const newOrg = (over: Record<string, unknown> = {}) => ({
  name: 'Bijouterie Durand',
  admin: {
    username: `durand.${Math.random().toString(36).slice(2, 8)}`,
    email: 'paul.durand@example.fr',
    firstName: 'Paul',
    lastName: 'Durand',
    onboarding: 'temporary-password',
  },
  ...over,
});

describe('organizations', () => {
  it('creates an organization with its first admin (temporary password shown once) and lists usage', async () => {
    const body = newOrg();
    const res = await root.post('/api/superadmin/organizations', body);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ organization: OrganizationUsage; admin: { temporaryPassword: string } }>();
    expect(created.organization).toMatchObject({
      name: 'Bijouterie Durand',
      status: 'active',
      users: 1,
      activeSessions: 0,
    });
    const client = new TestClient(t.app);
    await client.login({ username: body.admin.username, password: created.admin.temporaryPassword });
    expect((await client.get('/api/me/context')).json()).toMatchObject({
      user: { role: 'admin', organizationId: created.organization.id },
      mustChangePassword: true,
    });
    const list = (await root.get('/api/superadmin/organizations?q=durand')).json<Page<OrganizationUsage>>();
    expect(list.items.find((o) => o.id === created.organization.id)).toMatchObject({
      users: 1,
      activeUsers: 1,
      activeSessions: 1,
    });
    expect(list.items.find((o) => o.id === created.organization.id)!.lastLoginAt).not.toBeNull();
  });

  it('validates in French, refuses a taken admin username, and is superadmin-only', async () => {
    const bad = await root.post('/api/superadmin/organizations', { name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      name: ['Ce champ est obligatoire'],
      admin: ['Le premier administrateur est obligatoire'],
    });
    const body = newOrg();
    expect((await root.post('/api/superadmin/organizations', body)).statusCode).toBe(201);
    expect((await root.post('/api/superadmin/organizations', newOrg({ admin: body.admin }))).statusCode).toBe(409);
    const { client: admin } = await signedInClient(t, { role: 'admin' });
    expect((await admin.get('/api/superadmin/organizations')).statusCode).toBe(403);
    expect((await admin.post('/api/superadmin/organizations', newOrg())).statusCode).toBe(403);
  });

  it("suspends an organization: its users' sessions end and they cannot sign in; reactivation restores", async () => {
    const org = await createOrganization(t, 'À suspendre');
    const { client, user } = await signedInClient(t, { role: 'manager', organizationId: org });
    const res = await root.post(`/api/superadmin/organizations/${org}/status`, { status: 'suspended' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'suspended', activeSessions: 0 });
    expect((await client.get('/api/me/context')).statusCode).toBe(401);
    expect((await new TestClient(t.app).post('/api/login', user)).statusCode).toBe(401);
    expect((await root.post(`/api/superadmin/organizations/${org}/status`, { status: 'active' })).json().status).toBe(
      'active',
    );
    await new TestClient(t.app).login(user);
  });

  it('refuses to suspend its own organization (409), a bad status (400), an unknown one (404)', async () => {
    const own = await root.post(`/api/superadmin/organizations/${rootOrg}/status`, { status: 'suspended' });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(SUSPEND_OWN_MESSAGE);
    const bad = await root.post(`/api/superadmin/organizations/${rootOrg}/status`, { status: 'gelée' });
    expect(bad.json().fieldErrors.status).toEqual(['Statut inconnu (active, suspended)']);
    const missing = await root.post('/api/superadmin/organizations/00000000-0000-4000-8000-000000000000/status', {
      status: 'active',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('modules per organization', () => {
  it("turns a module off: its routes answer 404 for that organization only, and it leaves the user's context", async () => {
    const org = await createOrganization(t, 'Sans clients');
    const { client: admin } = await signedInClient(t, { role: 'admin', organizationId: org });
    const { client: neighbour } = await signedInClient(t, { role: 'admin' });
    expect((await admin.get('/api/clients')).statusCode).toBe(200);
    const off = await root.request({
      method: 'PUT',
      url: `/api/superadmin/organizations/${org}/modules`,
      payload: { modules: { clients: false } },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().modules.find((m: { key: string }) => m.key === 'clients')).toMatchObject({ enabled: false });
    expect((await admin.get('/api/clients')).statusCode).toBe(404);
    expect((await neighbour.get('/api/clients')).statusCode).toBe(200);
    const context = (await admin.get('/api/me/context')).json();
    expect(context.modules.find((m: { key: string }) => m.key === 'clients').enabled).toBe(false);
    await root.request({
      method: 'PUT',
      url: `/api/superadmin/organizations/${org}/modules`,
      payload: { modules: { clients: true } },
    });
    expect((await admin.get('/api/clients')).statusCode).toBe(200);
  });

  it('refuses an unknown module (400) and an unknown organization (404)', async () => {
    const bad = await root.request({
      method: 'PUT',
      url: `/api/superadmin/organizations/${rootOrg}/modules`,
      payload: { modules: { casino: false } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.modules).toEqual(['Module inconnu']);
    const missing = await root.get('/api/superadmin/organizations/00000000-0000-4000-8000-000000000000/modules');
    expect(missing.statusCode).toBe(404);
  });
});

describe('data sources', () => {
  it('stores the secret encrypted, never sends it back, tests the provider now and records its health', async () => {
    const res = await root.post('/api/superadmin/data-sources', {
      kind: 'goldapi',
      name: 'GoldAPI',
      instruments: ['XAU', 'XAG'],
      priority: 10,
      config: { baseUrl: stub.url },
      secret: 'cle-goldapi-1234567890',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<DataSourceView>();
    expect(created.secretMasked).toBe('••••7890');
    expect(res.body).not.toContain('cle-goldapi-1234567890');
    const [row] = await t.handle.db.select().from(dataSources).where(eq(dataSources.id, created.id));
    expect(row!.secretEncrypted).toMatch(/^v1\./);
    expect(row!.secretEncrypted).not.toContain('cle-goldapi');
    const list = await root.get('/api/superadmin/data-sources');
    expect(list.body).not.toContain('cle-goldapi-1234567890');

    const tested = (await root.post(`/api/superadmin/data-sources/${created.id}/test`)).json<DataSourceTestResult>();
    expect(tested.ok).toBe(true);
    expect(tested.readings.map((r) => [r.instrument, r.value])).toEqual([
      ['XAU', '121.5'],
      ['XAG', '1.48'],
    ]);
    expect(tested.latencyMs).toBeGreaterThanOrEqual(0);
    expect(stub.requests.at(-1)!.headers['x-access-token']).toBe('cle-goldapi-1234567890');
    const healthy = (await root.get(`/api/superadmin/data-sources/${created.id}`)).json<DataSourceView>();
    expect(healthy.health).toMatchObject({ status: 'ok', lastError: null });
    expect(healthy.health.lastSuccessAt).not.toBeNull();

    stub.fail('http500');
    const failing = (await root.post(`/api/superadmin/data-sources/${created.id}/test`)).json<DataSourceTestResult>();
    stub.fail(null);
    expect(failing).toMatchObject({ ok: false, readings: [], problems: ['HTTP 500'] });
    expect((await root.get(`/api/superadmin/data-sources/${created.id}`)).json().health).toMatchObject({
      status: 'failing',
      lastError: 'HTTP 500',
    });
  });

  it('creates a manual source with typed prices that the market then serves', async () => {
    const bad = await root.post('/api/superadmin/data-sources', {
      kind: 'manual',
      name: 'Cours affichés',
      instruments: ['XAU'],
      config: { values: { XAU: '-3' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().fieldErrors)).toContain('Prix décimal positif attendu');
    const res = await root.post('/api/superadmin/data-sources', {
      kind: 'manual',
      name: 'Cours affichés',
      instruments: ['XAU'],
      priority: 1,
      config: { values: { XAU: '131.25' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const refreshed = await root.post('/api/spot/refresh', { metal: 'gold' });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json()).toMatchObject({ pricePerG: '131.25', source: 'Cours affichés' });
  });

  it('updates enable/priority/secret with an audit that never holds the secret', async () => {
    const created = (
      await root.post('/api/superadmin/data-sources', {
        kind: 'ecb',
        name: 'BCE',
        instruments: ['USD/EUR', 'ILS/EUR'],
      })
    ).json<DataSourceView>();
    expect(created.secretMasked).toBeNull();
    const patch = (payload: Record<string, unknown>) =>
      root.request({ method: 'PATCH', url: `/api/superadmin/data-sources/${created.id}`, payload });
    const res = await patch({ enabled: false, priority: 5, secret: 'court' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      enabled: false,
      priority: 5,
      secretMasked: '••••',
      health: { status: 'disabled' },
    });
    expect((await patch({ secret: null })).json().secretMasked).toBeNull();
    const bad = await patch({ priority: -1, instruments: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({ priority: ['Au moins 0'], instruments: ['Au moins un instrument'] });
    expect((await patch({})).statusCode).toBe(400);
    const badKind = await root.post('/api/superadmin/data-sources', { kind: 'yahoo', name: 'x', instruments: ['XAU'] });
    expect(badKind.json().fieldErrors.kind).toEqual(['Type de source inconnu']);
    const audits = await t.handle.db.execute(
      sql`SELECT changes::text AS c FROM audit_log WHERE entity_type = 'data-source'`,
    );
    expect(JSON.stringify(audits)).not.toContain('court');
  });

  it('"Tester" judges a feed against its own readings, never against a typed price', async () => {
    const feed = (
      await root.post('/api/superadmin/data-sources', {
        kind: 'goldapi',
        name: 'GoldAPI contrôle',
        instruments: ['XAU'],
        priority: 50,
        config: { baseUrl: stub.url },
        secret: 'cle-goldapi-1234567890',
      })
    ).json<DataSourceView>();
    stub.setPrice('XAU', 89.5);
    const typed = (
      await root.post('/api/superadmin/data-sources', {
        kind: 'manual',
        name: 'Erreur de saisie',
        instruments: ['XAU'],
        priority: 0,
        config: { values: { XAU: '1' } },
      })
    ).json<DataSourceView>();
    await t.app.market.refresh(['XAU']);
    expect(t.app.market.getSpot('gold')).toMatchObject({ value: '1', source: 'Erreur de saisie' });
    const tested = (await root.post(`/api/superadmin/data-sources/${feed.id}/test`)).json<DataSourceTestResult>();
    expect(tested).toMatchObject({ ok: true, problems: [] });
    expect(tested.readings.map((r) => r.value)).toEqual(['89.5']);
    await root.request({
      method: 'PATCH',
      url: `/api/superadmin/data-sources/${typed.id}`,
      payload: { enabled: false },
    });
  });
});
