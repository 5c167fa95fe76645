/**
 * random6 must not scan the table (ADR 0005). Loads N demo diamonds into a fresh PostgreSQL database
 * (on TEST_DATABASE_URL's server), then prints, for typical and extreme weight ranges, the EXPLAIN
 * (ANALYZE, BUFFERS) plan of the exact random6 query and its latency over many random draws.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/random6-explain.ts [100000,1000000]
 *
 * Exits with code 1 if a plan contains a sequential scan. KEEP_DB=1 keeps the database afterwards.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type DatabaseHandle } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { growDemoCatalogue } from '../server/modules/diamonds/diamonds.seed';
import { pickRandom6, randomDiamondsQuery, type WeightRange } from '../server/modules/diamonds/random-diamonds';

export interface Random6Figure {
  rows: number;
  range: string;
  seqScan: boolean;
  /** Buffers (8 KB pages) touched by one EXPLAIN ANALYZE run. */
  buffers: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}

const CASES: ReadonlyArray<{ name: string; range: WeightRange }> = [
  { name: 'all', range: {} },
  { name: '0.30-0.39', range: { min: 0.3, max: 0.39 } },
  { name: '1.00-1.10', range: { min: 1, max: 1.1 } },
  { name: '0.60-0.69', range: { min: 0.6, max: 0.69 } },
  { name: '2.95-3.00 (narrow)', range: { min: 2.95, max: 3 } },
  { name: '5-6 (empty)', range: { min: 5, max: 6 } },
];

/** An organization's reader: the installation-wide stones and its own (none here), as the dashboard asks. */
const BENCH_SCOPE = { organizationId: '00000000-0000-4000-8000-000000000001' };

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function explain(handle: DatabaseHandle, range: WeightRange): Promise<string> {
  const rows = await queryRows<{ 'QUERY PLAN': string }>(
    handle.db,
    sql`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${randomDiamondsQuery(6, BENCH_SCOPE, range, 0.5)}`,
  );
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

async function measure(handle: DatabaseHandle, total: number, iterations: number): Promise<Random6Figure[]> {
  const figures: Random6Figure[] = [];
  for (const c of CASES) {
    const plan = await explain(handle, c.range);
    const buffers = [...plan.matchAll(/shared hit=(\d+)(?: read=(\d+))?/g)]
      .slice(0, 1)
      .reduce((sum, m) => sum + Number(m[1]) + Number(m[2] ?? 0), 0);
    const times: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const start = performance.now();
      await pickRandom6(handle.db, BENCH_SCOPE, c.range);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const figure: Random6Figure = {
      rows: total,
      range: c.name,
      seqScan: /Seq Scan/.test(plan),
      buffers,
      p50Ms: Number(percentile(times, 50).toFixed(2)),
      p95Ms: Number(percentile(times, 95).toFixed(2)),
      p99Ms: Number(percentile(times, 99).toFixed(2)),
    };
    figures.push(figure);
    console.log(`\n--- ${total.toLocaleString('en')} rows, weight ${c.name} ---\n${plan}`);
    console.log(JSON.stringify(figure));
  }
  return figures;
}

/** Loads the catalogue up to each size in turn and measures; returns one figure per size and range. */
export async function runRandom6Explain(
  serverUrl: string,
  sizes: readonly number[],
  options: { iterations?: number; keep?: boolean } = {},
): Promise<Random6Figure[]> {
  const name = 'pricer_bench_random6';
  const admin = await openDatabase({ databaseUrl: serverUrl, poolSize: 1 });
  await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.exec(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  const figures: Random6Figure[] = [];
  try {
    await migrate(handle);
    for (const size of [...sizes].sort((a, b) => a - b)) {
      const start = performance.now();
      // 100,000 generated stones, then doubled in SQL up to the size (same distributions, new random keys).
      await growDemoCatalogue(handle.db, size, { batchSize: 10_000 });
      await handle.exec('VACUUM ANALYZE diamonds');
      console.log(
        `loaded ${size.toLocaleString('en')} diamonds in ${((performance.now() - start) / 1000).toFixed(1)} s`,
      );
      figures.push(...(await measure(handle, size, options.iterations ?? 300)));
    }
  } finally {
    await handle.close();
    if (!options.keep) await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    console.error('Set TEST_DATABASE_URL (a PostgreSQL server; a database pricer_bench_random6 is created on it).');
    process.exit(2);
  }
  const sizes = (process.argv[2] ?? '100000,1000000').split(',').map(Number);
  const figures = await runRandom6Explain(url, sizes, { keep: process.env.KEEP_DB === '1' });
  console.log('\nSummary');
  console.table(figures);
  if (figures.some((f) => f.seqScan)) {
    console.error('A random6 plan uses a sequential scan.');
    process.exit(1);
  }
}
