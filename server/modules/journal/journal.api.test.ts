import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@shared/schemas/common-fields';
import type { JournalEntryDetail, JournalEntrySummary, JournalStats } from '@shared/schemas/journal';
import { auditLog, logEntries } from '../../db/schema';
import {
  TestClient,
  createOrganization,
  createTestApp,
  signedInClient,
  type TestApp,
  type TestUser,
} from '../../test/harness';

const NOW = new Date('2026-06-15T12:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

let t: TestApp;
let orgId: string;
let foreignOrg: string;
let admin: TestClient;
let adminUser: TestUser;
let root: TestClient;

async function entry(values: Partial<typeof logEntries.$inferInsert> & { organizationId: string | null }) {
  const [row] = await t.handle.db
    .insert(logEntries)
    .values({ level: 'error', source: 'frontend', message: 'Erreur', createdAt: NOW, ...values })
    .returning({ id: logEntries.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp({}, () => NOW);
  orgId = await createOrganization(t, 'Journal Org');
  foreignOrg = await createOrganization(t, 'Voisine');
  ({ client: admin, user: adminUser } = await signedInClient(t, { role: 'admin', organizationId: orgId }));
  root = (await signedInClient(t, { role: 'superadmin', organizationId: orgId })).client;
  await entry({
    organizationId: orgId,
    level: 'error',
    source: 'frontend',
    message: 'TypeError: x is undefined',
    stack: 'at App (app.tsx:1)',
    context: { component: 'App' },
    userId: adminUser.id,
    createdAt: daysAgo(1),
  });
  await entry({ organizationId: orgId, level: 'warn', source: 'server', message: 'Lent', createdAt: daysAgo(2) });
  await entry({ organizationId: orgId, level: 'info', source: 'frontend', message: 'Ancien', createdAt: daysAgo(40) });
  await entry({
    organizationId: foreignOrg,
    level: 'error',
    source: 'frontend',
    message: 'Secret voisin',
    createdAt: daysAgo(1),
  });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/logs', () => {
  it("lists the organization's entries only, newest first, with filters", async () => {
    const all = (await admin.get('/api/logs')).json<Page<JournalEntrySummary>>();
    expect(all.items.map((e) => e.message)).toEqual(['TypeError: x is undefined', 'Lent', 'Ancien']);
    expect(all.items[0]).toMatchObject({ username: adminUser.username, organizationId: orgId });
    const pick = async (qs: string) =>
      (await admin.get(`/api/logs?${qs}`)).json<Page<JournalEntrySummary>>().items.map((e) => e.message);
    expect(await pick('level=warn,info')).toEqual(['Lent', 'Ancien']);
    expect(await pick('source=server')).toEqual(['Lent']);
    expect(await pick(`userId=${adminUser.id}`)).toEqual(['TypeError: x is undefined']);
    expect(await pick(`from=${daysAgo(3).toISOString().slice(0, 10)}`)).toEqual(['TypeError: x is undefined', 'Lent']);
    expect(await pick(`to=${daysAgo(2).toISOString().slice(0, 10)}`)).toEqual(['Lent', 'Ancien']);
    expect(await pick('q=typeerror')).toEqual(['TypeError: x is undefined']);
    expect(await pick('q=100%25')).toEqual([]);
    const page = (await admin.get('/api/logs?pageSize=1&page=3')).json<Page<JournalEntrySummary>>();
    expect(page).toMatchObject({ total: 3, page: 3, items: [{ message: 'Ancien' }] });
  });

  it('answers 400 in French on bad filters, 401 signed out, 403 for sales and production', async () => {
    const bad = await admin.get('/api/logs?level=fatal&from=hier&pageSize=500');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      level: ['Niveau inconnu (debug, info, warn, error)'],
      from: ['Date invalide (AAAA-MM-JJ ou ISO 8601)'],
      pageSize: ['Au plus 100 éléments par page'],
    });
    expect((await new TestClient(t.app).get('/api/logs')).statusCode).toBe(401);
    for (const role of ['sales', 'production']) {
      const { client } = await signedInClient(t, { role, organizationId: orgId });
      expect((await client.get('/api/logs')).statusCode, role).toBe(403);
    }
    const { client: manager } = await signedInClient(t, { role: 'manager', organizationId: orgId });
    expect((await manager.get('/api/logs')).statusCode).toBe(200);
  });

  it('lets only a superadmin read every organization (scope=all)', async () => {
    expect((await admin.get('/api/logs?scope=all')).statusCode).toBe(403);
    const all = (await root.get('/api/logs?scope=all&q=voisin')).json<Page<JournalEntrySummary>>();
    expect(all.items.map((e) => e.organizationId)).toEqual([foreignOrg]);
    expect((await root.get('/api/logs?q=voisin')).json().items).toEqual([]);
  });
});

describe('GET /api/logs/:id', () => {
  it("shows stack and context; another organization's entry is 404", async () => {
    const [own] = (await admin.get('/api/logs?q=TypeError')).json<Page<JournalEntrySummary>>().items;
    const detail = (await admin.get(`/api/logs/${own!.id}`)).json<JournalEntryDetail>();
    expect(detail).toMatchObject({ stack: 'at App (app.tsx:1)', context: { component: 'App' } });
    const [foreign] = await t.handle.db.select().from(logEntries).where(eq(logEntries.organizationId, foreignOrg));
    const res = await admin.get(`/api/logs/${foreign!.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Secret voisin');
    expect((await admin.get('/api/logs/abc')).statusCode).toBe(404);
  });
});

describe('GET /api/logs/stats', () => {
  it('counts per day (zero-filled, 30 days by default) and per source', async () => {
    const stats = (await admin.get('/api/logs/stats')).json<JournalStats>();
    expect(stats.days).toHaveLength(30);
    expect(stats.days.at(-1)!.day).toBe('2026-06-15');
    expect(stats.days.find((d) => d.day === '2026-06-14')).toMatchObject({ total: 1, error: 1 });
    expect(stats.days.find((d) => d.day === '2026-06-13')).toMatchObject({ total: 1, warn: 1 });
    expect(stats.days.reduce((s, d) => s + d.total, 0)).toBe(2);
    expect(stats.bySource).toEqual(
      expect.arrayContaining([
        { source: 'frontend', count: 1 },
        { source: 'server', count: 1 },
      ]),
    );
    expect((await admin.get('/api/logs/stats?days=0')).statusCode).toBe(400);
  });
});

describe('POST /api/logs/purge', () => {
  it('is superadmin-only per the matrix; purges the own organization only, audited', async () => {
    expect((await admin.post('/api/logs/purge', { olderThanDays: 30 })).statusCode).toBe(403);
    const bad = await root.post('/api/logs/purge', { olderThanDays: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.olderThanDays).toEqual(['Au moins 1 jour']);
    const foreignOld = await entry({ organizationId: foreignOrg, message: 'Vieux voisin', createdAt: daysAgo(90) });
    const res = await root.post('/api/logs/purge', { olderThanDays: 30 });
    expect(res.json()).toEqual({ deleted: 1 });
    expect(await t.handle.db.select().from(logEntries).where(eq(logEntries.id, foreignOld))).toHaveLength(1);
    const [audit] = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, orgId), eq(auditLog.entityType, 'journal')));
    expect(audit!.changes).toMatchObject({ olderThanDays: 30, deleted: 1 });
  });
});

describe('security events in the journal', () => {
  it('records permission refusals and failed sign-ins (source security, level warn)', async () => {
    const { client: sales, user } = await signedInClient(t, { role: 'sales', organizationId: orgId });
    expect((await sales.get('/api/users')).statusCode).toBe(403);
    const failed = await new TestClient(t.app).post('/api/login', { username: user.username, password: 'mauvais' });
    expect(failed.statusCode).toBe(401);
    const list = (await admin.get(`/api/logs?source=security&userId=${user.id}`)).json<Page<JournalEntrySummary>>();
    expect(list.items.map((e) => [e.level, e.message])).toEqual([
      ['warn', 'Échec de connexion'],
      ['warn', 'Accès refusé : GET /api/users'],
    ]);
    const detail = (await admin.get(`/api/logs/${list.items[0]!.id}`)).json<JournalEntryDetail>();
    expect(detail.context).toEqual({ reason: 'bad_password', username: user.username });
    expect(JSON.stringify(detail)).not.toContain('mauvais');
  });
});
