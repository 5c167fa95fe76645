/**
 * The products list with 20,000 sheets on PostgreSQL: the default sort and the search must use
 * their indexes (migration 0042), never a sequential scan. Loads N sheets into one organization of a fresh
 * database (and a quarter as many into another, so the organization filter matters), then prints the
 * EXPLAIN (ANALYZE, BUFFERS) plan of each query the list runs (server/lists/list-page.ts builds them the same
 * way) and the latency of the real route, `GET /api/products`, through the app.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/products-explain.ts [20000]
 *
 * Exits with code 1 if a page or search plan contains a sequential scan. KEEP_DB=1 keeps the database.
 */
import { performance } from 'node:perf_hooks';
import { count, sql, type SQL } from 'drizzle-orm';
import { slugify } from '../shared/slug';
import { SEARCH_COUNT_CAP, type ArchiveFilter } from '../shared/schemas/lists';
import { PRODUCT_CATEGORIES, PRODUCT_CATEGORY_LABELS, type ProductCategory } from '../shared/schemas/products';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import { openDatabase, queryRows, type DatabaseHandle, type Db } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { organizations, products } from '../server/db/schema';
import { listColumns } from '../server/lists/list-page';
import { listOrder, listWhere } from '../server/lists/list-query';
import { productSearchText } from '../server/modules/products/product.repository';
import { createUser, TestClient, type TestApp } from '../server/test/harness';

export interface ProductsExplainFigure {
  case: string;
  /** Matching rows, counted up to SEARCH_COUNT_CAP + 1 like the list ("1001" = more than 1,000). */
  matches: number;
  /** 'direct' walks the sort index; 'fenced' finds the matches first, then sorts them (list-page.ts). */
  shape: 'direct' | 'fenced';
  seqScan: boolean;
  /** Plan nodes that read the table (index names), in order. */
  access: string;
  /** Execution time reported by EXPLAIN ANALYZE (ms). */
  planMs: number;
  /** Buffers (8 KB pages) the query touched. */
  buffers: number;
  /** `GET /api/products?…` through the app (including counting, pricing and JSON), median / p95 (ms). */
  routeP50Ms: number;
  routeP95Ms: number;
}

const METALS = ['or jaune 18kt', 'or blanc 18kt', 'or rose 18kt', 'platine 950', 'argent 925', 'or jaune 9kt'];
const STONES = [
  'saphir',
  'rubis',
  'émeraude',
  'diamant',
  'perle de culture',
  'topaze',
  'améthyste',
  'tourmaline',
  'aigue-marine',
  'grenat',
];
const STYLES = ['solitaire', 'pavée', 'vintage', 'torsadée', 'gravée', 'tressée', 'Art déco', 'jonc', 'trilogie'];
/** The word a generated sheet's name starts with: the category's label, "Parure" for "Autre". */
const CATEGORY_NAMES: Record<ProductCategory, string> = { ...PRODUCT_CATEGORY_LABELS, autre: 'Parure' };

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function loadSheets(db: Db, organizationId: string, total: number, archivedEvery: number): Promise<void> {
  for (let start = 0; start < total; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, total - start) }, (_, k) => {
      const i = start + k;
      const category = PRODUCT_CATEGORIES[i % PRODUCT_CATEGORIES.length]!;
      const name = `${CATEGORY_NAMES[category]} ${STYLES[(i >> 3) % STYLES.length]} ${METALS[i % METALS.length]} ${STONES[(i >> 1) % STONES.length]} n° ${i + 1}`;
      const fields = { name, slug: `${slugify(name)}-${i}`.slice(0, 80), category, description: '' };
      return {
        organizationId,
        ...fields,
        coefficientMetal: '2.5',
        coefficientStones: '2.2',
        coefficientLabour: '1.8',
        searchText: productSearchText(fields),
        // One sheet in `archivedEvery`, spread over every name, category and stone.
        archivedAt: i % archivedEvery === 7 ? new Date(Date.UTC(2025, 0, 1 + (i % 300))) : null,
      };
    });
    await db.insert(products).values(rows);
  }
}

interface ListCase {
  name: string;
  /** The query string of the route. */
  qs: string;
  q?: string;
  archived?: ArchiveFilter;
  category?: ProductCategory;
  sort?: 'name' | 'updatedAt';
  dir?: 'asc' | 'desc';
  offset?: number;
}

const CASES: readonly ListCase[] = [
  { name: 'default first page (name, active)', qs: '' },
  { name: 'default first page with live prices', qs: 'withPrices=true' },
  { name: 'page 2 by name, descending', qs: 'sort=name&dir=desc&page=2', dir: 'desc', offset: 25 },
  { name: 'search "saphir" (broad)', qs: 'q=saphir', q: 'saphir' },
  { name: 'search "emeraude torsadee"', qs: 'q=emeraude%20torsadee', q: 'emeraude torsadee' },
  { name: 'search one sheet "n° 12345"', qs: 'q=12345', q: '12345' },
  { name: 'category bague, by name', qs: 'category=bague', category: 'bague' },
  { name: '"Tous" (archived=all), by name', qs: 'archived=all', archived: 'all' },
  { name: '"Archivés" (archived=true), by name', qs: 'archived=true', archived: 'archived' },
  { name: 'recently modified (updatedAt desc)', qs: 'sort=updatedAt&dir=desc', sort: 'updatedAt', dir: 'desc' },
];

/** The page query the list runs for a case: 'fenced' for an exactly counted search, else 'direct'. */
function pageQuery(db: Db, organizationId: string, c: ListCase, fenced: boolean): SQL {
  const query = { q: c.q, archived: c.archived ?? 'active', sort: c.sort ?? 'name', dir: c.dir ?? 'asc' } as const;
  const filters = [c.category ? sql`${products.category} = ${c.category}` : undefined];
  const where = listWhere(products, organizationId, query, filters);
  const order = listOrder(products, { name: products.nameSort, updatedAt: products.updatedAt }, query);
  if (!fenced) {
    return db
      .select(listColumns(products))
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(25)
      .offset(c.offset ?? 0)
      .getSQL();
  }
  const matches = db
    .select()
    .from(products)
    .where(where)
    .limit(SEARCH_COUNT_CAP + 1)
    .as('products');
  return db
    .select(listColumns(products))
    .from(matches)
    .orderBy(...order)
    .limit(25)
    .offset(c.offset ?? 0)
    .getSQL();
}

async function explain(db: Db, query: SQL): Promise<string> {
  const rows = await queryRows<{ 'QUERY PLAN': string }>(db, sql`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query}`);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

function figureOf(plan: string): Pick<ProductsExplainFigure, 'seqScan' | 'access' | 'planMs' | 'buffers'> {
  const access = [
    ...plan.matchAll(
      /(Seq Scan|Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)?(?: using (\w+))? on (\w+)/g,
    ),
  ]
    .map((m) => (m[1] === 'Seq Scan' ? `Seq Scan on ${m[3]}` : `${m[1]} ${m[2] ?? ''}`.trim()))
    .join(', ');
  const buffers = [...plan.matchAll(/Buffers: shared hit=(\d+)(?: read=(\d+))?/g)]
    .slice(0, 1)
    .reduce((sum, m) => sum + Number(m[1]) + Number(m[2] ?? 0), 0);
  return {
    seqScan: /Seq Scan/.test(plan),
    access,
    planMs: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN),
    buffers,
  };
}

export async function runProductsExplain(
  serverUrl: string,
  options: { sheets?: number; iterations?: number; keep?: boolean } = {},
): Promise<{ figures: ProductsExplainFigure[]; countPlan: string }> {
  const sheets = options.sheets ?? 20_000;
  const name = 'pricer_bench_products';
  const admin = await openDatabase({ databaseUrl: serverUrl, poolSize: 1 });
  await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.exec(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle: DatabaseHandle = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  await migrate(handle);
  const config = testConfig();
  const app = await buildApp({ handle, config });
  await app.ready();
  const t: TestApp = { app, handle, config, close: async () => undefined };
  const figures: ProductsExplainFigure[] = [];
  let countPlan = '';
  try {
    const db = handle.db;
    const [org, other] = await db
      .insert(organizations)
      .values([
        { name: 'Bijouterie Bench', slug: 'bijouterie-bench' },
        { name: 'Autre Bijouterie', slug: 'autre-bijouterie' },
      ])
      .returning({ id: organizations.id });
    const started = performance.now();
    await loadSheets(db, org!.id, sheets, 20);
    await loadSheets(db, other!.id, Math.round(sheets / 4), 20);
    await handle.exec('VACUUM ANALYZE products');
    const [loaded] = await db.select({ n: count() }).from(products);
    console.log(`loaded ${loaded?.n} sheets in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const user = await createUser(t, { role: 'sales', organizationId: org!.id });
    const client = new TestClient(app);
    await client.login(user);

    countPlan = await explain(
      db,
      db
        .select({ n: count() })
        .from(products)
        .where(listWhere(products, org!.id, { archived: 'active' }))
        .getSQL(),
    );
    console.log(`\n--- count of the whole active list ---\n${countPlan}`);

    for (const c of CASES) {
      const where = listWhere(products, org!.id, { q: c.q, archived: c.archived ?? 'active' }, [
        c.category ? sql`${products.category} = ${c.category}` : undefined,
      ]);
      const [matches] = await db.select({ n: count() }).from(
        db
          .select({ one: sql`1` })
          .from(products)
          .where(where)
          .limit(SEARCH_COUNT_CAP + 1)
          .as('m'),
      );
      // Like list-page.ts: an exactly counted search with a word of 3+ letters is read matches first.
      const fenced = (matches?.n ?? 0) <= SEARCH_COUNT_CAP && (c.q ?? '').split(' ').some((w) => w.length >= 3);
      const plan = await explain(db, pageQuery(db, org!.id, c, fenced));
      console.log(
        `\n--- ${c.name} (${matches?.n ?? 0}${(matches?.n ?? 0) > SEARCH_COUNT_CAP ? '+' : ''} matches, ${fenced ? 'fenced' : 'direct'}) ---\n${plan}`,
      );
      const times: number[] = [];
      for (let i = 0; i < (options.iterations ?? 100); i++) {
        const t0 = performance.now();
        const res = await client.get(`/api/products?${c.qs}`);
        if (res.statusCode !== 200) throw new Error(`${c.qs}: ${res.statusCode} ${res.body}`);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const figure: ProductsExplainFigure = {
        case: c.name,
        matches: matches?.n ?? 0,
        shape: fenced ? 'fenced' : 'direct',
        ...figureOf(plan),
        routeP50Ms: Number(percentile(times, 50).toFixed(2)),
        routeP95Ms: Number(percentile(times, 95).toFixed(2)),
      };
      console.log(JSON.stringify(figure));
      figures.push(figure);
    }
  } finally {
    await app.close();
    await handle.close();
    if (!options.keep) await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
  return { figures, countPlan };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    console.error('Set TEST_DATABASE_URL (a PostgreSQL server; a database pricer_bench_products is created on it).');
    process.exit(2);
  }
  const { figures } = await runProductsExplain(url, {
    sheets: Number(process.argv[2] ?? 20_000),
    keep: process.env.KEEP_DB === '1',
  });
  console.log('\nSummary');
  console.table(figures);
  if (figures.some((f) => f.seqScan)) {
    console.error('A products list plan uses a sequential scan.');
    process.exit(1);
  }
}
