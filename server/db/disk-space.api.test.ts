/**
 * The embedded database's disk: writes refused with a French 507 below MIN_FREE_DISK_MB while reads go on,
 * `/readyz` saying why, a feed import stopped before its next batch with the catalogue left as it was; and what
 * PostgreSQL inside PGlite does when a data file cannot grow (a real ENOSPC from the file system call): an error,
 * nothing half-written, answered 507, and the same rows after a restart.
 */
import fs, { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../app';
import { DISK_FULL_MESSAGE, registerErrorHandler } from '../http/errors';
import { testConfig } from '../config';
import { createOrganization, createUser, TestClient, type TestApp } from '../test/harness';
import { openDatabase, queryRows } from './client';
import { diskSpaceGuard, UNGUARDED } from './disk-space';
import { migrate } from './migrate';
import { pgErrorCode } from './pg-errors';

const MB = 1024 * 1024;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pricer-disk-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('diskSpaceGuard', () => {
  it('lets writes through above the margin and refuses them below, in French, with the figures', () => {
    let free = 500 * MB;
    const guard = diskSpaceGuard('/srv/pricer', 200, () => free);
    expect(guard.check()).toEqual({ ok: true, freeBytes: 500 * MB });
    expect(() => guard.assertWritable()).not.toThrow();
    expect(guard.describe()).toBe('ok');
    free = 150 * MB;
    expect(guard.check().ok).toBe(false);
    expect(() => guard.assertWritable()).toThrow(
      expect.objectContaining({
        code: 'INSUFFICIENT_STORAGE',
        status: 507,
        message: expect.stringContaining('150 Mo libres, minimum 200 Mo'),
      }),
    );
    expect(guard.describe()).toBe('espace disque insuffisant pour la base de données (150 Mo libres, minimum 200 Mo)');
  });

  it('measures the disk of the data directory on every check (no figure kept from before)', () => {
    const asked: string[] = [];
    const guard = diskSpaceGuard('relative/data', 1, (dir) => {
      asked.push(dir);
      return 10 * MB;
    });
    guard.check();
    guard.assertWritable();
    expect(asked).toEqual([path.resolve('relative/data'), path.resolve('relative/data')]);
  });

  it('reads the real file system by default', () => {
    expect(diskSpaceGuard(tmpdir(), 1).check().freeBytes).toBeGreaterThan(0);
    expect(UNGUARDED.check()).toEqual({ ok: true, freeBytes: null });
  });
});

describe('an embedded database whose disk fills up', () => {
  let t: TestApp;
  let free = 1024 * MB;
  let admin: TestClient;

  beforeAll(async () => {
    // PGlite whatever TEST_DATABASE_URL says: the guard is the embedded database's.
    const handle = await openDatabase({});
    await migrate(handle);
    const config = testConfig({ dataDir: tempDir(), minFreeDiskMb: 200 });
    const app = await buildApp({ handle, config, freeDiskBytes: () => free });
    await app.ready();
    t = { app, handle, config, close: async () => (await app.close(), await handle.close()) };
    const organizationId = await createOrganization(t);
    const user = await createUser(t, { organizationId, role: 'admin' });
    admin = new TestClient(t.app);
    await admin.login(user);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses every write with 507 and says why, keeps answering reads, and /readyz names the disk', async () => {
    const before = await admin.post('/api/clients', { kind: 'particulier', lastName: 'Avant' });
    expect(before.statusCode, before.body).toBe(201);

    free = 120 * MB;
    const refused = await admin.post('/api/clients', { kind: 'particulier', lastName: 'Pendant' });
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toEqual({
      code: 'INSUFFICIENT_STORAGE',
      message:
        "Enregistrement impossible : espace disque insuffisant pour la base de données (120 Mo libres, minimum 200 Mo). Rien n'a été modifié ; libérez de la place sur le serveur puis réessayez.",
    });
    const list = await admin.get('/api/clients?q=Pendant');
    expect(list.statusCode).toBe(200);
    expect((list.json() as { total: number }).total).toBe(0);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect((ready.json() as { checks: Record<string, string> }).checks.disk).toBe(
      'espace disque insuffisant pour la base de données (120 Mo libres, minimum 200 Mo)',
    );

    free = 900 * MB;
    const after = await admin.post('/api/clients', { kind: 'particulier', lastName: 'Après' });
    expect(after.statusCode, after.body).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ checks: { disk: 'ok' } });
  });
});

describe('PGlite when the file system answers ENOSPC', () => {
  it('fails the statement that needed room with SQLSTATE 53100, writes nothing of it, and reopens intact', async () => {
    const dataDir = tempDir();
    let full = false;
    const realWriteSync = fs.writeSync;
    // The embedded database writes its files through Node's fs.writeSync: a full disk fails that very call.
    const failingWriteSync = function (this: unknown, ...args: unknown[]) {
      if (full)
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });
      return (realWriteSync as (...a: unknown[]) => number).apply(fs, args);
    } as typeof fs.writeSync;
    fs.writeSync = failingWriteSync;
    try {
      let handle = await openDatabase({ dataDir });
      await handle.exec(`CREATE TABLE filler (id serial PRIMARY KEY, body text NOT NULL);
        INSERT INTO filler (body) SELECT repeat('a', 100) FROM generate_series(1, 1000);
        CHECKPOINT;`);
      full = true;
      // A statement that must grow the table's file.
      const failure = await handle
        .exec(`INSERT INTO filler (body) SELECT repeat('b', 1000) FROM generate_series(1, 20000)`)
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(failure).toBeInstanceOf(Error);
      expect(pgErrorCode(failure).code).toBe('53100');
      expect((failure as Error).message).toMatch(/No space left on device/);
      // Through the error handler (as a route's failed write): 507 in French, not a 500.
      const app = Fastify({ logger: false });
      registerErrorHandler(app);
      app.get('/write', async () => {
        throw failure;
      });
      const answer = await app.inject({ method: 'GET', url: '/write' });
      expect(answer.statusCode).toBe(507);
      expect(answer.json()).toEqual({ code: 'INSUFFICIENT_STORAGE', message: DISK_FULL_MESSAGE });
      await app.close();
      full = false;
      // Room again: the same database goes on, without a row of the failed statement.
      const [row] = await queryRows<{ n: number; b: number }>(
        handle.db,
        sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE body LIKE 'b%')::int AS b FROM filler`,
      );
      expect(row).toEqual({ n: 1000, b: 0 });
      await handle.exec(`INSERT INTO filler (body) VALUES ('après')`);
      await handle.close();
      // A restart reads the same rows.
      handle = await openDatabase({ dataDir });
      const [again] = await queryRows<{ n: number }>(handle.db, sql`SELECT count(*)::int AS n FROM filler`);
      expect(again).toEqual({ n: 1001 });
      await handle.close();
    } finally {
      fs.writeSync = realWriteSync;
    }
  }, 60_000);
});
