import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { INSTRUMENTS } from '@shared/constants';
import { queryRows, type Db } from '../db/client';
import { Exposition } from './exposition';
import { within } from './readiness';
import { DURATION_BUCKETS, type RequestMetrics } from './request-metrics';

/** How long one scrape waits for each database figure before leaving it out. */
const SCRAPE_DB_TIMEOUT_MS = 1_000;

/** The node-postgres pool behind a Drizzle handle; PGlite has none. */
export function poolOf(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/** The sampling period of the event-loop monitor, in ms. */
const LOOP_RESOLUTION_MS = 10;

/** Event-loop delay sampled every 10 ms; each scrape reads then resets it (figures since the last scrape). */
export function startLoopMonitor(): IntervalHistogram {
  const monitor = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  monitor.enable();
  return monitor;
}

const rowsWithin = <T>(db: Db, query: SQL): Promise<T[]> => within(queryRows<T>(db, query), SCRAPE_DB_TIMEOUT_MS);

function writeRequests(out: Exposition, requests: RequestMetrics): void {
  out.family(
    'http_request_duration_seconds',
    'histogram',
    'Duration of the answers, by method, route pattern and status class.',
  );
  for (const s of requests.series) {
    const labels = { method: s.method, route: s.route, status_class: s.statusClass };
    let cumulated = 0;
    for (let i = 0; i < DURATION_BUCKETS.length; i++) {
      cumulated += s.buckets[i]!;
      out.sample('http_request_duration_seconds_bucket', { ...labels, le: String(DURATION_BUCKETS[i]) }, cumulated);
    }
    out.sample('http_request_duration_seconds_bucket', { ...labels, le: '+Inf' }, s.count);
    out.sample('http_request_duration_seconds_sum', labels, s.sum);
    out.sample('http_request_duration_seconds_count', labels, s.count);
  }
  out.family('http_requests_total', 'counter', 'Answers sent, by method, route pattern and status class.');
  for (const s of requests.series) {
    out.sample('http_requests_total', { method: s.method, route: s.route, status_class: s.statusClass }, s.count);
  }
}

/** Age of this node's last good reading per instrument (memory), and of each source's last success (database). */
async function writeMarket(out: Exposition, app: FastifyInstance): Promise<void> {
  const nowMs = app.now().getTime();
  out.family(
    'market_feed_age_seconds',
    'gauge',
    'Age of the last good market reading served by this node, per instrument and the source that gave it.',
  );
  const stale: Array<[string, number]> = [];
  for (const instrument of INSTRUMENTS) {
    const quote = app.market.getQuote(instrument);
    if (!quote) continue;
    out.sample(
      'market_feed_age_seconds',
      { instrument, source: quote.source },
      (nowMs - quote.fetchedAt.getTime()) / 1000,
    );
    stale.push([instrument, quote.stale ? 1 : 0]);
  }
  out.family('market_feed_stale', 'gauge', '1 when the reading served for the instrument is marked stale.');
  for (const [instrument, value] of stale) out.sample('market_feed_stale', { instrument }, value);

  try {
    const sources = await rowsWithin<{ name: string; last_success_at: Date | string | null; failing: boolean }>(
      app.db,
      // Grouped by name (what the superadmin screen shows): two sources of one name make one series.
      sql`SELECT name, max(last_success_at) AS last_success_at,
                 bool_or(last_error_at IS NOT NULL
                         AND (last_success_at IS NULL OR last_error_at > last_success_at)) AS failing
          FROM data_sources WHERE enabled GROUP BY name ORDER BY name`,
    );
    out.family(
      'market_source_last_success_age_seconds',
      'gauge',
      'Age of the last successful fetch of each enabled data source (shared by every node); absent when it never succeeded.',
    );
    for (const source of sources) {
      if (source.last_success_at === null) continue;
      const age = (nowMs - new Date(source.last_success_at).getTime()) / 1000;
      out.sample('market_source_last_success_age_seconds', { source: source.name }, age);
    }
    out.family('market_source_failing', 'gauge', '1 when the last fetch of the enabled data source failed.');
    for (const source of sources) out.sample('market_source_failing', { source: source.name }, source.failing ? 1 : 0);
  } catch (error) {
    app.log.warn({ err: error }, 'metrics: data sources not read');
  }
}

/** Diamond feed import runs recorded in the database (all nodes), by outcome. */
async function writeImportRuns(out: Exposition, app: FastifyInstance): Promise<void> {
  try {
    const rows = await rowsWithin<{ status: string; runs: number }>(
      app.db,
      sql`SELECT status, count(*)::int AS runs FROM diamond_import_runs GROUP BY status`,
    );
    const runs = new Map(rows.map((row) => [row.status, row.runs]));
    out.family(
      'feed_import_runs_total',
      'counter',
      'Diamond feed import runs recorded in the database (shared by every node), by outcome.',
    );
    for (const outcome of ['succeeded', 'failed']) {
      out.sample('feed_import_runs_total', { outcome }, runs.get(outcome) ?? 0);
    }
    out.single('feed_import_runs_running', 'gauge', 'Diamond feed import runs in progress.', runs.get('running') ?? 0);
  } catch (error) {
    app.log.warn({ err: error }, 'metrics: import runs not read');
  }
}

function writePool(out: Exposition, app: FastifyInstance): void {
  const pool = poolOf(app.db);
  if (!pool) return;
  out.single('db_pool_total', 'gauge', 'PostgreSQL connections open in the pool of this node.', pool.totalCount);
  out.single('db_pool_idle', 'gauge', 'PostgreSQL connections idle in the pool.', pool.idleCount);
  out.single('db_pool_waiting', 'gauge', 'Queries waiting for a pooled connection.', pool.waitingCount);
}

function writeProcess(out: Exposition, loop: IntervalHistogram, startedAtS: number): void {
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  out.single('process_resident_memory_bytes', 'gauge', 'Resident memory size in bytes.', memory.rss);
  out.single('nodejs_heap_used_bytes', 'gauge', 'V8 heap in use in bytes.', memory.heapUsed);
  out.single(
    'process_cpu_seconds_total',
    'counter',
    'User and system CPU time in seconds.',
    (cpu.user + cpu.system) / 1e6,
  );
  out.single('process_start_time_seconds', 'gauge', 'Start time of the process since the Unix epoch.', startedAtS);
  const samples = loop.count > 0;
  // The monitor's samples include its own sampling period: what is left is how late the loop was.
  const seconds = (ns: number): number => (samples ? Math.max(0, ns / 1e9 - LOOP_RESOLUTION_MS / 1000) : 0);
  out.single(
    'nodejs_eventloop_lag_seconds',
    'gauge',
    'Mean event-loop delay since the previous scrape.',
    seconds(loop.mean),
  );
  out.single(
    'nodejs_eventloop_lag_p99_seconds',
    'gauge',
    '99th percentile of the event-loop delay since the previous scrape.',
    seconds(loop.percentile(99)),
  );
  out.single(
    'nodejs_eventloop_lag_max_seconds',
    'gauge',
    'Largest event-loop delay since the previous scrape.',
    seconds(loop.max),
  );
  loop.reset();
}

export interface ScrapeSources {
  requests: RequestMetrics;
  loop: IntervalHistogram;
  startedAtS: number;
}

/** The whole exposition of this node. */
export async function scrape(app: FastifyInstance, sources: ScrapeSources): Promise<string> {
  const out = new Exposition();
  writeRequests(out, sources.requests);
  await writeMarket(out, app);
  await writeImportRuns(out, app);
  writePool(out, app);
  writeProcess(out, sources.loop, sources.startedAtS);
  return out.text();
}
