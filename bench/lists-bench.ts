/**
 * List endpoint latency with 50,000 clients in one organization (ADR 0006, target p99 < 20 ms at
 * 50 connections on PostgreSQL). Creates its own database on BENCH_DATABASE_URL's server
 * (default postgres://postgres@127.0.0.1:5432/postgres), seeds it, starts the built app in its own
 * process (NODE_ENV=production), signs in over HTTP, loads `GET /api/clients` with autocannon from
 * this process, prints the figures and drops the database.
 *
 *   npx tsx bench/lists-bench.ts            # BENCH_CLIENTS=50000 BENCH_DURATION_S=10 by default
 *
 * Scenarios, all at BENCH_CONNECTIONS (50) connections:
 * - closed loop (each connection sends again as soon as it is answered: the machine's saturation):
 *   0 is a baseline, `GET /api/user` (session lookup only, no list), to tell the machine's limit
 *   from the list's own cost; 1-6 hammer one URL each; 7 is the mixed workload (`mixedClientPaths`);
 * - open loop (open-loop.ts: arrivals at a fixed average rate, Poisson gaps, over the same
 *   connections): 8-13 are the URLs of 1-6 at BENCH_SINGLE_RATE (200) req/s, then the mixed
 *   workload at each of BENCH_RATES (default 50,100,200 req/s);
 * - the mixed workload again, closed loop then open loop at BENCH_RATES, on a second server with
 *   the list answer cache turned off (LIST_ANSWER_CACHE_MB=0): every request reads its page from
 *   PostgreSQL (totals stay cached under the table's version).
 * Requests carry what a browser sends: the session cookie and `Accept-Encoding: gzip, …`. With the
 * answer cache on, a URL asked again is a cache hit until the clients change, so rows 1-6 measure
 * hits; the mixed workload asks ~5 % of first-time URLs (random pages, new searches).
 * Other variables: BENCH_SCENARIOS=0,2 (run some scenarios only), BENCH_KEEP_DB=1 (keep the seeded
 * database; its name is printed) and BENCH_REUSE_DB=<name> (measure again on a kept database, no
 * seeding). `npm run bench` calls `runListsBench()`.
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { clientInputSchema } from '../shared/schemas/clients';
import { openDatabase, type DatabaseHandle } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { clients } from '../server/db/schema';
import { clientValues } from '../server/modules/clients/clients.resource';
import { startAppServer, type AppServer } from '../tests/e2e/app-server';
import { ensureBuilt, seedBenchOrganization, signedInCookie } from './app-session';
import { load, type LoadResult } from './load';
import { openLoop } from './open-loop';

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

/** Mobile numbers look like real ones: 06 and 8 random digits (not a sequence sharing its trigrams). */
function mobileOf(i: number): string {
  return `06${String(pseudoRandom(i, 5) % 100_000_000).padStart(8, '0')}`;
}

export interface ListsBenchFigures {
  clients: number;
  connections: number;
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
    // Fresh statistics and visibility map, as autovacuum would leave them on a live database.
    await handle.exec('VACUUM ANALYZE clients');
    return await measure(dbUrl.toString(), password, { count, seedSeconds, durationS, connections });
  } finally {
    await handle.close();
    if (keep) console.log(`database kept: BENCH_REUSE_DB=${name}`);
    else await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
}

async function seed(handle: DatabaseHandle, count: number, password: string): Promise<number> {
  const organizationId = await seedBenchOrganization(handle, password);

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
        phoneMobile: mobileOf(i),
        city,
        postalCode,
        tags: i % 5 === 0 ? [TAGS[i % TAGS.length]!] : [],
        status: i % 4 === 0 ? 'prospect' : 'client',
      });
      rows.push({ ...clientValues(input, now), organizationId });
    }
    await handle.db.insert(clients).values(rows);
  }
  return Math.round((Date.now() - seedStart) / 100) / 10;
}

/** Pseudo-random draws for the mixed workload (seeded: every run asks the same sequence). */
function drawer(seed: number): (n: number) => number {
  let i = 0;
  return (n) => pseudoRandom(i++, seed) % n;
}

const SEARCHES = [
  ...FIRST.map((f) => f.toLowerCase()),
  ...LAST.map((l) => l.toLowerCase()),
  ...CITIES.map(([city]) => city),
  'helene dupont',
  'dupont martin',
  'lyon martin',
  'mar',
  'client4242',
  'client123',
  // A whole number and the start of one, as typed from a caller's display.
  mobileOf(4242),
  mobileOf(777).slice(0, 7),
  '75008',
  'fiancailles',
];
const SORTS = ['lastName', 'firstName', 'company', 'city', 'email', 'createdAt', 'updatedAt'];

/**
 * A day at the shop's back office, as paths of `GET /api/clients`: half browsing (any sort and
 * direction; 85 % one of the first 5 pages, 10 % any page, 5 % the last page), a third searching (names, cities,
 * e-mails, phone numbers, one or two words, accents left out), the rest filtering by tag, status and
 * kind. Seeded, so that every run asks the same sequence.
 */
export function mixedClientPaths(count: number, seed = 7): () => string {
  const draw = drawer(seed);
  const lastPage = Math.max(1, Math.ceil(count / 25));
  return () => {
    const kind = draw(100);
    const params = new URLSearchParams();
    if (kind < 50) {
      params.set('sort', SORTS[draw(SORTS.length)]!);
      if (draw(2)) params.set('dir', 'desc');
      const where = draw(100);
      params.set('page', String(where < 85 ? 1 + draw(5) : where < 95 ? 1 + draw(lastPage) : lastPage));
    } else if (kind < 85) {
      params.set('q', SEARCHES[draw(SEARCHES.length)]!);
      if (draw(5) === 0) params.set('page', '2');
    } else {
      params.set('tag', TAGS[draw(TAGS.length)]!);
      if (draw(2)) params.set('status', draw(2) ? 'client' : 'prospect');
      if (draw(3) === 0) params.set('kind', 'particulier');
      params.set('page', String(1 + draw(3)));
    }
    return `/api/clients?${params.toString()}`;
  };
}

/**
 * Measures the built app (dist/server/main.js, NODE_ENV=production) in its own process, so the
 * load generator does not share the server's event loop, signed in over HTTP like a browser.
 */
async function measure(
  databaseUrl: string,
  password: string,
  o: { count: number; seedSeconds: number; durationS: number; connections: number },
): Promise<ListsBenchFigures> {
  const { count, seedSeconds, durationS, connections } = o;
  await ensureBuilt();
  // The second server, with the list answer cache turned off, is started when a scenario needs it.
  const start = (listAnswerCacheMb: string) =>
    startAppServer({
      env: {
        NODE_ENV: 'production',
        SESSION_SECRET: randomUUID() + randomUUID(),
        COOKIE_SECURE: 'false',
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'warn',
        LIST_ANSWER_CACHE_MB: listAnswerCacheMb,
      },
    });
  const server = await start('32');
  let uncachedServer: { server: AppServer; headers: Record<string, string> } | undefined;
  try {
    // What a browser sends: its session cookie, and that it takes gzip.
    const signedIn = async (url: string) => ({
      cookie: await signedInCookie(url, 'bench', password),
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    const headers = await signedIn(server.url);
    const uncached = async () => {
      if (!uncachedServer) {
        const s = await start('0');
        uncachedServer = { server: s, headers: await signedIn(s.url) };
        await load('warm-up', `${s.url}/api/clients`, {
          connections: 10,
          durationS: 3,
          headers: uncachedServer.headers,
          nextPath: mixedClientPaths(count, 1),
        });
      }
      return uncachedServer;
    };
    const base = `${server.url}/api/clients`;
    const only = process.env.BENCH_SCENARIOS?.split(',').map(Number);
    const rates = (process.env.BENCH_RATES ?? '50,100,200').split(',').map(Number);
    const singleRate = Number(process.env.BENCH_SINGLE_RATE ?? 200);
    type Scenario = [string, () => Promise<LoadResult>];
    const closed = (label: string, url: string, nextPath?: () => string): Scenario => [
      label,
      () => load(label, url, { connections, durationS, headers, ...(nextPath ? { nextPath } : {}) }),
    ];
    const open = (label: string, rate: number, nextPath: () => string): Scenario => [
      `${label}, open loop ${rate} req/s`,
      () =>
        openLoop(`${label}, open loop ${rate} req/s`, server.url, {
          rate,
          durationS,
          connections,
          headers,
          nextPath,
          seed: rate,
        }),
    ];
    const noCache = 'mixed workload, answer cache off';
    const uncachedScenarios: Scenario[] = [
      [
        noCache,
        async () => {
          const u = await uncached();
          return load(noCache, `${u.server.url}/api/clients`, {
            connections,
            durationS,
            headers: u.headers,
            nextPath: mixedClientPaths(count),
          });
        },
      ],
      ...rates.map((rate): Scenario => {
        const label = `${noCache}, open loop ${rate} req/s`;
        return [
          label,
          async () => {
            const u = await uncached();
            return openLoop(label, u.server.url, {
              rate,
              durationS,
              connections,
              headers: u.headers,
              nextPath: mixedClientPaths(count, rate),
              seed: rate,
            });
          },
        ];
      }),
    ];
    const singles: Array<[string, string]> = [
      ['first page, default sort', '/api/clients?page=1'],
      ['page 200, sort by city desc', '/api/clients?page=200&sort=city&dir=desc'],
      ['search "helene" (accent-insensitive), page 2', '/api/clients?q=helene&page=2'],
      ['search "dupont martin", page 1', '/api/clients?q=dupont%20martin&page=1'],
      ['search "client4242" (one match)', '/api/clients?q=client4242'],
      ['filter tag=vip + status=client', '/api/clients?tag=vip&status=client'],
    ];
    const all: Scenario[] = [
      closed('baseline: GET /api/user (session lookup only)', `${server.url}/api/user`),
      ...singles.map(([label, path]) => closed(label, `${server.url}${path}`)),
      closed('mixed workload', base, mixedClientPaths(count)),
      ...singles.map(([label, path]) => open(label, singleRate, () => path)),
      ...rates.map((rate) => open('mixed workload', rate, mixedClientPaths(count, rate))),
      ...uncachedScenarios,
    ];
    const scenarios = only ? all.filter((_, i) => only.includes(i)) : all;
    // Warm-up (plans, connections, JIT).
    await load('warm-up', base, { connections: 10, durationS: 3, headers, nextPath: mixedClientPaths(count, 1) });
    const results: LoadResult[] = [];
    let openWarm = false;
    for (const [label, run] of scenarios) {
      if (!openWarm && label.includes('open loop')) {
        // The open-loop generator's own warm-up: its first seconds (JIT) would count as server latency.
        await openLoop('warm-up', server.url, {
          rate: 100,
          durationS: 3,
          connections,
          headers,
          nextPath: mixedClientPaths(count, 2),
        });
        openWarm = true;
      }
      results.push(await run());
    }
    return { clients: count, seedSeconds, connections, results };
  } finally {
    await server.stop();
    await uncachedServer?.server.stop();
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
      'p90 ms': r.p90Ms,
      'p99 ms': r.p99Ms,
      'max ms': r.maxMs,
      non2xx: r.non2xx,
      errors: r.errors,
      'sender lag max ms': r.senderLagMaxMs ?? '',
    })),
  );
}
