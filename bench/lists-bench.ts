/**
 * List endpoint latency with 50,000 clients in one organization (issue 4, target p99 < 20 ms at
 * 50 connections on PostgreSQL). Creates its own database on BENCH_DATABASE_URL's server
 * (default postgres://postgres@127.0.0.1:5432/postgres), seeds it, starts the app on a free port,
 * signs in, loads `GET /api/clients` with autocannon, prints the figures and drops the database.
 *
 *   npx tsx bench/lists-bench.ts            # BENCH_CLIENTS=50000 BENCH_DURATION_S=10 by default
 *
 * Other variables: BENCH_CONNECTIONS (50), BENCH_SCENARIOS=0,2 (run some scenarios only),
 * BENCH_KEEP_DB=1 (keep the seeded database; its name is printed) and BENCH_REUSE_DB=<name>
 * (measure again on a kept database, no seeding). Scenario 0 is a baseline: `GET /api/user`
 * (session lookup only), to tell the machine's limit from the list's own cost.
 * The lead's bench/run.ts can call `runListsBench()`.
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { clientInputSchema } from '../shared/schemas/clients';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import { openDatabase, type DatabaseHandle } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { clients, organizations, users } from '../server/db/schema';
import { hashPassword } from '../server/modules/auth/password';
import { clientValues } from '../server/modules/clients/clients.resource';
import { TestClient } from '../server/test/harness';
import { load, type LoadResult } from './load';

const FIRST = [
  'Hélène',
  'François',
  'Chloé',
  'Étienne',
  'Amélie',
  'Léo',
  'Inès',
  'Noël',
  'Zoé',
  'Gaël',
  'Jean',
  'Marie',
  'Pierre',
  'Anne',
  'Louis',
  'Camille',
  'Hugo',
  'Léa',
  'Lucas',
  'Manon',
];
const LAST = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefèvre',
  'Michel',
  'Garcia',
  'David',
  'Bertrand',
  'Roux',
  'Vincent',
  'Fournier',
  'Morel',
  'Girard',
  'André',
  'Lefebvre',
  'Mercier',
  'Dupont',
  'Lambert',
  'Bonnet',
  'François',
  'Martinez',
];
const CITIES = [
  ['Paris', '75008'],
  ['Lyon', '69002'],
  ['Marseille', '13006'],
  ['Toulouse', '31000'],
  ['Nice', '06000'],
  ['Nantes', '44000'],
  ['Strasbourg', '67000'],
  ['Montpellier', '34000'],
  ['Bordeaux', '33000'],
  ['Lille', '59000'],
] as const;
const TAGS = ['vip', 'mariage', 'fiançailles', 'anniversaire', 'réparation'];

/** Deterministic, uncorrelated pseudo-random draws (names independent of insertion order and of each other). */
function pseudoRandom(i: number, salt: number): number {
  let x = (i + 1) * 2654435761 + salt * 40503;
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  return (x ^ (x >>> 16)) >>> 0;
}

export interface ListsBenchFigures {
  clients: number;
  seedSeconds: number;
  results: LoadResult[];
}

export async function runListsBench(
  options: { url?: string; count?: number; durationS?: number; connections?: number } = {},
): Promise<ListsBenchFigures> {
  const serverUrl = options.url ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const count = options.count ?? Number(process.env.BENCH_CLIENTS ?? 50_000);
  const durationS = options.durationS ?? Number(process.env.BENCH_DURATION_S ?? 10);
  const connections = options.connections ?? Number(process.env.BENCH_CONNECTIONS ?? 50);
  // BENCH_REUSE_DB=<name>: run against a database a previous run kept (BENCH_KEEP_DB=1), no seeding.
  const reuse = process.env.BENCH_REUSE_DB;
  const keep = reuse !== undefined || process.env.BENCH_KEEP_DB === '1';
  const name = reuse ?? `pricer_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = await openDatabase({ databaseUrl: serverUrl, poolSize: 1 });
  if (!reuse) await admin.exec(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 20 });
  try {
    await migrate(handle);
    const password = 'bench-password-1';
    let seedSeconds = 0;
    if (!reuse) seedSeconds = await seed(handle, count, password);
    return await measure(handle, dbUrl.toString(), password, { count, seedSeconds, durationS, connections });
  } finally {
    await handle.close();
    if (keep) console.log(`database kept: BENCH_REUSE_DB=${name}`);
    else await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
}

async function seed(handle: DatabaseHandle, count: number, password: string): Promise<number> {
  const [org] = await handle.db
    .insert(organizations)
    .values({ name: 'Bijouterie Bench', slug: `bench-${randomUUID().slice(0, 8)}` })
    .returning({ id: organizations.id });
  const organizationId = org!.id;
  await handle.db.insert(users).values({
    organizationId,
    username: 'bench',
    email: 'bench@example.test',
    firstName: 'Bench',
    lastName: 'User',
    role: 'sales',
    passwordHash: await hashPassword(password),
  });

  const seedStart = Date.now();
  const now = new Date();
  for (let start = 0; start < count; start += 1000) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + 1000); i++) {
      const [city, postalCode] = CITIES[pseudoRandom(i, 4) % CITIES.length]!;
      const firstName = FIRST[pseudoRandom(i, 1) % FIRST.length]!;
      const lastName = `${LAST[pseudoRandom(i, 2) % LAST.length]!}${i % 3 === 0 ? '' : `-${LAST[pseudoRandom(i, 3) % LAST.length]!}`}`;
      const input = clientInputSchema.parse({
        civility: i % 2 ? 'M.' : 'Mme',
        firstName,
        lastName,
        email: `client${i}@example.fr`,
        phoneMobile: `06${String(10_000_000 + i).slice(-8)}`,
        city,
        postalCode,
        tags: i % 5 === 0 ? [TAGS[i % TAGS.length]!] : [],
        status: i % 4 === 0 ? 'prospect' : 'client',
      });
      rows.push({ ...clientValues(input, now), organizationId });
    }
    await handle.db.insert(clients).values(rows);
  }
  await handle.exec('VACUUM ANALYZE clients');
  return Math.round((Date.now() - seedStart) / 100) / 10;
}

async function measure(
  handle: DatabaseHandle,
  databaseUrl: string,
  password: string,
  o: { count: number; seedSeconds: number; durationS: number; connections: number },
): Promise<ListsBenchFigures> {
  const { count, seedSeconds, durationS, connections } = o;
  const app = await buildApp({ handle, config: testConfig({ databaseUrl, logLevel: 'silent' }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const client = new TestClient(app);
    await client.login({ username: 'bench', password });
    const headers = { cookie: client.cookie };
    const base = `http://127.0.0.1:${port}/api/clients`;
    const only = process.env.BENCH_SCENARIOS?.split(',').map(Number);
    const all: Array<[string, string]> = [
      ['baseline: GET /api/user (session lookup only)', `http://127.0.0.1:${port}/api/user`],
      ['clients: first page, default sort', `${base}?page=1`],
      ['clients: page 200, sort by city desc', `${base}?page=200&sort=city&dir=desc`],
      ['clients: search "helene" (accent-insensitive), page 2', `${base}?q=helene&page=2`],
      ['clients: search "dupont martin", page 1', `${base}?q=dupont%20martin&page=1`],
      ['clients: search "client4242" (one match)', `${base}?q=client4242`],
      ['clients: filter tag=vip + status=client', `${base}?tag=vip&status=client`],
    ];
    const scenarios = only ? all.filter((_, i) => only.includes(i)) : all;
    // Warm-up (plans, connections).
    await load('warm-up', `${base}?q=helene`, { connections: 10, durationS: 2, headers });
    const results: LoadResult[] = [];
    for (const [label, url] of scenarios) {
      results.push(await load(label, url, { connections, durationS, headers }));
    }
    return { clients: count, seedSeconds, results };
  } finally {
    await app.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await runListsBench();
  console.log(`\n${figures.clients} clients seeded in ${figures.seedSeconds} s (PostgreSQL)`);
  console.table(
    figures.results.map((r) => ({
      scenario: r.name,
      'req/s': r.requestsPerSec,
      'p50 ms': r.p50Ms,
      'p99 ms': r.p99Ms,
      non2xx: r.non2xx,
      errors: r.errors,
    })),
  );
}
