import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardActivity } from '@shared/schemas/dashboard';
import type { ListResponse } from '@shared/schemas/lists';
import type { QuoteSummary } from '@shared/schemas/quotes';
import type { Stone } from '@shared/schemas/stones';
import { organizationModules } from '../../db/schema';
import { body } from '../../lists/test-helpers';
import { createOrganization, createTestApp, signedInClient, type TestApp, type TestClient } from '../../test/harness';
import { seedDemoGoldBuys } from '../gold-buys/gold-buys.seed';
import { seedDemoProjects } from '../projects/projects.seed';
import { seedDemoQuotes } from '../quotes/quotes.seed';
import { seedDemoReferentiels } from '../seed/referentiels-demo';
import { seedDemoWorkOrders } from '../work-orders/work-orders.seed';

let t: TestApp;
let orgId: string;
let otherOrgId: string;
const clients = new Map<string, TestClient>();
const ROLES = ['superadmin', 'admin', 'manager', 'sales', 'production', 'stagiaire'] as const;

async function activity(client: TestClient): Promise<DashboardActivity> {
  const res = await client.get('/api/dashboard/activity');
  expect(res.statusCode, res.body).toBe(200);
  return body<DashboardActivity>(res);
}

async function listCount(client: TestClient, url: string): Promise<number> {
  const res = await client.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return body<ListResponse<unknown>>(res).total;
}

beforeAll(async () => {
  t = await createTestApp();
  orgId = await createOrganization(t, 'Bijouterie Activité');
  otherOrgId = await createOrganization(t, 'Bijouterie Voisine');
  // The other organization holds the demo data; the own organization gets the same, so both have figures.
  for (const id of [orgId, otherOrgId]) {
    await seedDemoReferentiels(t.handle.db, id);
    await seedDemoProjects(t.handle.db, id);
    await seedDemoQuotes(t.handle.db, id);
    await seedDemoWorkOrders(t.handle.db, id);
    await seedDemoGoldBuys(t.handle.db, id);
  }
  for (const role of ROLES) {
    clients.set(role, (await signedInClient(t, { role, organizationId: orgId })).client);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/dashboard/activity', () => {
  it('gives each figure equal to the list it links to', async () => {
    const admin = clients.get('admin')!;
    const figures = await activity(admin);
    const quotes = body<QuoteSummary>(await admin.get('/api/quotes/summary?status=sent'));
    expect(figures.quotesAwaiting).toEqual({ count: quotes.count, totalInclVat: quotes.totalInclVat });
    expect(figures.quotesAwaiting!.count).toBe(await listCount(admin, '/api/quotes?status=sent'));
    expect(figures.goldBuysInWithdrawal).toEqual({
      count: await listCount(admin, '/api/gold-buys?status=in-withdrawal'),
    });
    expect(figures.goldBuysReadyToMelt).toEqual({
      count: await listCount(admin, '/api/gold-buys?status=ready-to-melt'),
    });
    expect(figures.lowStockStones).toEqual({ count: await listCount(admin, '/api/stones?lowStock=true') });
    expect(figures.workOrdersLate).toEqual({ count: await listCount(admin, '/api/work-orders?late=true') });
    expect(figures.workOrdersLate!.count).toBeGreaterThan(0);
    const week = figures.workOrdersDueThisWeek!;
    expect(week.count).toBe(await listCount(admin, `/api/work-orders?open=true&dueFrom=${week.from}&dueTo=${week.to}`));
    expect(new Date(`${week.to}T00:00:00Z`).getUTCDay()).toBe(0);
    const total =
      figures.quotesAwaiting!.count +
      figures.goldBuysInWithdrawal!.count +
      figures.goldBuysReadyToMelt!.count +
      figures.lowStockStones!.count;
    expect(total).toBeGreaterThan(0);
  });

  it("counts only the own organization's records", async () => {
    const admin = clients.get('admin')!;
    const before = await activity(admin);
    // A low-stock stone and nothing else in the other organization changes nothing here.
    const neighbour = (await signedInClient(t, { role: 'admin', organizationId: otherOrgId })).client;
    const res = await neighbour.post('/api/stones', {
      category: 'appret',
      name: 'Fermoir voisin',
      lowStockThreshold: 5,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(body<Stone>(res).lowStock).toBe(true);
    expect(await activity(admin)).toEqual(before);
    const theirs = await activity(neighbour);
    expect(theirs.lowStockStones!.count).toBe(before.lowStockStones!.count + 1);
    // An organization without data sees zeros.
    const empty = (await signedInClient(t, { role: 'admin' })).client;
    expect(await activity(empty)).toEqual({
      quotesAwaiting: { count: 0, totalInclVat: '0.00' },
      goldBuysInWithdrawal: { count: 0 },
      goldBuysReadyToMelt: { count: 0 },
      lowStockStones: { count: 0 },
      workOrdersLate: { count: 0 },
      workOrdersDueThisWeek: { count: 0, from: expect.any(String), to: expect.any(String) },
    });
  });

  it('gives each role only the figures its areas allow (shared/access.ts)', async () => {
    const seen: Record<string, string[]> = {};
    for (const role of ROLES) {
      const figures = await activity(clients.get(role)!);
      seen[role] = Object.entries(figures)
        .filter(([, v]) => v !== null)
        .map(([k]) => k);
    }
    const workOrders = ['workOrdersLate', 'workOrdersDueThisWeek'];
    const all = ['quotesAwaiting', 'goldBuysInWithdrawal', 'goldBuysReadyToMelt', 'lowStockStones', ...workOrders];
    expect(seen).toEqual({
      superadmin: all,
      admin: all,
      manager: all,
      sales: all,
      production: ['lowStockStones', ...workOrders],
      stagiaire: ['quotesAwaiting', 'lowStockStones', ...workOrders],
    });
  });

  it('answers null for the figures of a module turned off for the organization', async () => {
    await t.handle.db.insert(organizationModules).values([
      { organizationId: orgId, module: 'quotes', enabled: false },
      { organizationId: orgId, module: 'goldbuy', enabled: false },
      { organizationId: orgId, module: 'work-orders', enabled: false },
    ]);
    t.app.organizationModules.invalidate(orgId);
    const figures = await activity(clients.get('admin')!);
    expect(figures.quotesAwaiting).toBeNull();
    expect(figures.goldBuysInWithdrawal).toBeNull();
    expect(figures.goldBuysReadyToMelt).toBeNull();
    expect(figures.workOrdersLate).toBeNull();
    expect(figures.workOrdersDueThisWeek).toBeNull();
    expect(figures.lowStockStones).not.toBeNull();
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/activity' });
    expect(res.statusCode).toBe(401);
  });
});
