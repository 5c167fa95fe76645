/**
 * One archive filter for every archivable list (README.md): `archived=false` (default) active records,
 * `archived=true` archived ones, `archived=all` both together, the same parameter everywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '@shared/schemas/lists';
import { createOrganization, createTestApp, signedInClient, type TestApp, type TestClient } from '../test/harness';
import { send } from './test-helpers';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  const orgId = await createOrganization(t, 'Bijouterie Archives');
  ({ client: admin } = await signedInClient(t, { role: 'admin', organizationId: orgId }));
});

afterAll(async () => {
  await t?.close();
});

interface Case {
  path: string;
  /** Two records whose search text holds "zircon": the first stays active, the second is archived. */
  bodies: [Record<string, unknown>, Record<string, unknown>];
  /** The record's key in URLs (products use their slug). */
  key: 'id' | 'slug';
  sort: string;
  name: (item: Record<string, unknown>) => unknown;
}

const CASES: Case[] = [
  {
    path: '/api/clients',
    bodies: [{ lastName: 'Zircon Actif' }, { lastName: 'Zircon Archivé' }],
    key: 'id',
    sort: 'lastName',
    name: (c) => c.lastName,
  },
  {
    path: '/api/suppliers',
    bodies: [{ name: 'Zircon Actif' }, { name: 'Zircon Archivé' }],
    key: 'id',
    sort: 'name',
    name: (s) => s.name,
  },
  {
    path: '/api/stones',
    bodies: [
      { category: 'autre', name: 'Zircon Actif' },
      { category: 'autre', name: 'Zircon Archivé' },
    ],
    key: 'id',
    sort: 'name',
    name: (s) => s.name,
  },
  {
    path: '/api/production-steps',
    bodies: [
      { name: 'Zircon Actif', code: 'ZA' },
      { name: 'Zircon Archivé', code: 'ZB' },
    ],
    key: 'id',
    sort: 'name',
    name: (s) => s.name,
  },
  {
    path: '/api/products',
    bodies: [
      { name: 'Zircon Actif', category: 'bague' },
      { name: 'Zircon Archivé', category: 'bague' },
    ],
    key: 'slug',
    sort: 'name',
    name: (p) => p.name,
  },
];

describe('archived=false|true|all on every archivable list', () => {
  for (const c of CASES) {
    it(`${c.path}: active, archived, or both`, async () => {
      const made: Array<Record<string, unknown>> = [];
      for (const payload of c.bodies) {
        const res = await send(admin, 'POST', c.path, payload);
        expect(res.statusCode, res.body).toBe(201);
        made.push(res.json());
      }
      const gone = await send(admin, 'DELETE', `${c.path}/${String(made[1]![c.key])}`);
      expect(gone.statusCode, gone.body).toBe(200);

      const names = async (archived: string | null) => {
        const res = await admin.get(
          `${c.path}?q=zircon&sort=${c.sort}${archived === null ? '' : `&archived=${archived}`}`,
        );
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as ListResponse<Record<string, unknown>>).items.map(c.name);
      };
      expect(await names(null)).toEqual(['Zircon Actif']);
      expect(await names('false')).toEqual(['Zircon Actif']);
      expect(await names('true')).toEqual(['Zircon Archivé']);
      expect(await names('all')).toEqual(['Zircon Actif', 'Zircon Archivé']);

      // The CSV export follows the same filter.
      const csv = await admin.get(`${c.path}/export.csv?q=zircon&archived=all`);
      expect(csv.body).toContain('Zircon Actif');
      expect(csv.body).toContain('Zircon Archivé');

      const bad = await admin.get(`${c.path}?archived=peut-etre`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fieldErrors.archived).toEqual([
        'Valeur attendue : false (actifs), true (archivés) ou all (tous)',
      ]);
    });
  }
});
