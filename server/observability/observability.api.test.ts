/**
 * Supervision routes: /healthz, /readyz (database, migrations, market feed, shutdown), /metrics behind its
 * token, the request id, and the organization and user on the log lines of a signed-in request.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig, type AppConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { addSource } from '../modules/market/test/engine.helpers';
import { spaModule } from '../modules/spa/spa.plugin';
import { openTestDatabase, signedInClient, type TestApp } from '../test/harness';
import { bearerMatches } from './observability.plugin';
import { trustedPeer as trustedPeerForTest } from './request-id';

const TOKEN = 'jeton-de-supervision-0123456789';

/** createTestApp, plus a hook to add routes or plugins before the app is ready. */
async function makeApp(
  overrides: Partial<AppConfig> = {},
  options: { now?: () => Date; before?: (app: FastifyInstance) => Promise<void> | void } = {},
): Promise<TestApp> {
  const { handle, drop } = await openTestDatabase();
  const config = testConfig(overrides);
  const app = await buildApp({ handle, config, ...(options.now ? { now: options.now } : {}) });
  await options.before?.(app);
  await app.ready();
  return {
    app,
    handle,
    config,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

async function track(t: Promise<TestApp>): Promise<TestApp> {
  const app = await t;
  apps.push(app);
  return app;
}

describe('GET /healthz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await track(makeApp());
  });

  it('answers 200 { status: ok }, never cached, with a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('GET /readyz', () => {
  let t: TestApp;
  let offset = 0;
  beforeAll(async () => {
    t = await track(makeApp({ marketPollMs: 60_000 }, { now: () => new Date(Date.now() + offset) }));
  });

  it('answers 503 while no market reading was ever received', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    const body = res.json<{ status: string; checks: Record<string, string> }>();
    expect(body.status).toBe('unready');
    expect(body.checks).toMatchObject({ database: 'ok', migrations: 'ok' });
    expect(body.checks.feeds).toBe('aucun cours reçu');
  });

  it('answers 200 once the feed delivered, 503 when its reading is older than 5 polling periods', async () => {
    await addSource(t.handle.db, {
      kind: 'manual',
      name: 'Cours du comptoir',
      instruments: ['XAU'],
      config: { values: { XAU: '118.20' } },
    });
    await t.app.market.refresh(['XAU']);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', feeds: 'ok', disk: 'ok' },
    });
    expect(ready.headers['cache-control']).toBe('no-store');

    // No more deliveries (the poller, if it ticks, finds no source), then 6 minutes pass.
    await t.handle.db.execute(sql`UPDATE data_sources SET enabled = false`);
    offset += 6 * 60_000;
    const stale = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(stale.statusCode).toBe(503);
    expect(stale.json<{ checks: { feeds: string } }>().checks.feeds).toMatch(/^cours périmés .*limite 300 s\)$/);
    offset = 0;
  });

  it('answers 503 naming the migrations when one is not recorded as applied', async () => {
    const [last] = (
      (await t.handle.db.execute(sql`SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1`)) as unknown as {
        rows: Array<{ name: string }>;
      }
    ).rows;
    await t.handle.db.execute(sql`DELETE FROM schema_migrations WHERE name = ${last!.name}`);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json<{ checks: Record<string, string> }>().checks).toMatchObject({
        database: 'ok',
        migrations: '1 migration(s) non appliquée(s)',
      });
    } finally {
      await t.handle.db.execute(sql`INSERT INTO schema_migrations (name) VALUES (${last!.name})`);
    }
  });

  it('answers 503 during shutdown', async () => {
    const other = await track(makeApp());
    expect((await other.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    other.app.observability.beginDrain();
    const res = await other.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unready', checks: { shutdown: 'arrêt en cours' } });
  });

  it('answers 503 "injoignable" when the database is closed, without leaking the error', async () => {
    // Its own in-memory database, closed under the running app.
    const handle = await openDatabase({});
    await migrate(handle);
    const app = await buildApp({ handle, config: testConfig() });
    await app.ready();
    try {
      await handle.close();
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unready',
        checks: { database: 'injoignable', migrations: 'non vérifiées (base injoignable)', feeds: 'ok', disk: 'ok' },
      });
    } finally {
      await app.close();
    }
  });
});

describe('GET /metrics', () => {
  it('answers 404 when METRICS_TOKEN is not set, even with a token', async () => {
    const t = await track(makeApp());
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await track(makeApp({ metricsToken: TOKEN }));
    });

    it('answers 401 without the token or with a wrong one', async () => {
      for (const authorization of [undefined, 'Bearer nope', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, 'Bearer ']) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: authorization === undefined ? {} : { authorization },
        });
        expect(res.statusCode, String(authorization)).toBe(401);
        expect(res.body).not.toContain('http_requests_total');
      }
    });

    it('answers the Prometheus text with per-route durations after a request', async () => {
      const { client } = await signedInClient(t, { role: 'sales' });
      await client.get('/api/spot/gold');
      await client.get('/api/clients/00000000-0000-4000-8000-000000000000');
      // Refused before any route code ran (no session): counted too.
      await t.app.inject({ method: 'GET', url: '/api/spot/gold' });
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      const text = res.body;
      for (const name of [
        '# TYPE http_request_duration_seconds histogram',
        '# TYPE http_requests_total counter',
        '# TYPE market_feed_age_seconds gauge',
        '# TYPE feed_import_runs_total counter',
        '# TYPE process_resident_memory_bytes gauge',
        '# TYPE nodejs_eventloop_lag_seconds gauge',
      ]) {
        expect(text).toContain(name);
      }
      // The spot route has no reading yet: 503, counted under its pattern.
      expect(text).toContain('http_requests_total{method="GET",route="/api/spot/gold",status_class="5xx"} 1');
      expect(text).toContain('http_requests_total{method="GET",route="/api/spot/gold",status_class="4xx"} 1');
      // The route pattern, never the raw URL.
      expect(text).toContain('route="/api/clients/:id",status_class="4xx"');
      expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
      expect(text).toMatch(
        /http_request_duration_seconds_bucket\{method="POST",route="\/api\/login",status_class="2xx",le="\+Inf"\} 1\n/,
      );
      if (t.handle.kind === 'postgres') expect(text).toContain('# TYPE db_pool_total gauge');
      else expect(text).not.toContain('db_pool_');
      // Every sample line is `name{labels} value`.
      for (const line of text.trimEnd().split('\n')) {
        if (line.startsWith('#')) continue;
        expect(line).toMatch(/^[a-z_][a-z0-9_]*(\{[^}]*\})? (-?[0-9.e+-]+|NaN|\+Inf)$/);
      }
    });

    it('compares tokens whatever their length', () => {
      expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
      expect(bearerMatches(`bearer  ${TOKEN} `, TOKEN)).toBe(true);
      expect(bearerMatches('Bearer x', TOKEN)).toBe(false);
      expect(bearerMatches(undefined, TOKEN)).toBe(false);
    });
  });
});

describe('the SPA fallback', () => {
  it('leaves /healthz, /readyz and /metrics to their routes', async () => {
    const t = await track(
      makeApp(
        { metricsToken: TOKEN },
        {
          before: async (app) => {
            await app.register(spaModule);
          },
        },
      ),
    );
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ status: 'ready' });
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
  });
});

describe('request id and log bindings', () => {
  const lines: Array<Record<string, unknown>> = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await track(
      makeApp(
        { logLevel: 'info', trustProxy: ['10.0.0.0/8'] },
        {
          before: (app) => {
            // Every request logger is a child of the app's: they write to this stream.
            const root = app.log as unknown as Record<symbol, unknown>;
            const stream = Object.getOwnPropertySymbols(root).find((s) => s.description === 'pino.stream');
            if (!stream) throw new Error('pino stream symbol not found');
            root[stream] = { write: (line: string) => lines.push(JSON.parse(line)) };
            app.get('/api/test/log-probe', { config: { access: 'signed-in' } }, async (request) => {
              request.log.info('probe');
              return { ok: true };
            });
            app.get('/api/test/answer-listeners', { config: { public: true } }, async (_request, reply) => ({
              finish: reply.raw.listenerCount('finish'),
              error: reply.raw.listenerCount('error'),
            }));
          },
        },
      ),
    );
  });

  it('a signed-in request logs its reqId, organizationId and userId, never the cookie', async () => {
    const { client, user } = await signedInClient(t, { role: 'sales' });
    const res = await client.get('/api/test/log-probe');
    expect(res.statusCode).toBe(200);
    const probe = lines.find((line) => line.msg === 'probe');
    expect(probe).toMatchObject({
      reqId: res.headers['x-request-id'],
      organizationId: user.organizationId,
      userId: user.id,
    });
    const session = client.cookieValue(t.config.cookieName)!;
    expect(JSON.stringify(lines)).not.toContain(session);
  });

  it('leaves no listener on an answer: Fastify has no logger of its own to time it with', async () => {
    // Only the listeners of inject's own response, as on a bare Fastify (one more each with a logger).
    const bare = Fastify({ logger: false });
    bare.get('/', async (_request, reply) => ({
      finish: reply.raw.listenerCount('finish'),
      error: reply.raw.listenerCount('error'),
    }));
    const expected = (await bare.inject({ method: 'GET', url: '/' })).json();
    await bare.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/test/answer-listeners' });
    expect(res.json()).toEqual(expected);
  });

  it('takes x-request-id only from a trusted proxy, and only a plain id', async () => {
    const fromProxy = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      remoteAddress: '10.1.2.3',
      headers: { 'x-request-id': 'trace-abc.123' },
    });
    expect(fromProxy.headers['x-request-id']).toBe('trace-abc.123');
    const direct = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      remoteAddress: '203.0.113.9',
      headers: { 'x-request-id': 'trace-abc.123' },
    });
    expect(direct.headers['x-request-id']).not.toBe('trace-abc.123');
    const odd = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      remoteAddress: '10.1.2.3',
      headers: { 'x-request-id': 'a b\nforged' },
    });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
  });

  it('matches proxies by address, range, name, and IPv4 seen through IPv6', () => {
    const trusted = trustedPeerForTest(['10.0.0.0/8', '192.0.2.7', 'loopback', 'fd00::/8']);
    expect(trusted('10.9.9.9')).toBe(true);
    expect(trusted('::ffff:10.9.9.9')).toBe(true);
    expect(trusted('192.0.2.7')).toBe(true);
    expect(trusted('192.0.2.8')).toBe(false);
    expect(trusted('127.0.0.1')).toBe(true);
    expect(trusted('::1')).toBe(true);
    expect(trusted('fd12::1')).toBe(true);
    expect(trusted('2001:db8::1')).toBe(false);
    expect(trusted(undefined)).toBe(false);
    expect(trustedPeerForTest(false)('10.0.0.1')).toBe(false);
    expect(trustedPeerForTest(true)('203.0.113.1')).toBe(true);
  });
});
