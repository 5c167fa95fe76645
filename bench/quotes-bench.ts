/**
 * Quotes: pure pricing of a 50-line quote (target < 5 ms), and the quotes list with 100,000 quotes on
 * PostgreSQL at 50 connections (the clients list's target: p99 < 20 ms). Creates its own database on
 * BENCH_DATABASE_URL's server, seeds it in SQL, starts the built app (NODE_ENV=production), signs in over HTTP,
 * loads `GET /api/quotes` with autocannon, prints the figures and drops the database. As in the clients list's
 * bench: a closed-loop baseline (`GET /api/user`, the machine's own limit), each URL in closed loop (saturation)
 * and in open loop at BENCH_SINGLE_RATE (200) req/s, and a mixed workload of mostly first-time URLs in open loop.
 *
 *   npx tsx bench/quotes-bench.ts        # BENCH_QUOTES=100000 BENCH_DURATION_S=10 by default
 *
 * `npm run bench` calls `runQuotesBench()` (section `quotes`).
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { priceQuote } from '../shared/quote-pricing';
import { ALLOY, PRODUCT, SAMPLE_CONTEXT as context, STEP, STONE } from '../shared/quote-pricing.sample';
import { quoteLineSchema, type QuoteLineInput } from '../shared/schemas/quotes';
import { openDatabase, type DatabaseHandle } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { startAppServer } from '../tests/e2e/app-server';
import { ensureBuilt, seedBenchOrganization, signedInCookie } from './app-session';
import { load, type LoadResult } from './load';
import { openLoop } from './open-loop';

/** 50 lines, the seven kinds in turn, with coefficients, margins, typed prices, discounts and two VAT rates. */
export function fiftyLines(): QuoteLineInput[] {
  const kinds = [
    { kind: 'metal', alloyId: ALLOY, weightG: '4.25', lossPct: '5' },
    { kind: 'diamond', diamondId: '42' },
    { kind: 'melee', mm: '1.3', clarity: 'VS1', quantity: '24' },
    { kind: 'stone', stoneId: STONE, quantity: '2', coefficient: '2.2' },
    { kind: 'labour', productionStepId: STEP, minutes: '95', priceMode: 'margin', marginPct: '35' },
    { kind: 'product', productId: PRODUCT, discountPct: '5' },
    { kind: 'free', label: 'Gravure', quantity: '3', priceMode: 'price', unitPrice: '25', vatRatePct: '10' },
  ];
  return Array.from({ length: 50 }, (_, i) => quoteLineSchema.parse(kinds[i % kinds.length]));
}

/** Random list requests over `count` quotes: pages, sorts, searches, statuses, amounts and summaries. */
export function mixedQuotePaths(count: number): () => string {
  let state = 42;
  const next = (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
  const statuses = ['draft', 'sent', 'accepted', 'refused', 'expired'];
  return () => {
    const pick = next(6);
    if (pick === 0) return `/api/quotes?page=${1 + next(Math.floor(count / 25))}`;
    if (pick === 1) return `/api/quotes?sort=totalInclVat&dir=desc&page=${1 + next(200)}`;
    if (pick === 2) return `/api/quotes?q=nom${1 + next(2000)}`;
    if (pick === 3) return `/api/quotes?status=${statuses[next(5)]}&page=${1 + next(20)}`;
    if (pick === 4) return `/api/quotes?minAmount=${100 * next(70)}&maxAmount=${7000 + 10 * next(100)}`;
    return `/api/quotes/summary?status=${statuses[next(5)]}&minAmount=${100 * next(70)}`;
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** Median and p95 (ms) of pricing a fresh 50-line quote with a fresh context, 500 times after 50 warm-ups. */
export function benchQuotePricing(): { medianMs: number; p95Ms: number } {
  const lines = fiftyLines();
  const times: number[] = [];
  for (let i = 0; i < 550; i++) {
    const fresh = { ...context }; // a new context object each time: nothing cached from the previous run
    const start = performance.now();
    priceQuote(lines, fresh);
    if (i >= 50) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return { medianMs: round(percentile(times, 0.5)), p95Ms: round(percentile(times, 0.95)) };
}

async function seed(handle: DatabaseHandle, count: number, password: string): Promise<number> {
  const organizationId = await seedBenchOrganization(handle, password);
  const started = Date.now();
  // 2,000 clients, then `count` quotes: 60 % sent (numbered per year), 15 % accepted, 5 % refused, 20 % drafts.
  await handle.exec(`
    INSERT INTO clients (organization_id, kind, status, first_name, last_name, search_text)
    SELECT '${organizationId}', 'particulier', 'client', 'Prénom' || g, 'Nom' || g, 'prenom' || g || ' nom' || g
    FROM generate_series(1, 2000) g;
    WITH c AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM clients WHERE organization_id = '${organizationId}')
    INSERT INTO quotes (organization_id, number, number_year, number_seq, status, client_id, title, validity_days,
      lines, line_count, total_excl_vat, total_vat, total_incl_vat, issued_on, valid_until, sent_at, client_name,
      search_text, created_at, updated_at)
    SELECT '${organizationId}',
      CASE WHEN g % 5 = 0 THEN NULL ELSE 'D-' || (2020 + g % 7) || '-' || lpad(g::text, 6, '0') END,
      CASE WHEN g % 5 = 0 THEN NULL ELSE 2020 + g % 7 END,
      CASE WHEN g % 5 = 0 THEN NULL ELSE g END,
      CASE WHEN g % 5 = 0 THEN 'draft' WHEN g % 20 = 1 THEN 'refused' WHEN g % 20 IN (2, 3, 4) THEN 'accepted' ELSE 'sent' END,
      c.id, 'Bague ' || g, 30, '[]'::jsonb, 3,
      (g % 5000) * 1.5 + 100, ((g % 5000) * 1.5 + 100) * 0.2, ((g % 5000) * 1.5 + 100) * 1.2,
      CASE WHEN g % 5 = 0 THEN NULL ELSE (now() - (g % 1500) * interval '1 day')::date END,
      CASE WHEN g % 5 = 0 THEN NULL ELSE (now() - (g % 1500) * interval '1 day' + interval '30 days')::date END,
      CASE WHEN g % 5 = 0 THEN NULL ELSE now() - (g % 1500) * interval '1 day' END,
      'Prénom' || c.n || ' Nom' || c.n,
      'd-' || (2020 + g % 7) || '-' || lpad(g::text, 6, '0') || ' bague ' || g || ' prenom' || c.n || ' nom' || c.n,
      now() - (g % 1500) * interval '1 day' - g * interval '1 second',
      now() - (g % 1500) * interval '1 day'
    FROM generate_series(1, ${count}) g JOIN c ON c.n = 1 + g % 2000;
  `);
  // Fresh statistics and visibility map, as autovacuum would leave them (one statement each: no transaction).
  await handle.exec('VACUUM ANALYZE quotes');
  await handle.exec('VACUUM ANALYZE clients');
  return Math.round((Date.now() - started) / 100) / 10;
}

export interface QuotesBenchFigures {
  pricing: { medianMs: number; p95Ms: number };
  quotes: number;
  seedSeconds: number;
  results: LoadResult[];
}

/** The pricing figures, and the list's latency at 50 connections over 100,000 quotes on PostgreSQL. */
export async function runQuotesBench(options: { url?: string; count?: number } = {}): Promise<QuotesBenchFigures> {
  const pricing = benchQuotePricing();
  const serverUrl = options.url ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const count = options.count ?? Number(process.env.BENCH_QUOTES ?? 100_000);
  const name = `pricer_bench_quotes_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const admin = await openDatabase({ databaseUrl: serverUrl, poolSize: 1 });
  await admin.exec(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 5 });
  try {
    await migrate(handle);
    const password = 'bench-password-1';
    const seedSeconds = await seed(handle, count, password);
    await ensureBuilt();
    const server = await startAppServer({
      env: {
        NODE_ENV: 'production',
        SESSION_SECRET: randomUUID() + randomUUID(),
        COOKIE_SECURE: 'false',
        DATABASE_URL: dbUrl.toString(),
        LOG_LEVEL: 'warn',
      },
    });
    try {
      const headers = {
        cookie: await signedInCookie(server.url, 'bench', password),
        'accept-encoding': 'gzip, deflate, br, zstd',
      };
      const cases: Array<[string, string]> = [
        ['default page (newest first)', '/api/quotes'],
        ['status sent, page 3', '/api/quotes?status=sent&page=3'],
        ['sorted by amount, page 40', '/api/quotes?sort=totalInclVat&dir=desc&page=40'],
        ['search "nom1234"', '/api/quotes?q=nom1234'],
        ['summary of the expired', '/api/quotes/summary?status=expired'],
      ];
      for (const [, path] of cases) {
        const probe = await fetch(`${server.url}${path}`, { headers });
        if (probe.status !== 200) throw new Error(`${path}: ${probe.status} ${(await probe.text()).slice(0, 300)}`);
      }
      const connections = 50;
      const durationS = Number(process.env.BENCH_DURATION_S ?? 10);
      const rate = Number(process.env.BENCH_SINGLE_RATE ?? 200);
      const results: LoadResult[] = [
        // The machine's own limit at 50 connections: a session lookup and nothing else.
        await load('closed loop: baseline GET /api/user (session only)', `${server.url}/api/user`, {
          connections,
          durationS,
          headers,
        }),
      ];
      for (const [label, path] of cases) {
        results.push(await load(`closed loop: ${label}`, `${server.url}${path}`, { connections, durationS, headers }));
      }
      for (const [label, path] of cases) {
        const name = `open loop ${rate} req/s: ${label}`;
        results.push(await openLoop(name, server.url, { rate, durationS, connections, headers, nextPath: () => path }));
      }
      // Mostly first-time URLs (random pages, searches, filters and amounts): the database path, not the cache.
      const name = `open loop ${rate} req/s: mixed, mostly first-time URLs`;
      results.push(
        await openLoop(name, server.url, { rate, durationS, connections, headers, nextPath: mixedQuotePaths(count) }),
      );
      return { pricing, quotes: count, seedSeconds, results };
    } finally {
      await server.stop();
    }
  } finally {
    await handle.close();
    // BENCH_KEEP_DB=1 keeps the seeded database to study its plans (its name is printed).
    if (process.env.BENCH_KEEP_DB === '1') console.log(`kept database ${name}`);
    else await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await runQuotesBench();
  console.log(`50-line quote pricing: median ${figures.pricing.medianMs} ms, p95 ${figures.pricing.p95Ms} ms`);
  console.log(`${figures.quotes} quotes seeded in ${figures.seedSeconds} s`);
  console.table(figures.results);
}
