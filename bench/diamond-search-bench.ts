/**
 * The catalogue search (GET /api/diamonds, `searchDiamonds`) on a large catalogue: for typical filter sets, the
 * EXPLAIN (ANALYZE, BUFFERS) plans of the page and of the capped count, and the latency of the search as the route
 * runs it (both queries at once), p50/p95 on one connection and p99 with 20 connections searching at once.
 * PostgreSQL with 1,000,000 stones (targets: p95 < 50 ms at 1 connection, p99 < 100 ms at 20), PGlite with
 * 100,000 (target: within 3x of PostgreSQL; one connection, so "20" is 20 searches queued on it).
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/diamond-search-bench.ts
 *
 * BENCH_SEARCH_DATABASES=postgres or pglite runs one; BENCH_SEARCH_PG_ROWS and BENCH_SEARCH_PGLITE_ROWS change
 * the sizes, BENCH_SEARCH_POOL the pool (the app's 10 by default); KEEP_DB=1 keeps the PostgreSQL database (pricer_bench_search) and reuses it when it holds the size.
 * `npm run bench` runs it when BENCH_ONLY names diamond-search (loading a million stones takes minutes).
 *
 * The catalogue: the demo generator's stones (grown in SQL to the size), then made to look like an aggregator's:
 * 10 % lab-grown (a quarter of the price), 2 % fancy colours (no D-Z colour), 10 % imported by the reader's
 * organization and 10 % by another one (out of the reader's scope).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { diamondSearchQuerySchema, type DiamondSearchQuery } from '@shared/schemas/diamonds';
import { mulberry32 } from '@shared/seeded-random';
import { openDatabase, queryRows, type DatabaseHandle } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { growDemoCatalogue } from '../server/modules/diamonds/diamonds.seed';
import {
  certificateWalkQuery,
  searchCountQuery,
  searchDiamonds,
  searchPageQuery,
  walksCertificates,
} from '../server/modules/diamonds/diamond-search';
import type { DiamondScope } from '../server/modules/diamonds/random-diamonds';

export interface SearchFigure {
  database: 'postgres' | 'pglite';
  rows: number;
  case: string;
  total: string;
  /** Buffers (8 KB pages) the page and the count touched, one EXPLAIN ANALYZE run each. */
  buffers: number;
  seqScan: boolean;
  p50Ms: number;
  p95Ms: number;
  p99At20Ms: number;
}

/** The filter sets a catalogue page sends most (as query strings, read by the route's schema). */
export const SEARCH_CASES: ReadonlyArray<{ name: string; query: string }> = [
  { name: '1 no filter, by price', query: '' },
  {
    name: '2 round 0.9-1.1 ct G-H VS1-VS2, by price',
    query: 'shape=ROUND&caratMin=0.9&caratMax=1.1&colorMin=G&colorMax=H&clarityMin=VS1&clarityMax=VS2',
  },
  {
    name: '3 1.0-1.5 ct excellent GIA <= 10,000 EUR, by EUR/ct',
    query: 'caratMin=1&caratMax=1.5&cutMin=excellent&lab=GIA&priceMax=10000&sort=pricePerCarat',
  },
  { name: '4 oval/pear/emerald, by carats desc', query: 'shape=OVAL,PEAR,EMERALD&sort=carats&dir=desc' },
  { name: '5a lab-grown 1,000-5,000 EUR, by price', query: 'growth=lab-grown&priceMin=1000&priceMax=5000' },
  { name: '5b fancy colour 2,000-20,000 EUR, by price', query: 'colorKind=fancy&priceMin=2000&priceMax=20000' },
  { name: '6 no filter, by price desc, page 5', query: 'sort=price&dir=desc&page=5&pageSize=24' },
  { name: '7 0.5-2.0 ct, by price (a wide carat range)', query: 'caratMin=0.5&caratMax=2' },
];

const parse = (query: string): DiamondSearchQuery =>
  diamondSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (x: number) => Number(x.toFixed(2));

/** Grows the catalogue to `size` and gives it an aggregator's mix; answers the reader's scope. */
export async function prepareCatalogue(handle: DatabaseHandle, size: number): Promise<DiamondScope> {
  const [current] = await queryRows<{ n: number }>(handle.db, sql`SELECT count(*)::int AS n FROM diamonds`);
  const orgs = await queryRows<{ id: string }>(
    handle.db,
    sql`SELECT id FROM organizations WHERE slug LIKE 'bench-search-%' ORDER BY slug`,
  );
  // A kept database already holds the mix (run once: it divides the lab-grown stones' prices).
  if (orgs.length === 2 && (current?.n ?? 0) >= size * 0.99) return { organizationId: orgs[0]!.id };
  const start = performance.now();
  await growDemoCatalogue(handle.db, size, { batchSize: 10_000, rng: mulberry32(7) });
  const [own, other] = await queryRows<{ id: string }>(
    handle.db,
    sql`INSERT INTO organizations (name, slug) VALUES ('Bench lecteur', 'bench-search-1'), ('Bench voisin', 'bench-search-2')
      ON CONFLICT (slug) DO UPDATE SET name = excluded.name RETURNING id`,
  );
  await handle.db.execute(sql`UPDATE diamonds SET
      organization_id = CASE WHEN id % 10 = 1 THEN ${own!.id}::uuid WHEN id % 10 = 2 THEN ${other!.id}::uuid END,
      growth = CASE WHEN id % 10 = 3 THEN (CASE WHEN id % 20 = 3 THEN 'lab-grown-cvd' ELSE 'lab-grown-hpht' END)
        WHEN id % 10 = 4 THEN 'natural' END,
      total_price_eur = CASE WHEN id % 10 = 3 THEN round(total_price_eur / 4, 2) ELSE total_price_eur END,
      price_eur = CASE WHEN id % 10 = 3 THEN round(price_eur / 4, 2) ELSE price_eur END,
      color = CASE WHEN id % 50 = 7 THEN NULL ELSE color END,
      fancy_color = CASE WHEN id % 50 = 7 THEN (ARRAY['yellow','yellow','yellow','pink','blue','brown'])[1 + id % 6] END,
      fancy_intensity = CASE WHEN id % 50 = 7 THEN 'fancy-intense' END,
      sell_price_eur = CASE WHEN id % 10 = 1 THEN round(total_price_eur * 1.25, 2) END`);
  await handle.exec('VACUUM (FULL, ANALYZE) diamonds');
  await handle.exec('VACUUM ANALYZE diamonds');
  console.log(`loaded ${size.toLocaleString('en')} stones in ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return { organizationId: own!.id };
}

async function explain(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<string> {
  const rows = await queryRows<{ 'QUERY PLAN': string }>(
    handle.db,
    sql`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query}`,
  );
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}
const buffersOf = (plan: string) =>
  [...plan.matchAll(/Buffers: shared(?: hit=(\d+))?(?: read=(\d+))?/g)]
    .slice(0, 1)
    .reduce((sum, m) => sum + Number(m[1] ?? 0) + Number(m[2] ?? 0), 0);

/** Measures every case on a loaded catalogue; `concurrent` is the handle to run 20 searches at once on. */
export async function measureSearch(
  handle: DatabaseHandle,
  database: SearchFigure['database'],
  rows: number,
  scope: DiamondScope,
  options: { iterations?: number; rounds20?: number; printPlans?: boolean } = {},
): Promise<SearchFigure[]> {
  const iterations = options.iterations ?? 200;
  const rounds20 = options.rounds20 ?? 15;
  const figures: SearchFigure[] = [];
  for (const c of SEARCH_CASES) {
    const q = parse(c.query);
    // A certificate search walks its indexes first (its fallback is the filter-driven page).
    const page = await explain(
      handle,
      walksCertificates(q) ? certificateWalkQuery(scope, q) : searchPageQuery(scope, q),
    );
    const count = await explain(handle, searchCountQuery(scope, q));
    if (options.printPlans !== false) {
      console.log(`\n--- ${database} ${rows.toLocaleString('en')}: ${c.name}\n[page]\n${page}\n[count]\n${count}`);
    }
    // Warm-up (20 at once: every connection of the pool open, as in a running server), then one connection.
    const first = await searchDiamonds(handle.db, scope, q);
    await Promise.all(Array.from({ length: 20 }, () => searchDiamonds(handle.db, scope, q)));
    const times: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const start = performance.now();
      await searchDiamonds(handle.db, scope, q);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    // 20 searches at once, `rounds20` times each.
    const times20: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        for (let i = 0; i < rounds20; i++) {
          const start = performance.now();
          await searchDiamonds(handle.db, scope, q);
          times20.push(performance.now() - start);
        }
      }),
    );
    times20.sort((a, b) => a - b);
    const figure: SearchFigure = {
      database,
      rows,
      case: c.name,
      total: `${first.total}${first.capped ? '+' : ''}`,
      buffers: buffersOf(page) + buffersOf(count),
      seqScan: /Seq Scan/.test(page + count),
      p50Ms: ms(percentile(times, 50)),
      p95Ms: ms(percentile(times, 95)),
      p99At20Ms: ms(percentile(times20, 99)),
    };
    console.log(JSON.stringify(figure));
    figures.push(figure);
  }
  return figures;
}

/** PostgreSQL: a database on `serverUrl`'s server with `rows` stones, searched through the app's pool. */
export async function runPostgres(serverUrl: string, rows: number, keep = false): Promise<SearchFigure[]> {
  const name = 'pricer_bench_search';
  const admin = await openDatabase({ databaseUrl: serverUrl, poolSize: 1 });
  const [exists] = await queryRows<{ n: number }>(
    admin.db,
    sql`SELECT count(*)::int AS n FROM pg_database WHERE datname = ${name}`,
  );
  if (!keep || !exists?.n) {
    await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.exec(`CREATE DATABASE ${name}`);
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // The app's own pool (10 connections a node): 20 searches at once queue on it as 20 requests would.
  const pool = process.env.BENCH_SEARCH_POOL;
  const handle = await openDatabase({ databaseUrl: url.toString(), ...(pool ? { poolSize: Number(pool) } : {}) });
  try {
    await migrate(handle);
    const scope = await prepareCatalogue(handle, rows);
    return await measureSearch(handle, 'postgres', rows, scope);
  } finally {
    await handle.close();
    if (!keep) await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
}

/** PGlite in a temporary data directory with `rows` stones. */
export async function runPglite(rows: number): Promise<SearchFigure[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pricer-bench-search-'));
  const handle = await openDatabase({ dataDir });
  try {
    await migrate(handle);
    const scope = await prepareCatalogue(handle, rows);
    return await measureSearch(handle, 'pglite', rows, scope, { iterations: 100, rounds20: 5 });
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const databases = () => (process.env.BENCH_SEARCH_DATABASES ?? 'postgres,pglite').split(',');

export async function runDiamondSearchBench(serverUrl: string | undefined): Promise<SearchFigure[]> {
  const figures: SearchFigure[] = [];
  if (databases().includes('postgres')) {
    if (!serverUrl) throw new Error('no PostgreSQL server URL');
    const rows = Number(process.env.BENCH_SEARCH_PG_ROWS ?? 1_000_000);
    figures.push(...(await runPostgres(serverUrl, rows, process.env.KEEP_DB === '1')));
  }
  if (databases().includes('pglite')) {
    figures.push(...(await runPglite(Number(process.env.BENCH_SEARCH_PGLITE_ROWS ?? 100_000))));
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.TEST_DATABASE_URL ?? process.env.BENCH_DATABASE_URL;
  if (!url && databases().includes('postgres')) {
    console.error('Set TEST_DATABASE_URL (a PostgreSQL server; a database pricer_bench_search is created on it).');
    process.exit(2);
  }
  const figures = await runDiamondSearchBench(url);
  console.log('\nSummary');
  console.table(figures);
}
