import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { TestClient, createTestApp, openTestDatabase, type TestApp } from '../../test/harness';
import { verifyPassword } from '../auth/password';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_PASSWORD_HASH, seedDatabase } from './seed-demo';

const count = async (db: TestApp['handle']['db'], table: string): Promise<number> => {
  const [row] = await queryRows<{ n: number }>(db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
  return row!.n;
};

describe('seedDatabase with demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates the demo organization, one user per role, reference data and demo diamonds, once', async () => {
    const config = { seedDemo: true, isProduction: false, demoDiamondCount: 30 };
    const first = await seedDatabase(t.handle.db, config);
    expect(first).toEqual({ wasEmpty: true, demoCreated: true, demoPresent: true });
    const rows = await queryRows<{ username: string; role: string; org: string }>(
      t.handle.db,
      sql`SELECT u.username, u.role, o.name AS org FROM users u JOIN organizations o ON o.id = u.organization_id ORDER BY u.username`,
    );
    expect(rows.map((r) => [r.username, r.role])).toEqual(
      DEMO_ACCOUNTS.map((a) => [a.username, a.role]).sort((a, b) => a[0]!.localeCompare(b[0]!)),
    );
    expect(new Set(rows.map((r) => r.org))).toEqual(new Set(['Bijouterie Démo']));
    expect(await count(t.handle.db, 'alloys')).toBeGreaterThanOrEqual(7);
    expect(await count(t.handle.db, 'data_sources')).toBe(1);
    expect(await count(t.handle.db, 'calibrated_price_ranges')).toBeGreaterThan(0);
    expect(await count(t.handle.db, 'diamonds')).toBe(30);
    const demoQuotes = await queryRows<{ number: string | null; status: string; total: string }>(
      t.handle.db,
      sql`SELECT number, status, total_incl_vat::text AS total FROM quotes ORDER BY number NULLS FIRST`,
    );
    const year = new Date().getFullYear();
    expect(demoQuotes.map((q) => [q.number, q.status])).toEqual([
      [null, 'draft'],
      [`D-${year}-0001`, 'sent'],
      [`D-${year}-0002`, 'accepted'],
    ]);
    // 2 x 640 + 2 x 35 = 1350 HT, 1620 TTC
    expect(demoQuotes[1]!.total).toBe('1620.00');

    const again = await seedDatabase(t.handle.db, config);
    expect(again).toEqual({ wasEmpty: false, demoCreated: false, demoPresent: true });
    expect(await count(t.handle.db, 'users')).toBe(5);
    expect(await count(t.handle.db, 'diamonds')).toBe(30);
  });

  it('lets every demo account sign in with the shared password', async () => {
    expect(DEMO_PASSWORD_HASH).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(DEMO_PASSWORD_HASH, DEMO_PASSWORD)).toBe(true);
    for (const account of DEMO_ACCOUNTS) {
      const client = new TestClient(t.app);
      const res = await client.post('/api/login', { username: account.username, password: DEMO_PASSWORD });
      expect(res.statusCode, account.username).toBe(200);
      expect(res.json()).toMatchObject({ role: account.role, organizationName: 'Bijouterie Démo' });
    }
  });
});

describe('seedDatabase without demo data', () => {
  it('seeds only the reference data when seedDemo is off or in production', { timeout: 120_000 }, async () => {
    const { handle, drop } = await openTestDatabase();
    try {
      for (const config of [
        { seedDemo: false, isProduction: false, demoDiamondCount: 30 },
        { seedDemo: true, isProduction: true, demoDiamondCount: 30 },
      ]) {
        const result = await seedDatabase(handle.db, config);
        expect(result).toEqual({ wasEmpty: true, demoCreated: false, demoPresent: false });
        expect(await count(handle.db, 'organizations')).toBe(0);
        expect(await count(handle.db, 'users')).toBe(0);
        expect(await count(handle.db, 'diamonds')).toBe(0);
        expect(await count(handle.db, 'alloys')).toBeGreaterThanOrEqual(7);
        expect(await count(handle.db, 'data_sources')).toBe(1);
        expect(await count(handle.db, 'calibrated_price_ranges')).toBeGreaterThan(0);
      }
    } finally {
      await drop();
    }
  });
});
