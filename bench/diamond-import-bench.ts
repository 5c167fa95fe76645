/**
 * Supplier feed import at aggregator size: writes a RapNet-style CSV of BENCH_IMPORT_ROWS stones (1,000,000 by
 * default) to a temporary file as a stream, imports it with `importFeed` (batches of 1,000) and prints rows/s,
 * the duration and the peak RSS of the importing process (process.memoryUsage().rss every 100 ms; target
 * < 500 MB). Each database runs in its own child process, so one import's memory does not count in the other's:
 * - PGlite, in a temporary data directory on disk;
 * - PostgreSQL, in a new database on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/
 *   postgres), dropped afterwards; BENCH_IMPORT_DATABASES=pglite (or postgres) runs one only.
 *
 *   npx tsx bench/diamond-import-bench.ts
 *   BENCH_IMPORT_ROWS=100000 npx tsx bench/diamond-import-bench.ts
 *
 * `npm run bench` runs it only when asked (section `diamond-import`, several minutes):
 *   BENCH_ONLY=diamond-import npm run bench
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mulberry32 } from '../shared/seeded-random';
import { openDatabase, queryRows, type DatabaseHandle } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { diamondFeeds, organizations } from '../server/db/schema';
import { importFeed, type ImportReport } from '../server/modules/diamonds/feed/feed-import';
import { sql } from 'drizzle-orm';

export interface DiamondImportFigures {
  database: 'pglite' | 'postgres';
  rows: number;
  fileMb: number;
  seconds: number;
  rowsPerSecond: number;
  /** RSS of the importing process with its database open, right before the import. */
  rssBeforeMb: number;
  peakRssMb: number;
  status: ImportReport['status'];
  accepted: number;
  rejected: number;
  added: number;
  catalogueRows: number;
  error: string | null;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHAPES = ['B', 'RB', 'RD', 'PS', 'EC', 'PR', 'AS', 'CU', 'HS', 'OV', 'RAD', 'MQ'];
const COLORS = ['D', 'E', 'F', 'G', 'H', 'I', 'J', 'K'];
const CLARITIES = ['IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2', 'I1'];
const GRADES = ['EX', 'VG', 'G', 'Excellent', 'Very Good'];
const FLUO = ['NON', 'FNT', 'MED', 'STG'];
const LABS = ['GIA', 'IGI', 'HRD'];
const CITIES = [
  ['New York', 'New York', 'USA'],
  ['Antwerp', '', 'Belgium'],
  ['Mumbai', 'Maharashtra', 'India'],
  ['Ramat Gan', '', 'Israel'],
] as const;

/** Writes `rows` RapNet-style stones to `file`, chunk by chunk (waits for the disk: memory stays flat). */
export async function writeRapnetCsv(file: string, rows: number): Promise<void> {
  const rng = mulberry32(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rng() * list.length)]!;
  const out = createWriteStream(file);
  out.write(
    'Stock #,Availability,Shape,Weight,Color,Clarity,Cut Grade,Polish,Symmetry,Fluorescence Intensity,Measurements,Lab,Certificate #,RapNet Price,RapNet Discount %,Depth %,Table %,City,State,Country,Diamond Image\n',
  );
  let chunk = '';
  for (let i = 1; i <= rows; i++) {
    const carat = (0.3 + rng() * 2.7).toFixed(2);
    const d = (4.3 + Number(carat) * 2).toFixed(2);
    const [city, state, country] = pick(CITIES);
    chunk +=
      `S${String(i).padStart(8, '0')},${rng() < 0.9 ? 'G' : 'M'},${pick(SHAPES)},${carat},${pick(COLORS)},` +
      `${pick(CLARITIES)},${pick(GRADES)},${pick(GRADES)},${pick(GRADES)},${pick(FLUO)},${d} x ${d} x 3.10,` +
      `${pick(LABS)},${1_000_000_000 + i},${(1500 + Math.floor(rng() * 20000)).toString()},` +
      `-${(rng() * 50).toFixed(2)},${(58 + rng() * 6).toFixed(1)},${(54 + rng() * 6).toFixed(0)},` +
      `${city},${state},${country},https://img.example.com/${i}.jpg\n`;
    if (i % 2000 === 0) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}

/** One import into a fresh database, in this process (the child's work). */
async function importOnce(
  database: 'pglite' | 'postgres',
  file: string,
  rows: number,
  dataDir: string,
): Promise<DiamondImportFigures> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  let handle: DatabaseHandle | undefined;
  let admin: DatabaseHandle | undefined;
  const dbName = `pricer_bench_import_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  try {
    if (database === 'postgres') {
      const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
      admin = await openDatabase({ databaseUrl: base, poolSize: 1 });
      await admin.exec(`CREATE DATABASE ${dbName}`);
      const url = new URL(base);
      url.pathname = `/${dbName}`;
      handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    } else {
      handle = await openDatabase({ dataDir });
    }
    await migrate(handle);
    const db = handle.db;
    const [org] = await db
      .insert(organizations)
      .values({ name: 'Bench', slug: `bench-${randomUUID().slice(0, 8)}` })
      .returning({ id: organizations.id });
    const [feed] = await db
      .insert(diamondFeeds)
      .values({ organizationId: org!.id, name: 'RapNet bench', kind: 'upload', markup: '1.2' })
      .returning();
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const report = await importFeed(db, {
      organizationId: org!.id,
      feed: { ...feed!, columnMapping: null },
      source: createReadStream(file, { highWaterMark: 256 * 1024 }),
      usdToEur: '0.9234',
      now: new Date(),
      batchSize: 1000,
    });
    const seconds = (performance.now() - started) / 1000;
    const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM diamonds`);
    return {
      database,
      rows,
      fileMb: Math.round(statSync(file).size / 1024 / 1024),
      seconds: Math.round(seconds * 10) / 10,
      rowsPerSecond: Math.round(report.rowsRead / seconds),
      rssBeforeMb: Math.round(rssBefore / 1024 / 1024),
      peakRssMb: Math.round(peak / 1024 / 1024),
      status: report.status,
      accepted: report.rowsAccepted,
      rejected: report.rowsRejected,
      added: report.added,
      catalogueRows: count?.n ?? 0,
      error: report.error,
    };
  } finally {
    clearInterval(sampler);
    await handle?.close();
    if (admin) {
      await admin.exec(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.close();
    }
  }
}

/** Creates and migrates the PGlite database (its initdb is not part of an import's memory). */
async function preparePglite(dataDir: string): Promise<void> {
  const handle = await openDatabase({ dataDir });
  await migrate(handle);
  await handle.close();
}

/** Runs one import in a child process and answers its figures. */
function inChild(args: string[]): Promise<DiamondImportFigures | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'bench/diamond-import-bench.ts'), ...args],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (data: Buffer) => {
      output += data.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = output.split('\n').find((l) => l.startsWith('FIGURES '));
      if (code !== 0) reject(new Error(`${args.join(' ')} exited with code ${String(code)}: ${output.slice(-2000)}`));
      else resolve(line ? (JSON.parse(line.slice('FIGURES '.length)) as DiamondImportFigures) : null);
    });
  });
}

export async function runDiamondImportBench(
  rows = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000),
  databases: ReadonlyArray<'pglite' | 'postgres'> = (process.env.BENCH_IMPORT_DATABASES?.split(',') ?? [
    'pglite',
    'postgres',
  ]) as Array<'pglite' | 'postgres'>,
): Promise<DiamondImportFigures[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pricer-feed-'));
  const file = path.join(dir, 'rapnet.csv');
  try {
    const written = performance.now();
    await writeRapnetCsv(file, rows);
    console.log(
      `  ${rows.toLocaleString('en')} rows written (${Math.round(statSync(file).size / 1024 / 1024)} MB) in ${((performance.now() - written) / 1000).toFixed(1)} s`,
    );
    const figures: DiamondImportFigures[] = [];
    for (const database of databases) {
      const dataDir = path.join(dir, `pglite-${database}`);
      if (database === 'pglite') await inChild(['--prepare', dataDir]);
      const figure = await inChild(['--child', database, file, String(rows), dataDir]);
      if (figure) figures.push(figure);
    }
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv[2] === '--prepare') {
    await preparePglite(process.argv[3]!);
    process.exit(0);
  } else if (process.argv[2] === '--child') {
    const [, , , database, file, rows, dataDir] = process.argv;
    const figures = await importOnce(database === 'postgres' ? 'postgres' : 'pglite', file!, Number(rows), dataDir!);
    console.log(`FIGURES ${JSON.stringify(figures)}`);
    process.exit(0);
  } else {
    console.table(await runDiamondImportBench());
  }
}
