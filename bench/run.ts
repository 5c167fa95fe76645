/**
 * `npm run bench`: prints the figures the issues name. Sections (BENCH_ONLY=a,b to pick):
 * - start:    cold `npm start` to the first 200 on an empty DATA_DIR, and server RSS after start;
 * - memory:   the server on PGlite (demo data): resident memory right after start (target < 400 MB), its peak and
 *             its value after BENCH_MEMORY_SECONDS (60) of mixed load by 30 signed-in users (bench/mixed-load.ts);
 * - bundle:   gzipped JavaScript loaded by /auth and by / (target <= 150 KB each);
 * - api:      requests/s and p99 at 50 connections of GET /api/spot/gold and GET /api/ddpl/random6,
 *             beside a bare Fastify hello-world in the same run (ratio), on PostgreSQL: every target warmed up,
 *             then BENCH_API_ROUNDS (3) rounds of BENCH_API_ROUND_S (5) s taken in turn, the median round kept;
 *             and each server's CPU time per request (from /proc) beside the hello-world's (ratio); the servers
 *             pinned to the last CPU and the load generator to the others where taskset can;
 * - random6:  random6 latency and plans with 100,000 and 1,000,000 diamonds on PostgreSQL;
 * - lists:    clients list with 50,000 clients at 50 connections on PostgreSQL (target p99 < 20 ms),
 *             closed loop (saturation) and open loop (a mixed workload arriving at fixed rates);
 * - products: price recomputation time for 1,000 products; the products list with 20,000 sheets on
 *             PostgreSQL (EXPLAIN of the default sort, searches and filters: no sequential scan);
 * - lighthouse: Lighthouse 12 mobile and desktop on /auth and / signed in (targets: performance >= 95,
 *             accessibility 100); BENCH_LIGHTHOUSE_RUNS runs per page (default 5), the median kept.
 * - quotes:   pricing a 50-line quote (target < 5 ms); the quotes list with 100,000 quotes on PostgreSQL at
 *             50 connections (target p99 < 20 ms), default page, filter, deep sort, search, summary;
 * - pdf:      quote PDF rendering, 50 lines, median and p95 over 30 runs (target median < 300 ms), size.
 * - diamond-import (only when named, several minutes: BENCH_ONLY=diamond-import): a 1,000,000-row RapNet-style
 *             feed imported on PGlite and on PostgreSQL, rows/s and peak RSS (target < 500 MB);
 *             BENCH_IMPORT_ROWS and BENCH_IMPORT_DATABASES change the size and the databases.
 * - diamond-search (only when named, several minutes: BENCH_ONLY=diamond-search): the catalogue search's plans and
 *             latency for typical filter sets, PostgreSQL with 1,000,000 stones (targets: p95 < 50 ms at 1
 *             connection, p99 < 100 ms at 20) and PGlite with 100,000 (within 3x); BENCH_SEARCH_DATABASES,
 *             BENCH_SEARCH_PG_ROWS and BENCH_SEARCH_PGLITE_ROWS change the databases and the sizes.
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); each section
 * creates and drops its own database. Figures on a shared 2-core machine vary: read ratios, not absolutes.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../server/db/client';
import { freePort, startAppServer } from '../tests/e2e/app-server';
import { ensureBuilt, signedInCookie } from './app-session';
import { load, type LoadResult } from './load';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const wanted = (section: string) => !only || only.includes(section);
const summary: Array<{ figure: string; value: string }> = [];
const note = (figure: string, value: string) => {
  summary.push({ figure, value });
  console.log(`  ${figure}: ${value}`);
};

/** CPU time (user + system) the process has used so far, in µs; null where /proc is not there. */
function cpuMicros(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS_PER_S;
  } catch {
    return null;
  }
}
/** Linux's USER_HZ, what /proc/<pid>/stat counts in. */
const CLOCK_TICKS_PER_S = 100;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function coldStart(): Promise<void> {
  console.log('\n== cold npm start on an empty DATA_DIR');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pricer-bench-start-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'development' },
    stdio: 'ignore',
  });
  try {
    let firstOk = 0;
    while (performance.now() - started < 180_000) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/`);
        if (res.status === 200) {
          firstOk = performance.now() - started;
          break;
        }
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    if (!firstOk) throw new Error('no 200 within 180 s');
    note('cold npm start -> first 200 on / (empty DATA_DIR, demo seed included)', `${(firstOk / 1000).toFixed(1)} s`);
    note('server RSS right after start', `${rssMb(child.pid!)} MB`);
    await new Promise((r) => setTimeout(r, 5000));
    note('server RSS 5 s after start', `${rssMb(child.pid!)} MB`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function memoryUnderLoad(): Promise<void> {
  const seconds = Number(process.env.BENCH_MEMORY_SECONDS ?? 60);
  const userCount = 30;
  console.log(`\n== server memory on PGlite: after start, then ${seconds} s of mixed load by ${userCount} users`);
  const { ACCOUNTS, act, percentile, User } = await import('./mixed-load');
  const server = await startAppServer({ env: { DEMO_DIAMOND_COUNT: '5000', NODE_ENV: 'development' } });
  try {
    await new Promise((r) => setTimeout(r, 3000));
    note('PGlite server RSS 3 s after a first start (target < 400 MB)', `${rssMb(server.pid)} MB`);
    const samples: Array<{ ok: boolean; route: string; ms: number }> = [];
    // One sign-in per account (the sign-in route limits attempts per address); the users of an account share it.
    const signedIn = await Promise.all(
      ACCOUNTS.map(async (account) => {
        const user = new User([server], samples, account);
        await user.signIn(account);
        return user;
      }),
    );
    const users = Array.from({ length: userCount }, (_, i) => {
      const account = signedIn[i % signedIn.length]!;
      const user = new User([server], samples, account.account);
      user.useSession(...account.credentials());
      return user;
    });
    const clientList = (await signedIn[0]!.call('clients', 'GET', '/api/clients?pageSize=1')) as {
      items: Array<{ id: string }>;
    };
    const clientId = clientList.items[0]!.id;
    const ack = { clients: [], quoteNumbers: [], workOrderNumbers: [], goldBuyNumbers: [] };
    samples.length = 0;
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 500);
    const end = performance.now() + seconds * 1000;
    let counter = 0;
    let errors = 0;
    await Promise.all(
      users.map(async (user) => {
        while (performance.now() < end) {
          await act(user, counter++, ack, clientId).catch(() => errors++);
          await new Promise((r) => setTimeout(r, Math.random() * 100));
        }
      }),
    );
    clearInterval(sampler);
    note(
      `PGlite server under ${seconds} s of mixed load`,
      `${samples.length} requests (${(samples.length / seconds).toFixed(0)} req/s), ${errors} errors`,
    );
    const byRoute = new Map<string, number[]>();
    for (const sample of samples) byRoute.set(sample.route, [...(byRoute.get(sample.route) ?? []), sample.ms]);
    console.table(
      [...byRoute].map(([route, list]) => {
        const ms = list.sort((a, b) => a - b);
        return {
          route,
          requests: ms.length,
          p50Ms: Math.round(percentile(ms, 50)),
          p99Ms: Math.round(percentile(ms, 99)),
        };
      }),
    );
    note('PGlite server RSS peak during the load', `${Math.max(peak, rssMb(server.pid))} MB`);
    await new Promise((r) => setTimeout(r, 5000));
    note('PGlite server RSS 5 s after the load', `${rssMb(server.pid)} MB`);
  } finally {
    await server.stop();
  }
}

async function bundles(): Promise<void> {
  console.log('\n== JavaScript loaded by /auth and /');
  const { measureBundles: measure } = await import('./bundle-size');
  const server = await startAppServer();
  try {
    const figures = await measure(server.url);
    note('/auth gzipped JS (target <= 150 KB)', `${(figures.auth / 1024).toFixed(1)} KB`);
    note('/ gzipped JS, signed in (target <= 150 KB)', `${(figures.dashboard / 1024).toFixed(1)} KB`);
  } finally {
    await server.stop();
  }
}

async function withDatabase<T>(prefix: string, fn: (url: string) => Promise<T>): Promise<T> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const admin = await openDatabase({ databaseUrl: pgUrl, poolSize: 1 });
  await admin.exec(`CREATE DATABASE ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
}

/** The machine's CPUs, counted before this process pins itself (then it sees only its own). */
const CPU_COUNT = availableParallelism();

/**
 * Pins a process, all its threads, to the given CPUs with `taskset` (Linux). Answers false where it cannot (one
 * CPU, no taskset): the figures are then taken unpinned, and say so.
 */
function pinToCpus(pid: number, cpus: string): boolean {
  if (CPU_COUNT < 2) return false;
  // A thread that ends while taskset walks the process's threads fails the call: try again.
  for (let attempt = 1; ; attempt++) {
    try {
      execFileSync('taskset', ['-a', '-cp', cpus, String(pid)], { stdio: 'pipe' });
      return true;
    } catch (error) {
      if (attempt === 3) {
        const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
        console.log(`  taskset ${cpus} ${pid} failed: ${stderr || String(error)}`);
        return false;
      }
    }
  }
}

/** One measured round of each target, in turn, so that a drift of the machine touches every target alike. */
const API_ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 3);
const API_ROUND_S = Number(process.env.BENCH_API_ROUND_S ?? 5);

async function apiThroughput(): Promise<void> {
  console.log(
    `\n== API throughput at 50 connections (PostgreSQL): ${API_ROUNDS} alternated rounds of ${API_ROUND_S} s after a warm-up, medians`,
  );
  const port = await freePort();
  const hello = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/hello-server.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => hello.stdout!.once('data', () => resolve()));
  // The servers on the last CPU and the load generator (this process) on the others: on a small machine the
  // scheduler otherwise moves them onto each other between rounds, and requests/s moves by a third (ADR 0018).
  const serverCpu = String(CPU_COUNT - 1);
  const otherCpus = CPU_COUNT > 2 ? `0-${CPU_COUNT - 2}` : '0';
  let pinned = pinToCpus(process.pid, otherCpus) && pinToCpus(hello.pid!, serverCpu);
  try {
    await withDatabase('pricer_bench_api', async (databaseUrl) => {
      const server = await startAppServer({
        env: { DATABASE_URL: databaseUrl, DEMO_DIAMOND_COUNT: '20000', LOG_LEVEL: 'warn' },
      });
      pinned = pinned && pinToCpus(server.pid, serverCpu);
      console.log(
        pinned
          ? `  servers pinned to CPU ${serverCpu}, the load generator to CPU ${otherCpus}`
          : '  not pinned (one CPU or no taskset): figures move with the scheduler',
      );
      try {
        const cookie = await signedInCookie(server.url);
        const targets: Array<{ name: string; url: string; headers: Record<string, string>; pid: number }> = [
          { name: 'hello world (bare Fastify)', url: `http://127.0.0.1:${port}/hello`, headers: {}, pid: hello.pid! },
          { name: 'GET /api/spot/gold', url: `${server.url}/api/spot/gold`, headers: { cookie }, pid: server.pid },
          {
            name: 'GET /api/ddpl/random6',
            url: `${server.url}/api/ddpl/random6`,
            headers: { cookie },
            pid: server.pid,
          },
          {
            name: 'GET /api/ddpl/random6?weight_min=0.5&weight_max=0.59',
            url: `${server.url}/api/ddpl/random6?weight_min=0.5&weight_max=0.59`,
            headers: { cookie },
            pid: server.pid,
          },
        ];
        // Both servers compile their hot paths first: a cold JIT is not the route's cost.
        for (const t of targets) await load(t.name, t.url, { headers: t.headers, durationS: 3 });
        const rounds = targets.map(() => [] as LoadResult[]);
        // The server's own CPU time per answer (the database's excepted): steadier than requests/s, which moves
        // with where the scheduler puts the load generator and the server on a shared machine.
        const cpuPerRequest = targets.map(() => [] as number[]);
        for (let round = 0; round < API_ROUNDS; round++) {
          for (const [i, t] of targets.entries()) {
            const before = cpuMicros(t.pid);
            const result = await load(t.name, t.url, { headers: t.headers, durationS: API_ROUND_S });
            const after = cpuMicros(t.pid);
            rounds[i]!.push(result);
            if (before !== null && after !== null && result.requestsPerSec > 0) {
              cpuPerRequest[i]!.push((after - before) / (result.requestsPerSec * API_ROUND_S));
            }
          }
        }
        const medians = rounds.map((results) => medianResult(results));
        console.table(medians);
        const base = medians[0]!.requestsPerSec;
        for (const [i, r] of medians.entries()) {
          if (i === 0) continue;
          const errors = rounds[i]!.reduce((n, x) => n + x.non2xx + x.errors, 0);
          if (errors) console.log(`  WARNING ${r.name}: ${errors} non-2xx or errors`);
          const perRound = rounds[i]!.map(
            (x, k) => `${((x.requestsPerSec / rounds[0]![k]!.requestsPerSec) * 100).toFixed(0)} %`,
          );
          note(
            `${r.name}`,
            `${r.requestsPerSec} req/s, p99 ${r.p99Ms} ms (${((r.requestsPerSec / base) * 100).toFixed(0)} % of hello world's ${base} req/s; rounds ${perRound.join(', ')})`,
          );
          const baseCpu = median(cpuPerRequest[0]!);
          const cpu = median(cpuPerRequest[i]!);
          if (baseCpu !== null && cpu !== null) {
            note(
              `${r.name}, server CPU a request`,
              `${cpu.toFixed(1)} µs (hello world: ${baseCpu.toFixed(1)} µs, ratio ${(baseCpu / cpu).toFixed(2)}; medians of ${cpuPerRequest[i]!.length} rounds)`,
            );
          }
        }
      } finally {
        await server.stop();
      }
    });
  } finally {
    hello.kill('SIGTERM');
    pinToCpus(process.pid, `0-${CPU_COUNT - 1}`);
  }
}

const median = (values: number[]): number | null =>
  values.length === 0 ? null : [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The round with the median throughput (its latencies with it). */
function medianResult(results: LoadResult[]): LoadResult {
  const sorted = [...results].sort((a, b) => a.requestsPerSec - b.requestsPerSec);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function random6(): Promise<void> {
  console.log('\n== random6 on PostgreSQL with 100,000 and 1,000,000 diamonds');
  const { runRandom6Explain } = await import('./random6-explain');
  const sizes = (process.env.BENCH_RANDOM6_SIZES ?? '100000,1000000').split(',').map(Number);
  const figures = await runRandom6Explain(pgUrl, sizes);
  console.table(figures);
  for (const size of sizes) {
    const rows = figures.filter((f) => f.rows === size);
    const worst = rows.reduce((a, b) => (b.p99Ms > a.p99Ms ? b : a), rows[0]!);
    note(
      `random6 query, ${size.toLocaleString('en')} diamonds`,
      `p50 ${Math.max(...rows.map((r) => r.p50Ms)).toFixed(2)} ms, worst p99 ${worst.p99Ms.toFixed(2)} ms (${worst.range}), seq scans: ${rows.some((r) => r.seqScan) ? 'YES' : 'none'}`,
    );
  }
}

async function lists(): Promise<void> {
  console.log('\n== clients list with 50,000 clients at 50 connections (PostgreSQL)');
  const { runListsBench } = await import('./lists-bench');
  const figures = await runListsBench({ url: pgUrl });
  console.table(figures.results);
  for (const r of figures.results) {
    const shape = r.targetRate ? 'open loop' : 'closed loop';
    note(
      `clients list, ${figures.clients} clients, ${figures.connections} connections, ${shape}: ${r.name}`,
      `${r.requestsPerSec} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms${r.senderLagMaxMs !== undefined ? `, sender lag max ${r.senderLagMaxMs} ms` : ''}${r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : ''}`,
    );
  }
}

async function products(): Promise<void> {
  console.log('\n== product price recomputation, 1,000 products');
  const { runProductsBench } = await import('./products-bench');
  const f = await runProductsBench(1000);
  note('pure pricing of 1,000 products (median wall / CPU)', `${f.pureMedianMs} ms / ${f.pureCpuMedianMs} ms`);
  note(
    `list API page of 100 with prices (${f.database}, median / p95)`,
    `${f.apiPageMedianMs} ms / ${f.apiPageP95Ms} ms`,
  );
  note('all 1,000 products through the API (10 pages)', `${f.apiAllPagesMs} ms`);

  const sheets = Number(process.env.BENCH_PRODUCT_SHEETS ?? 20_000);
  console.log(`\n== products list with ${sheets.toLocaleString('en')} sheets on PostgreSQL (plans and latency)`);
  const { runProductsExplain } = await import('./products-explain');
  const { figures } = await runProductsExplain(pgUrl, { sheets });
  console.table(figures);
  for (const x of figures) {
    note(
      `products list, ${sheets.toLocaleString('en')} sheets: ${x.case}`,
      `${x.access}; plan ${x.planMs} ms, ${x.buffers} buffers; route p50 ${x.routeP50Ms} ms, p95 ${x.routeP95Ms} ms${x.seqScan ? ' — SEQUENTIAL SCAN' : ''}`,
    );
  }
  if (figures.some((x) => x.seqScan)) throw new Error('a products list plan uses a sequential scan');
}

async function quotes(): Promise<void> {
  console.log('\n== quotes: 50-line pricing, and the list with 100,000 quotes at 50 connections (PostgreSQL)');
  const { runQuotesBench } = await import('./quotes-bench');
  const f = await runQuotesBench({ url: pgUrl });
  note('pricing a 50-line quote (target < 5 ms): median / p95', `${f.pricing.medianMs} ms / ${f.pricing.p95Ms} ms`);
  console.table(f.results);
  for (const r of f.results) {
    note(
      `quotes list, ${f.quotes.toLocaleString('en')} quotes, 50 connections: ${r.name} (target p99 < 20 ms)`,
      `${r.requestsPerSec} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms${r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : ''}`,
    );
  }
}

async function quotePdf(): Promise<void> {
  console.log('\n== quote PDF rendering, 50 lines');
  const { benchQuotePdf } = await import('./quote-pdf-bench');
  await benchQuotePdf(note);
}

async function diamondImport(): Promise<void> {
  const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000);
  console.log(`\n== diamond feed import, ${rows.toLocaleString('en')} RapNet-style rows`);
  const { runDiamondImportBench } = await import('./diamond-import-bench');
  for (const f of await runDiamondImportBench(rows)) {
    note(
      `feed import, ${f.rows.toLocaleString('en')} rows on ${f.database} (target peak RSS < 500 MB)`,
      `${f.status}, ${f.seconds} s, ${f.rowsPerSecond} rows/s, peak RSS ${f.peakRssMb} MB (${f.rssBeforeMb} MB before the import)`,
    );
  }
}

async function diamondSearch(): Promise<void> {
  console.log('\n== diamond catalogue search, PostgreSQL 1,000,000 stones and PGlite 100,000');
  const { runDiamondSearchBench } = await import('./diamond-search-bench');
  const figures = await runDiamondSearchBench(pgUrl);
  console.table(figures);
  for (const f of figures) {
    note(
      `diamond search, ${f.rows.toLocaleString('en')} stones on ${f.database}: ${f.case} (targets p95 < 50 ms, p99 at 20 < 100 ms)`,
      `p50 ${f.p50Ms} ms, p95 ${f.p95Ms} ms, p99 at 20 connections ${f.p99At20Ms} ms, ${f.total} matches, ${f.buffers} buffers${f.seqScan ? ' — SEQUENTIAL SCAN' : ''}`,
    );
  }
}

async function lighthouseScores(): Promise<void> {
  console.log('\n== Lighthouse on /auth and / (signed in), mobile and desktop');
  const { runLighthouse } = await import('./lighthouse');
  const server = await startAppServer();
  try {
    const figures = await runLighthouse(server.url, { runs: Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5) });
    console.table(figures.map(({ findings: _findings, ...row }) => row));
    for (const f of figures) {
      note(
        `Lighthouse ${f.formFactor} ${f.page} (targets: performance >= 95, accessibility 100)`,
        `performance ${f.performance} (runs ${f.runScores.join(', ')}), accessibility ${f.accessibility}, TBT ${f.tbtMs} ms, LCP ${f.lcpMs} ms, CLS ${f.cls}`,
      );
      if (f.performance < 95 || f.accessibility < 100) console.log(`  ${f.findings.join('\n  ')}`);
    }
  } finally {
    await server.stop();
  }
}

const sections: Array<[string, () => Promise<void>]> = [
  ['start', coldStart],
  ['memory', memoryUnderLoad],
  ['bundle', bundles],
  ['api', apiThroughput],
  ['random6', random6],
  ['lists', lists],
  ['products', products],
  ['lighthouse', lighthouseScores],
  ['quotes', quotes],
  ['pdf', quotePdf],
  ['diamond-import', diamondImport],
  ['diamond-search', diamondSearch],
];
/** Sections run only when BENCH_ONLY names them (too long for the default run). */
const optIn = new Set(['diamond-import', 'diamond-search']);

console.log(
  `Pricer Bijouterie benchmarks — load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, node ${process.version}`,
);
await ensureBuilt();
let failed = false;
for (const [name, run] of sections) {
  if (!wanted(name) || (optIn.has(name) && !only?.includes(name))) continue;
  try {
    await run();
  } catch (error) {
    failed = true;
    console.error(`  section ${name} failed: ${error instanceof Error ? error.stack : String(error)}`);
  }
}
console.log('\n== Summary');
console.table(summary);
process.exit(failed ? 1 : 0);
