/**
 * Pages of a large list, whatever way the server reads them (resource.ts): direct, deferred join
 * (ids from the sort index, then rows), reverse (ids from the end of the index) and fenced search.
 * Every page must hold exactly the rows of the plain `ORDER BY sort, id LIMIT OFFSET` of the
 * organization's active clients, in that order.
 */
import { and, asc, desc, eq, isNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@shared/schemas/clients';
import { SEARCH_COUNT_CAP, type ListResponse } from '@shared/schemas/lists';
import { clientInputSchema } from '@shared/schemas/clients';
import { clients } from '../db/schema';
import { clientValues } from '../modules/clients/clients.resource';
import { createOrganization, createTestApp, signedInClient, type TestApp, type TestClient } from '../test/harness';
import { body } from './test-helpers';

const COUNT = 1234;
const CITIES = ['Lyon', 'Évian', 'Paris', 'Éze', 'Nantes', 'Arles'];
const NAMES = ['Dupont', 'Élie', 'Martin', 'Ézé', 'Zola', 'Abel', 'Lefèvre'];

let t: TestApp;
let orgId: string;
let reader: TestClient;

function clientRow(i: number, organizationId: string) {
  const input = clientInputSchema.parse({
    firstName: `Prénom${i % 17}`,
    lastName: NAMES[(i * 7) % NAMES.length],
    city: CITIES[(i * 5) % CITIES.length],
    company: i % 3 === 0 ? `Société ${i % 11}` : '',
    email: `client${i}@example.fr`,
    tags: i % 4 === 0 ? ['vip'] : [],
  });
  return { ...clientValues(input), organizationId };
}

beforeAll(async () => {
  t = await createTestApp();
  orgId = await createOrganization(t, 'Grande liste');
  const otherOrg = await createOrganization(t, 'Autre boutique');
  reader = (await signedInClient(t, { role: 'sales', organizationId: orgId })).client;
  const rows = Array.from({ length: COUNT }, (_, i) => clientRow(i, orgId));
  for (let i = 0; i < rows.length; i += 500) await t.handle.db.insert(clients).values(rows.slice(i, i + 500));
  // Rows that must never show: another organization's, and archived ones.
  await t.handle.db.insert(clients).values(Array.from({ length: 50 }, (_, i) => clientRow(i, otherOrg)));
  await t.handle.db
    .insert(clients)
    .values(Array.from({ length: 20 }, (_, i) => ({ ...clientRow(i, orgId), archivedAt: new Date() })));
});
afterAll(async () => {
  await t?.close();
});

const SORT_COLUMNS = {
  lastName: clients.lastNameSort,
  city: clients.citySort,
  company: clients.companySort,
  createdAt: clients.createdAt,
} as const;

async function expectedIds(sort: keyof typeof SORT_COLUMNS, dir: 'asc' | 'desc', search?: string): Promise<string[]> {
  const by = dir === 'asc' ? asc : desc;
  const rows = await t.handle.db
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        eq(clients.organizationId, orgId),
        isNull(clients.archivedAt),
        search ? like(clients.searchText, `%${search}%`) : undefined,
      ),
    )
    .orderBy(by(SORT_COLUMNS[sort]), by(clients.id));
  return rows.map((r) => r.id);
}

async function page(query: string): Promise<ListResponse<Client>> {
  const res = await reader.get(`/api/clients?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return body<ListResponse<Client>>(res);
}

describe('list pages on a large list', () => {
  it.each([
    ['lastName', 'asc'],
    ['lastName', 'desc'],
    ['city', 'desc'],
    ['company', 'asc'],
    ['createdAt', 'desc'],
  ] as const)('every page sorted by %s %s is the plain ORDER BY … LIMIT OFFSET page', async (sort, dir) => {
    const expected = await expectedIds(sort, dir);
    expect(expected).toHaveLength(COUNT);
    const seen: string[] = [];
    // Pages of 100: offsets 0-400 read directly, 500-600 through the deferred join, 700-1200 from
    // the end of the index (the last page holds 34 rows).
    for (let p = 1; p <= Math.ceil(COUNT / 100); p++) {
      const res = await page(`sort=${sort}&dir=${dir}&pageSize=100&page=${p}`);
      expect(res.total).toBe(COUNT);
      expect(res.items.map((c) => c.id)).toEqual(expected.slice((p - 1) * 100, p * 100));
      seen.push(...res.items.map((c) => c.id));
    }
    expect(seen).toEqual(expected);
    // Pages of 25 around the turning points, and past the end.
    for (const p of [20, 21, 24, 25, 26, 49, 50]) {
      const res = await page(`sort=${sort}&dir=${dir}&pageSize=25&page=${p}`);
      expect(res.items.map((c) => c.id)).toEqual(expected.slice((p - 1) * 25, p * 25));
    }
    expect((await page(`sort=${sort}&dir=${dir}&pageSize=25&page=51`)).items).toEqual([]);
  });

  it('pages searches (matches found first, then sorted) like the plain query', async () => {
    for (const search of ['client12', 'prenom1', 'lefevre']) {
      const expected = await expectedIds('lastName', 'asc', search);
      const first = await page(`q=${search}&pageSize=25`);
      expect(first.total).toBe(expected.length);
      for (let p = 1; p <= Math.ceil(expected.length / 25); p++) {
        const res = await page(`q=${search}&pageSize=25&page=${p}`);
        expect(res.items.map((c) => c.id)).toEqual(expected.slice((p - 1) * 25, p * 25));
      }
    }
    // A page past the matches, asked first (nothing cached): no rows, and still the exact total.
    const past = await page('q=prenom16&pageSize=25&page=40');
    expect(past.items).toEqual([]);
    expect(past.total).toBe((await expectedIds('lastName', 'asc', 'prenom16')).length);
    expect((await page('q=nobody-here&pageSize=25')).total).toBe(0);
  });

  it('counts a search or a filter up to SEARCH_COUNT_CAP, says so, and still pages it exactly', async () => {
    const expected = await expectedIds('lastName', 'asc', 'example');
    expect(expected).toHaveLength(COUNT);
    const first = await page('q=example&pageSize=25');
    expect(first).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
    expect(first.items.map((c) => c.id)).toEqual(expected.slice(0, 25));
    for (const p of [2, 30, 41, 49]) {
      const res = await page(`q=example&pageSize=25&page=${p}`);
      expect(res.totalCapped).toBe(true);
      expect(res.items.map((c) => c.id)).toEqual(expected.slice((p - 1) * 25, p * 25));
    }
    // Below the cap the total is exact and not flagged; the whole list is never capped.
    const few = await page('q=client12&pageSize=25');
    expect(few.totalCapped).toBeUndefined();
    expect((await page('pageSize=25')).total).toBe(COUNT);
    expect((await page('pageSize=25')).totalCapped).toBeUndefined();
    // A filter past the cap is capped like a search.
    const noVip = await page('status=client&sort=city&pageSize=25&page=2');
    expect(noVip).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
  });

  it('applies filters and the organization to every page shape', async () => {
    const vip = await page('tag=vip&sort=city&dir=desc&pageSize=100&page=3');
    expect(vip).toMatchObject({ total: Math.ceil(COUNT / 4) });
    expect(vip.totalCapped).toBeUndefined();
    expect(vip.items.every((c) => c.tags.includes('vip'))).toBe(true);
    const deep = await page('sort=city&pageSize=100&page=12');
    const ids = new Set((await expectedIds('city', 'asc')).slice(1100, 1200));
    expect(deep.items.every((c) => ids.has(c.id))).toBe(true);
  });
});
