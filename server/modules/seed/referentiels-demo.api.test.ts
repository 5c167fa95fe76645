import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@shared/schemas/clients';
import type { ListResponse } from '@shared/schemas/lists';
import type { Stone } from '@shared/schemas/stones';
import { createOrganization, createTestApp, signedInClient, type TestApp } from '../../test/harness';
import { seedDemoReferentiels } from './referentiels-demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('seedDemoReferentiels', () => {
  it('seeds clients, suppliers, stones and production steps once, searchable through the API', async () => {
    const org = await createOrganization(t, 'Démo');
    await seedDemoReferentiels(t.handle.db, org);
    await seedDemoReferentiels(t.handle.db, org);
    const { client } = await signedInClient(t, { role: 'admin', organizationId: org });
    const total = async (url: string) => (await client.get(url)).json<ListResponse<unknown>>().total;
    expect(await total('/api/clients')).toBe(20);
    expect(await total('/api/suppliers')).toBe(8);
    expect(await total('/api/stones')).toBe(15);
    expect(await total('/api/production-steps')).toBe(8);
    const helene = (await client.get('/api/clients?q=helene')).json<ListResponse<Client>>();
    expect(helene.items.map((c) => c.displayName)).toEqual(['Mme Hélène Dupré']);
    const melee = (await client.get('/api/stones?q=melee&sort=name')).json<ListResponse<Stone>>();
    expect(melee.items.map((s) => s.supplierName)).toEqual(['Diamants Anvers Paris', 'Diamants Anvers Paris']);
  });
});
