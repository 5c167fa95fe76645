import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@shared/schemas/errors';
import { queryRows } from '../../db/client';
import { logEntries } from '../../db/schema';
import { createOrganization, createTestApp, signedInClient, TestClient, type TestApp } from '../../test/harness';
import { CLIENT_LOGS_PER_ORGANIZATION_PER_DAY, CLIENT_LOG_RATE_LIMIT, recordServerError } from './logs.plugin';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Row {
  organizationId: string | null;
  userId: string | null;
  level: string;
  source: string;
  message: string;
  stack: string | null;
  context: Record<string, unknown> | null;
  ip: string | null;
  userAgent: string | null;
}
const rowsWhere = (message: string): Promise<Row[]> =>
  queryRows<Row>(
    t.handle.db,
    sql`SELECT organization_id::text AS "organizationId", user_id::text AS "userId", level, source, message, stack,
      context, ip, user_agent AS "userAgent" FROM log_entries WHERE message = ${message}`,
  );

const entry = {
  level: 'error',
  source: 'frontend',
  message: 'TypeError: x is undefined',
  stack: 'at App (app.tsx:1:1)',
  context: { url: '/quotes', componentStack: 'in Quotes' },
};

describe('POST /api/logs', () => {
  it('201 {ok:true} and stores the entry with organization, user, ip and user agent when signed in', async () => {
    const { client, user } = await signedInClient(t, { role: 'sales' });
    const res = await client.request({
      method: 'POST',
      url: '/api/logs',
      payload: { ...entry, message: 'signed-in error' },
      headers: { 'user-agent': 'Mozilla/5.0 Test' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    expect(await rowsWhere('signed-in error')).toEqual([
      {
        organizationId: user.organizationId,
        userId: user.id,
        level: 'error',
        source: 'frontend',
        message: 'signed-in error',
        stack: entry.stack,
        context: entry.context,
        ip: '127.0.0.1',
        userAgent: 'Mozilla/5.0 Test',
      },
    ]);
  });

  it('accepts a signed-out visitor (anonymous session with a CSRF token), without organization or user', async () => {
    const res = await new TestClient(t.app).post('/api/logs', {
      level: 'warn',
      source: 'frontend',
      message: 'anonymous warning',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await rowsWhere('anonymous warning');
    expect(row).toMatchObject({ organizationId: null, userId: null, level: 'warn', stack: null, context: null });
  });

  it('403 without the CSRF token', async () => {
    const { client } = await signedInClient(t);
    const res = await client.post('/api/logs', { ...entry, message: 'no csrf' }, { csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CSRF_INVALID' });
    expect(await rowsWhere('no csrf')).toEqual([]);
  });

  it.each([
    [{ ...entry, level: 'fatal' }, 'level'],
    [{ ...entry, message: '' }, 'message'],
    [{ level: 'error', source: 'frontend' }, 'message'],
    [{ ...entry, source: '' }, 'source'],
    [{ ...entry, context: 'not an object' }, 'context'],
    [{ ...entry, message: 'x'.repeat(5001) }, 'message'],
  ])('400 with field errors for a bad body (%#)', async (payload, field) => {
    const { client } = await signedInClient(t);
    const res = await client.post('/api/logs', payload);
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fieldErrors?.[field]?.length).toBeGreaterThan(0);
  });

  it('400 (never 500) on malformed JSON', async () => {
    const { client } = await signedInClient(t);
    const res = await client.request({
      method: 'POST',
      url: '/api/logs',
      payload: '{"level":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });

  it(`429 RATE_LIMITED after ${CLIENT_LOG_RATE_LIMIT} entries a minute per IP and user, others unaffected`, async () => {
    const { client } = await signedInClient(t);
    for (let i = 0; i < CLIENT_LOG_RATE_LIMIT; i++) {
      const res = await client.post('/api/logs', { ...entry, message: `burst ${i}` });
      expect(res.statusCode).toBe(201);
    }
    const limited = await client.post('/api/logs', { ...entry, message: 'one too many' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    const body = apiErrorSchema.parse(limited.json());
    expect(body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(body.message).toMatch(/réessayez/);
    expect(await rowsWhere('one too many')).toEqual([]);

    const { client: other } = await signedInClient(t);
    expect((await other.post('/api/logs', { ...entry, message: 'other user' })).statusCode).toBe(201);
  });
});

describe('recordServerError', () => {
  it('writes a level error, source server entry with the stack, route and organization, in the background', async () => {
    const { user } = await signedInClient(t);
    const error = new Error('database exploded');
    expect(recordServerError(t.app, error, { method: 'GET', url: '/api/things?x=1', userId: user.id })).toBeUndefined();
    let rows: Row[] = [];
    for (let i = 0; i < 50 && rows.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      rows = await rowsWhere('database exploded');
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      organizationId: user.organizationId,
      userId: user.id,
      level: 'error',
      source: 'server',
      context: { method: 'GET', url: '/api/things?x=1' },
    });
    expect(rows[0]!.stack).toContain('database exploded');
  });

  it('never throws, even when the entry cannot be written', async () => {
    expect(() =>
      recordServerError(t.app, new Error('unrecordable'), { method: 'GET', url: '/x', userId: 'not-a-uuid' }),
    ).not.toThrow();
    await new Promise((r) => setTimeout(r, 100));
    expect(await rowsWhere('unrecordable')).toEqual([]);
  });
});

describe('pruning', () => {
  it('keeps the newest N entries per organization (and for signed-out entries), deleting the oldest', async () => {
    const orgA = await createOrganization(t);
    const orgB = await createOrganization(t);
    const at = (i: number): Date => new Date(Date.UTC(2026, 0, 1, 0, 0, i));
    const make = (organizationId: string | null, n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => ({
        organizationId,
        level: 'info' as const,
        source: 'test',
        message: `${prefix} ${i}`,
        createdAt: at(i),
      }));
    await t.handle.db.insert(logEntries).values([...make(orgA, 30, 'A'), ...make(orgB, 5, 'B')]);
    const deleted = await t.app.pruneLogs(10);
    const left = await queryRows<{ org: string | null; n: number; oldest: string }>(
      t.handle.db,
      sql`SELECT organization_id::text AS org, count(*)::int AS n, min(message) AS oldest FROM log_entries
          WHERE organization_id IN (${orgA}::uuid, ${orgB}::uuid) GROUP BY 1`,
    );
    expect(Object.fromEntries(left.map((r) => [r.org, r.n]))).toEqual({ [orgA]: 10, [orgB]: 5 });
    const keptA = await queryRows<{ message: string }>(
      t.handle.db,
      sql`SELECT message FROM log_entries WHERE organization_id = ${orgA}::uuid ORDER BY created_at`,
    );
    expect(keptA.map((r) => r.message)).toEqual(Array.from({ length: 10 }, (_, i) => `A ${20 + i}`));
    const [anon] = await queryRows<{ n: number }>(
      t.handle.db,
      sql`SELECT count(*)::int AS n FROM log_entries WHERE organization_id IS NULL`,
    );
    expect(anon!.n).toBeLessThanOrEqual(10);
    expect(deleted).toBeGreaterThanOrEqual(20);
  });
});

describe('the journal cannot be forged or flooded from a browser (ADR 0007)', () => {
  const from = (client: TestClient, ip: string, payload: Record<string, unknown>) =>
    client.request({ method: 'POST', url: '/api/logs', payload, remoteAddress: ip });

  it.each(['server', 'security', 'Frontend', 'backend'])('refuses source %s (400), writing nothing', async (source) => {
    const { client } = await signedInClient(t);
    const res = await client.post('/api/logs', { ...entry, source, message: `forged ${source}` });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).fieldErrors?.source?.[0]).toMatch(/frontend/);
    expect(await rowsWhere(`forged ${source}`)).toEqual([]);
  });

  it('refuses a body over 48 KB (413) and a context too deep or too large (400), never 500', async () => {
    const { client } = await signedInClient(t);
    const big = await client.post('/api/logs', {
      ...entry,
      stack: 'x'.repeat(20_000),
      context: { a: 'y'.repeat(40_000) },
    });
    expect(big.statusCode).toBe(413);
    let deep: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 7; i++) deep = { deep };
    const tooDeep = await client.post('/api/logs', { ...entry, context: deep });
    expect(tooDeep.statusCode).toBe(400);
    expect(apiErrorSchema.parse(tooDeep.json()).fieldErrors?.context?.[0]).toMatch(/imbriqué/);
    const wide = await client.post('/api/logs', { ...entry, context: { a: 'z'.repeat(11_000) } });
    expect(wide.statusCode).toBe(400);
    const nestedText = `{"level":"error","source":"frontend","message":"m","context":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`;
    const hostile = await client.request({
      method: 'POST',
      url: '/api/logs',
      payload: nestedText,
      headers: { 'content-type': 'application/json' },
    });
    expect(hostile.statusCode).toBe(400);
  });

  it('takes at most 300 signed-out entries a minute, all addresses together', async () => {
    const local = await createTestApp();
    try {
      const visitor = new TestClient(local.app);
      await visitor.fetchCsrf();
      const statuses: number[] = [];
      for (let batch = 0; batch < 4; batch++) {
        const answers = await Promise.all(
          Array.from({ length: 80 }, (_, i) =>
            from(visitor, `10.20.${batch}.${i}`, { ...entry, message: `anonyme ${batch}-${i}` }),
          ),
        );
        statuses.push(...answers.map((r) => r.statusCode));
      }
      expect(statuses.filter((s) => s === 201)).toHaveLength(300);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    } finally {
      await local.close();
    }
  });

  it('takes at most 2,000 browser entries a day for one organization, whatever the senders', async () => {
    const local = await createTestApp();
    try {
      const { client } = await signedInClient(local);
      const statuses: number[] = [];
      for (let batch = 0; batch < 21; batch++) {
        const answers = await Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            from(client, `10.30.${batch}.${i}`, { ...entry, message: `flot ${batch}-${i}` }),
          ),
        );
        statuses.push(...answers.map((r) => r.statusCode));
      }
      expect(statuses.filter((s) => s === 201)).toHaveLength(CLIENT_LOGS_PER_ORGANIZATION_PER_DAY);
      // Another organization still writes.
      const other = await signedInClient(local);
      expect((await other.client.post('/api/logs', { ...entry, message: 'autre boutique' })).statusCode).toBe(201);
    } finally {
      await local.close();
    }
  }, 120_000);
});
