/**
 * List totals and answers are cached under the version of the organization's rows that the
 * database raises on every committed change (migration 0032, ADR 0006). Whoever writes the rows,
 * this node, another node on the same database or plain SQL, the very next list request must show
 * the change; and no organization may ever be served another's answer.
 */
import { gunzipSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientInputSchema, type Client } from '@shared/schemas/clients';
import type { ListResponse } from '@shared/schemas/lists';
import { supplierInputSchema, type Supplier } from '@shared/schemas/suppliers';
import { buildApp } from '../app';
import { clients, listVersions, suppliers } from '../db/schema';
import { clientValues } from '../modules/clients/clients.resource';
import { supplierValues } from '../modules/suppliers/suppliers.resource';
import {
  createOrganization,
  createTestApp,
  createUser,
  TestClient,
  type TestApp,
  type TestUser,
} from '../test/harness';
import { body, send } from './test-helpers';

let t: TestApp;
let otherNode: Awaited<ReturnType<typeof buildApp>>;
let orgId: string;
let otherOrgId: string;
let user: TestUser;
let reader: TestClient;
let otherNodeWriter: TestClient;
let otherOrgReader: TestClient;

function clientRow(lastName: string, organizationId: string) {
  return { ...clientValues(clientInputSchema.parse({ firstName: 'Anne', lastName })), organizationId };
}

async function list<T>(client: TestClient, url: string): Promise<ListResponse<T>> {
  const res = await client.request({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return body<ListResponse<T>>(res);
}

const names = (page: ListResponse<Client>) => page.items.map((c) => c.lastName);

async function versionOf(organizationId: string, tableName: string): Promise<number> {
  const [row] = await t.handle.db
    .select({ version: listVersions.version })
    .from(listVersions)
    .where(and(eq(listVersions.organizationId, organizationId), eq(listVersions.tableName, tableName)));
  return row?.version ?? 0;
}

beforeAll(async () => {
  t = await createTestApp();
  // A second node on the same database: its own process memory (caches), the same rows.
  otherNode = await buildApp({ handle: t.handle, config: t.config });
  await otherNode.ready();
  orgId = await createOrganization(t, 'Boutique A');
  otherOrgId = await createOrganization(t, 'Boutique B');
  user = await createUser(t, { role: 'admin', organizationId: orgId });
  reader = new TestClient(t.app);
  await reader.login(user);
  otherNodeWriter = new TestClient(otherNode);
  await otherNodeWriter.login(user);
  otherOrgReader = new TestClient(t.app);
  await otherOrgReader.login(await createUser(t, { role: 'admin', organizationId: otherOrgId }));
  await t.handle.db.insert(clients).values(['Dupont', 'Martin', 'Petit'].map((n) => clientRow(n, orgId)));
  await t.handle.db.insert(clients).values(['Zola'].map((n) => clientRow(n, otherOrgId)));
});
afterAll(async () => {
  await otherNode?.close();
  await t?.close();
});

describe('cached list answers and totals', () => {
  it('serves the same answer again while nothing changes', async () => {
    const first = await reader.request({ method: 'GET', url: '/api/clients?sort=lastName' });
    const again = await reader.request({ method: 'GET', url: '/api/clients?sort=lastName' });
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(names(body(again))).toEqual(['Dupont', 'Martin', 'Petit']);
  });

  it('sends the answer gzipped to a client that accepts it, the same JSON either way', async () => {
    const url = '/api/clients?sort=lastName&pageSize=100';
    const plain = await reader.request({ method: 'GET', url });
    const zipped = await reader.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.length);
  });

  it('shows a client created on another node at the next request, in the items and the total', async () => {
    const before = await list<Client>(reader, '/api/clients?sort=lastName');
    const created = await send(otherNodeWriter, 'POST', '/api/clients', { firstName: 'Léa', lastName: 'Bernard' });
    expect(created.statusCode).toBe(201);
    const after = await list<Client>(reader, '/api/clients?sort=lastName');
    expect(after.total).toBe(before.total + 1);
    expect(names(after)).toEqual(['Bernard', 'Dupont', 'Martin', 'Petit']);
    // And a search cached before the write finds it too.
    expect(names(await list<Client>(reader, '/api/clients?q=bern'))).toEqual(['Bernard']);
  });

  it('shows changes written by plain SQL (another module, a script): update, archive, delete', async () => {
    expect((await list<Client>(reader, '/api/clients?q=dupont')).total).toBe(1);
    await t.handle.db
      .update(clients)
      .set({ lastName: 'Durand', searchText: 'anne durand' })
      .where(and(eq(clients.organizationId, orgId), eq(clients.lastName, 'Dupont')));
    expect((await list<Client>(reader, '/api/clients?q=dupont')).total).toBe(0);
    expect(names(await list<Client>(reader, '/api/clients?q=durand'))).toEqual(['Durand']);

    await t.handle.db
      .update(clients)
      .set({ archivedAt: new Date() })
      .where(and(eq(clients.organizationId, orgId), eq(clients.lastName, 'Petit')));
    const active = await list<Client>(reader, '/api/clients?sort=lastName');
    expect(names(active)).toEqual(['Bernard', 'Durand', 'Martin']);
    expect(names(await list<Client>(reader, '/api/clients?sort=lastName&archived=true'))).toEqual(['Petit']);

    await t.handle.db.delete(clients).where(and(eq(clients.organizationId, orgId), eq(clients.lastName, 'Petit')));
    expect((await list<Client>(reader, '/api/clients?sort=lastName&archived=true')).total).toBe(0);
  });

  it('raises the version once per statement and only for the organization whose rows changed', async () => {
    const mine = await versionOf(orgId, 'clients');
    const theirs = await versionOf(otherOrgId, 'clients');
    await t.handle.db.insert(clients).values(Array.from({ length: 30 }, (_, i) => clientRow(`Lot${i}`, orgId)));
    expect(await versionOf(orgId, 'clients')).toBe(mine + 1);
    expect(await versionOf(otherOrgId, 'clients')).toBe(theirs);
    // A rolled-back write changes nothing.
    await t.handle.db
      .transaction(async (tx) => {
        await tx.insert(clients).values(clientRow('Fantôme', orgId));
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await versionOf(orgId, 'clients')).toBe(mine + 1);
    expect((await list<Client>(reader, '/api/clients?q=fantome')).total).toBe(0);
  });

  it('never serves one organization the answer cached for another', async () => {
    // The same URL, asked by both organizations in turn.
    expect(names(await list<Client>(reader, '/api/clients?q=zola'))).toEqual([]);
    expect(names(await list<Client>(otherOrgReader, '/api/clients?q=zola'))).toEqual(['Zola']);
    expect(names(await list<Client>(reader, '/api/clients?q=zola'))).toEqual([]);
    const all = await list<Client>(otherOrgReader, '/api/clients');
    expect(all.total).toBe(1);
  });

  it('caches supplier answers the same way; a TRUNCATE is seen too', async () => {
    await t.handle.db.insert(suppliers).values({
      ...supplierValues(supplierInputSchema.parse({ name: 'Fonderie Rhône', type: 'fondeur' })),
      organizationId: orgId,
    });
    expect((await list<Supplier>(reader, '/api/suppliers')).items.map((s) => s.name)).toEqual(['Fonderie Rhône']);
    await t.handle.db.execute(sql`TRUNCATE suppliers CASCADE`);
    expect((await list<Supplier>(reader, '/api/suppliers')).total).toBe(0);
  });

  it('answers from the cache while the version stands, and reads again with the cache turned off', async () => {
    // A write with the triggers switched off (superuser only) does not raise the version: proof that
    // the answer comes from the cache, unless the cache is off.
    const silentRename = (app: TestApp, organizationId: string, from: string, to: string) =>
      app.handle.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        await tx
          .update(clients)
          .set({ lastName: to })
          .where(and(eq(clients.organizationId, organizationId), eq(clients.lastName, from)));
      });
    const url = '/api/clients?sort=lastName&q=martin';
    expect(names(await list<Client>(reader, url))).toEqual(['Martin']);
    await silentRename(t, orgId, 'Martin', 'Martinez');
    expect(names(await list<Client>(reader, url))).toEqual(['Martin']);

    const uncached = await createTestApp({ listAnswerCacheMb: 0 });
    try {
      const org = await createOrganization(uncached, 'Sans cache');
      const client = new TestClient(uncached.app);
      await client.login(await createUser(uncached, { role: 'admin', organizationId: org }));
      await uncached.handle.db.insert(clients).values(clientRow('Martin', org));
      expect(names(await list<Client>(client, url))).toEqual(['Martin']);
      await silentRename(uncached, org, 'Martin', 'Martinez');
      expect(names(await list<Client>(client, url))).toEqual(['Martinez']);
    } finally {
      await uncached.close();
    }
  });
});
