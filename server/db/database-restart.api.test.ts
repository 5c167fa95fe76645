/**
 * Fault drill: PostgreSQL restarts (or its network goes silent) while signed-in requests are flowing. The app
 * reaches PostgreSQL through a TCP proxy of this file, never the shared server itself, which is never restarted:
 * a "restart" terminates the app's backends (SQLSTATE 57P01, as a fast shutdown does), cuts every open socket
 * and refuses connections for a while; a "blackhole" accepts connections and never answers. Every request must
 * answer within a bound, 200/201 or 503 DATABASE_UNAVAILABLE in the one error shape (never a 500, never a
 * hang), and every request must succeed again once the database is back, with no restart of the app.
 * Runs only with TEST_DATABASE_URL (a PostgreSQL server); DRILL_LOG=warn (a pino level) shows the app's log lines.
 */
import { randomUUID } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@shared/schemas/errors';
import { buildApp } from '../app';
import { poolOf } from '../cluster/change-bus';
import { testConfig } from '../config';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../http/errors';
import { clearSessionCache } from '../modules/auth/session.store';
import { signedInClient, TestClient, type TestApp } from '../test/harness';
import {
  BROKEN_CLIENT_RECLAIM_MS,
  DB_CONNECT_TIMEOUT_MS,
  guardPool,
  openDatabase,
  type DatabaseHandle,
} from './client';
import { migrate } from './migrate';
import { isDatabaseUnavailable } from './pg-errors';

const url = process.env.TEST_DATABASE_URL;

/** No request may take longer than this, whatever the database does. */
const REQUEST_BOUND_MS = 10_000;
/** A request still unanswered after this is recorded as hung (status 0) instead of stalling the test. */
const HUNG_MS = 20_000;
/** How long the "restarting" server refuses connections. */
const RESTART_OUTAGE_MS = 2_000;
/** How long the blackhole lasts: longer than a connection attempt may wait. */
const BLACKHOLE_MS = DB_CONNECT_TIMEOUT_MS + 2_000;
/** Consecutive requests that must all succeed once the database is back. */
const AFTER_RESTORE = 20;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A TCP proxy to PostgreSQL that can fail like a server or a network does: `restart()` cuts every connection and
 * refuses new ones (nothing listens), `blackhole()` cuts every connection and accepts new ones without ever
 * forwarding them, `restore()` forwards again.
 */
class FaultyProxy {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private mode: 'forward' | 'blackhole' = 'forward';
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {
    this.server = createServer((socket) => this.accept(socket));
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => this.sockets.delete(socket));
  }

  private accept(downstream: Socket): void {
    this.track(downstream);
    if (this.mode === 'blackhole') return;
    const upstream = connect(this.targetPort, this.targetHost);
    this.track(upstream);
    downstream.pipe(upstream);
    upstream.pipe(downstream);
    downstream.on('close', () => upstream.destroy());
    upstream.on('close', () => downstream.destroy());
  }

  private listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.port, '127.0.0.1', () => {
        this.server.off('error', reject);
        const address = this.server.address();
        if (address && typeof address === 'object') this.port = address.port;
        resolve();
      });
    });
  }

  start(): Promise<void> {
    return this.listen();
  }

  /** Destroys every open connection, as a server that goes away does to its clients. */
  cutAll(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  /** Cuts every connection and stops listening: a new connection is refused (ECONNREFUSED). */
  async restart(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.cutAll();
    await closed;
  }

  /** Cuts every connection; new ones are accepted and never answered. */
  blackhole(): void {
    this.mode = 'blackhole';
    this.cutAll();
  }

  /** Forwards again (listening again after a restart). */
  async restore(): Promise<void> {
    this.mode = 'forward';
    if (!this.server.listening) await this.listen();
  }

  async close(): Promise<void> {
    this.cutAll();
    if (this.server.listening) await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

interface Outcome {
  kind: 'list' | 'create' | 'readyz';
  startedAt: number;
  endedAt: number;
  /** 0: no answer within HUNG_MS. */
  status: number;
  body: unknown;
}

const duration = (o: Outcome): number => o.endedAt - o.startedAt;
const succeeded = (o: Outcome): boolean => o.status === 200 || o.status === 201;

/** One request, timed; a request that does not answer within HUNG_MS is recorded as status 0. */
async function timed(kind: Outcome['kind'], send: () => Promise<LightMyRequestResponse>): Promise<Outcome> {
  const startedAt = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), HUNG_MS);
  });
  const res = await Promise.race([send(), hung]);
  clearTimeout(timer);
  let body: unknown = null;
  if (res) {
    try {
      body = res.json();
    } catch {
      body = res.body;
    }
  }
  return { kind, startedAt, endedAt: performance.now(), status: res?.statusCode ?? 0, body };
}

let created = 0;
const requests: Record<Outcome['kind'], (t: TestApp, client: TestClient) => Promise<LightMyRequestResponse>> = {
  list: (_t, client) => client.get('/api/clients?pageSize=20'),
  create: (_t, client) => client.post('/api/clients', { lastName: `Exercice ${++created}`, city: 'Lyon' }),
  readyz: (t) => t.app.inject({ method: 'GET', url: '/readyz' }),
};

/** A steady stream of requests, 4 at a time (two lists, one creation, one readiness check), while `scenario` runs. */
async function underLoad(t: TestApp, client: TestClient, scenario: () => Promise<void>): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let running = true;
  const worker = async (kind: Outcome['kind']): Promise<void> => {
    while (running) {
      outcomes.push(await timed(kind, () => requests[kind](t, client)));
      await sleep(25);
    }
  };
  const workers = (['list', 'list', 'create', 'readyz'] as const).map((kind) => worker(kind));
  try {
    await scenario();
  } finally {
    // Even when the scenario fails, no request outlives the test.
    running = false;
    await Promise.all(workers);
  }
  return outcomes.sort((a, b) => a.startedAt - b.startedAt);
}

/** Every answer is a success or a clean 503: the API's error shape, or /readyz naming the database. */
function expectCleanOutcomes(outcomes: Outcome[]): void {
  for (const o of outcomes) {
    expect([200, 201, 503], `${o.kind}: ${o.status} ${JSON.stringify(o.body)}`).toContain(o.status);
    if (o.status !== 503) continue;
    if (o.kind === 'readyz') {
      expect(o.body).toMatchObject({ status: 'unready', checks: { database: expect.any(String) as string } });
    } else {
      expect(apiErrorSchema.strict().safeParse(o.body).success, JSON.stringify(o.body)).toBe(true);
      expect(o.body).toEqual({ code: 'DATABASE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE });
    }
  }
}

/** No request hung or took longer than the bound, every answer was clean, and the outage was felt (503s). */
function expectOutageAnsweredCleanly(outcomes: Outcome[]): void {
  expect(
    outcomes.filter((o) => o.status === 0),
    'hung requests',
  ).toEqual([]);
  expectCleanOutcomes(outcomes);
  expect(
    outcomes.some((o) => o.status === 503),
    'the outage was felt',
  ).toBe(true);
  expect(Math.max(...outcomes.map(duration))).toBeLessThan(REQUEST_BOUND_MS);
}

/** AFTER_RESTORE requests in a row (list, creation, readiness in turn), all successful. */
async function expectAllSucceed(t: TestApp, client: TestClient): Promise<void> {
  const kinds = ['list', 'create', 'readyz'] as const;
  for (let i = 0; i < AFTER_RESTORE; i++) {
    const kind = kinds[i % kinds.length]!;
    const o = await timed(kind, () => requests[kind](t, client));
    expect(succeeded(o), `${kind} after restore: ${o.status} ${JSON.stringify(o.body)}`).toBe(true);
  }
}

/** The drill's figures: answers by status, the longest request of the run, how soon after the restore it recovered. */
function figures(outcomes: Outcome[], restoredAt: number): Record<string, number | string> {
  const failures = outcomes.filter((o) => !succeeded(o));
  const lastFailureEnd = Math.max(restoredAt, ...failures.map((o) => o.endedAt));
  const firstSuccess = outcomes.find((o) => succeeded(o) && o.startedAt >= restoredAt);
  const byStatus = (status: number) => outcomes.filter((o) => o.status === status).length;
  return {
    requests: outcomes.length,
    ok200: byStatus(200),
    ok201: byStatus(201),
    unavailable503: byStatus(503),
    longestMs: Math.round(Math.max(...outcomes.map(duration))),
    lastFailureAfterRestoreMs: Math.round(lastFailureEnd - restoredAt),
    firstSuccessAfterRestoreMs: firstSuccess ? Math.round(firstSuccess.endedAt - restoredAt) : 'none',
  };
}

/** Waits until `check` holds, polling every 50 ms, for `ms` at most. */
async function until(check: () => boolean, ms: number): Promise<void> {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > ms) throw new Error('timed out');
    await sleep(50);
  }
}

describe.skipIf(!url)('PostgreSQL restarted or unreachable under load (TEST_DATABASE_URL)', () => {
  const name = `pricer_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  let admin: pg.Client;
  let proxy: FaultyProxy;
  let handle: DatabaseHandle | undefined;
  let t: TestApp;
  let client: TestClient;
  let resyncs = 0;

  beforeAll(async () => {
    const serverUrl = new URL(url!);
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    proxy = new FaultyProxy(serverUrl.hostname.replace(/^\[|\]$/g, ''), Number(serverUrl.port || 5432));
    await proxy.start();
    const viaProxy = new URL(url!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    viaProxy.pathname = `/${name}`;
    // The pool of the app as it runs in production (server/db/client.ts), only smaller.
    handle = await openDatabase({ databaseUrl: viaProxy.toString(), poolSize: 5 });
    await migrate(handle);
    const config = testConfig({ logLevel: process.env.DRILL_LOG ?? 'silent' });
    const app = await buildApp({ handle, config });
    await app.ready();
    t = { app, handle, config, close: () => app.close() };
    app.changes.on('modules', (change) => {
      if (change === 'resync') resyncs++;
    });
    ({ client } = await signedInClient(t, { role: 'admin' }));
  });

  afterAll(async () => {
    await t?.app.close();
    // A client never given back would keep the pool from ending: the drop below ends its connection anyway.
    if (handle) await Promise.race([handle.close(), sleep(5_000)]);
    await proxy?.close();
    await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
  });

  /**
   * Once recovered: nobody waits for a connection, and only the change bus's listening connection is in use (a
   * broken client its holder never gave back is taken back within BROKEN_CLIENT_RECLAIM_MS).
   */
  const expectNoLeakedConnection = async (): Promise<void> => {
    const pool = poolOf(t.app.db)!;
    const lent = () => ({ waiting: pool.waitingCount, inUse: pool.totalCount - pool.idleCount });
    await until(() => lent().waiting === 0 && lent().inUse === 1, BROKEN_CLIENT_RECLAIM_MS + 2_000).catch(
      () => undefined,
    );
    expect(lent()).toEqual({ waiting: 0, inUse: 1 });
  };

  it('a lent client whose connection breaks neither crashes the process nor keeps its pool slot', async () => {
    const direct = new URL(url!);
    direct.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: direct.toString(), max: 2 });
    guardPool(pool, 200);
    try {
      // A healthy client goes back to the idle list as usual.
      const healthy = await pool.connect();
      healthy.release();
      expect({ total: pool.totalCount, idle: pool.idleCount }).toEqual({ total: 1, idle: 1 });

      // A lent client is cut by the server (57P01) and never given back, as Drizzle does when BEGIN fails.
      const held = await pool.connect();
      const [{ pid }] = (await held.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows as [{ pid: number }];
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await expect(held.query('SELECT 1')).rejects.toSatisfy((error: unknown) => isDatabaseUnavailable(error));
      await until(() => pool.totalCount === 0, 2_000);
      // Its holder giving it back late is harmless; the pool serves new connections.
      held.release();
      held.release();
      expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });

  it('restart: requests in flight fail with 503, none hangs, and all succeed again once it is back', async () => {
    await expectAllSucceed(t, client);
    const resyncsBefore = resyncs;
    let restoredAt = 0;
    const outcomes = await underLoad(t, client, async () => {
      await sleep(1_000);
      // A fast shutdown: every backend of the app is told 57P01 and closed, then nothing listens.
      const terminated = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
      expect(terminated.rowCount).toBeGreaterThan(0);
      await sleep(200);
      await proxy.restart();

      // While it is down, the session hook (a session no longer cached) and the sign-in answer 503 as well.
      await sleep(300);
      clearSessionCache();
      const me = await timed('list', () => client.get('/api/user'));
      expect(me.status, JSON.stringify(me.body)).toBe(503);
      expect(me.body).toEqual({ code: 'DATABASE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE });
      const visitor = new TestClient(t.app);
      const login = await timed('create', () => visitor.post('/api/login', { username: 'personne', password: 'x' }));
      expect(login.status, JSON.stringify(login.body)).toBe(503);
      expect(login.body).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });

      await sleep(RESTART_OUTAGE_MS - 500);
      await proxy.restore();
      restoredAt = performance.now();
      await sleep(3_000);
    });

    const report = figures(outcomes, restoredAt);
    console.info(`database restart drill: ${JSON.stringify(report)}`);
    expectOutageAnsweredCleanly(outcomes);
    // Once the server listens again, the failures stop within a second and the rest of the stream succeeds.
    expect(report.lastFailureAfterRestoreMs).toBeLessThan(1_000);
    expect(outcomes.filter((o) => o.startedAt > restoredAt + 1_000).every(succeeded)).toBe(true);
    await expectAllSucceed(t, client);
    // The change bus listens again, and told its listeners to reload what they may have missed.
    await until(() => resyncs > resyncsBefore, 5_000);
    await expectNoLeakedConnection();
  }, 60_000);

  it('blackhole: connections that are never answered give up after the connect timeout, then all succeed again', async () => {
    await expectAllSucceed(t, client);
    const resyncsBefore = resyncs;
    let restoredAt = 0;
    const outcomes = await underLoad(t, client, async () => {
      await sleep(1_000);
      proxy.blackhole();
      await sleep(BLACKHOLE_MS);
      await proxy.restore();
      restoredAt = performance.now();
      // A connection attempt started just before the restore still waits for its timeout.
      await sleep(DB_CONNECT_TIMEOUT_MS + 2_000);
    });

    const report = figures(outcomes, restoredAt);
    console.info(`database blackhole drill: ${JSON.stringify(report)}`);
    expectOutageAnsweredCleanly(outcomes);
    expect(report.lastFailureAfterRestoreMs).toBeLessThan(DB_CONNECT_TIMEOUT_MS + 1_000);
    expect(outcomes.filter((o) => o.startedAt > restoredAt + DB_CONNECT_TIMEOUT_MS).every(succeeded)).toBe(true);
    await expectAllSucceed(t, client);
    await until(() => resyncs > resyncsBefore, 3 * DB_CONNECT_TIMEOUT_MS);
    await expectNoLeakedConnection();
  }, 60_000);
});
