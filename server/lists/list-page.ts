/**
 * Reads one page of a list and its total (ADR 0006). Used by list-routes.ts for every list.
 *
 * - Queries are built once per shape with placeholders (prepared-queries.ts).
 * - A search or a filter is counted up to SEARCH_COUNT_CAP; the whole list exactly. Totals are
 *   cached under the version of the organization's table (versioned-cache.ts, migration 0032),
 *   which the caller reads first: a total is never stale.
 * - Only the columns answers need are read (`listColumns`): not `search_text` nor the sort keys.
 * - Page shapes:
 *   - 'fenced': a search with few matches (exactly counted, a word of 3+ characters, which the
 *     trigram index serves): the matches are found first, then sorted. Otherwise PostgreSQL may
 *     walk the sort index and filter row by row, which is slow when the few matches sit far down
 *     that index. (Reading the page and counting in one query was tried: for a broad search it
 *     materialises 1,001 whole rows, 11-23 ms instead of 4 for the capped count.)
 *   - 'direct': walk the sort index (many matches find a page quickly).
 *   - 'deferred': from DEFERRED_JOIN_OFFSET on, the page's ids come from the sort index alone (an
 *     index-only scan: skipping 5,000 index entries costs ~2 ms, skipping 5,000 table rows ~25 ms
 *     on the bench machine), then those rows are fetched.
 *   - 'reverse': past the middle of an exactly counted list, the ids are read from the other end
 *     of the index (offset counted from the end), so the last page costs what the first does.
 */
import { and, eq, getTableColumns, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { SEARCH_COUNT_CAP, type ListQueryBase } from '@shared/schemas/lists';
import type { Db } from '../db/client';
import {
  listOrder,
  listWhereTemplate,
  listWhereValues,
  searchWords,
  type ListColumns,
  type ListScope,
} from './list-query';
import { PreparedQueries } from './prepared-queries';
import { VersionedCache } from './versioned-cache';

const DEFERRED_JOIN_OFFSET = 500;

type PageShape = 'direct' | 'fenced' | 'deferred' | 'reverse';

interface Count {
  total: number;
  capped: boolean;
}

export interface ListPage<Row> {
  rows: Row[];
  /** Exact, or SEARCH_COUNT_CAP when `capped`. */
  total: number;
  capped: boolean;
}

/** The columns (or expressions) a list page reads. */
export type PageColumns = Record<string, AnyPgColumn | SQL>;

export interface ListPageSource<Query extends ListQueryBase> {
  table: PgTable & ListColumns;
  sortColumns: Readonly<Record<string, AnyPgColumn | SQL>>;
  /** Conditions of the resource's own filter fields (only those: they key the prepared queries). */
  filters(query: Query): Array<SQL | undefined>;
  /**
   * What `filters` read besides the query, e.g. today's date in Paris for the quotes' "expiré":
   * it keys the prepared queries, the cached totals and the cached answers, so that nothing built
   * or counted for yesterday is used today. Absent when the filters depend on the query alone.
   */
  filterContext?(): string;
  /**
   * What a page reads; default `listColumns(table)`. A list names its columns when the table holds
   * what answers never need (the users' password hashes, the journal's stacks).
   */
  columns?: PageColumns;
}

/**
 * The columns of a list page: all but `search_text` and the stored sort keys (`…Sort`), which only
 * the WHERE and ORDER BY use. Parsing them cost the server CPU on every row.
 */
export function listColumns(t: PgTable): Record<string, AnyPgColumn> {
  return Object.fromEntries(
    Object.entries(getTableColumns(t)).filter(([key]) => key !== 'searchText' && !key.endsWith('Sort')),
  );
}

/** A word of 3+ characters: the trigram index can find the matches. */
function fenceable(words: readonly string[]): boolean {
  return words.some((w) => w.length >= 3);
}

function pageShape(words: readonly string[], count: Count, offset: number): PageShape {
  if (!count.capped && fenceable(words)) return 'fenced';
  if (offset < DEFERRED_JOIN_OFFSET) return 'direct';
  return !count.capped && offset < count.total && offset > count.total / 2 ? 'reverse' : 'deferred';
}

/** Limit and offset of a page, counted from the end of the list for a 'reverse' page. */
function pageWindow(shape: PageShape, total: number, offset: number, pageSize: number) {
  if (shape !== 'reverse') return { limit: pageSize, offset };
  return { limit: Math.min(pageSize, total - offset), offset: Math.max(0, total - offset - pageSize) };
}

function countOf(counted: number, narrowed: boolean): Count {
  return narrowed && counted > SEARCH_COUNT_CAP
    ? { total: SEARCH_COUNT_CAP, capped: true }
    : { total: counted, capped: false };
}

/**
 * `prepare('')` keeps the built SQL text on the Node side only: an unnamed statement, parsed and
 * planned by PostgreSQL on every run with the real values (no generic plan, nothing left on the
 * server's connections).
 */
function preparePage(
  db: Db,
  t: PgTable & ListColumns,
  columns: PageColumns,
  where: SQL,
  order: { normal: SQL[]; reversed: SQL[] },
  shape: Exclude<PageShape, 'fenced'>,
  scoped: boolean,
) {
  const limit = sql.placeholder('limit');
  const offset = sql.placeholder('offset');
  if (shape === 'direct') {
    return db
      .select(columns)
      .from(t)
      .where(where)
      .orderBy(...order.normal)
      .limit(limit)
      .offset(offset)
      .prepare('');
  }
  const pageIds = db
    .select({ id: t.id })
    .from(t)
    .where(where)
    .orderBy(...(shape === 'reverse' ? order.reversed : order.normal))
    .limit(limit)
    .offset(offset);
  return db
    .select(columns)
    .from(t)
    .where(
      and(
        scoped && t.organizationId ? eq(t.organizationId, sql.placeholder('organizationId')) : undefined,
        inArray(t.id, pageIds),
      ),
    )
    .orderBy(...order.normal)
    .prepare('');
}

/**
 * The fenced page: the matches (at most SEARCH_COUNT_CAP, the count said so) in a subquery aliased
 * with the table's own name, so the sort expressions resolve to it; its LIMIT also keeps it from
 * being flattened into the outer query.
 */
function prepareFenced(db: Db, t: PgTable & ListColumns, columns: PageColumns, where: SQL, order: SQL[]) {
  const matches = db
    .select()
    .from(t)
    .where(where)
    .limit(SEARCH_COUNT_CAP + 1)
    .as(getTableName(t));
  // The table's columns resolve to the subquery, which bears the table's name.
  return db
    .select(columns)
    .from(matches)
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('');
}

/** count(*) of the WHERE; of its first SEARCH_COUNT_CAP + 1 matches only when `capped`. */
function prepareCount(db: Db, t: PgTable & ListColumns, where: SQL, capped: boolean) {
  if (!capped) {
    return db
      .select({ total: sql<number>`count(*)::int` })
      .from(t)
      .where(where)
      .prepare('');
  }
  const matches = db
    .select({ one: sql`1` })
    .from(t)
    .where(where)
    .limit(SEARCH_COUNT_CAP + 1)
    .as('matches');
  return db
    .select({ total: sql<number>`count(*)::int` })
    .from(matches)
    .prepare('');
}

export interface ListPageReader<Row, Query extends ListQueryBase> {
  /**
   * `scope`: the organization whose rows are read, or null for every organization's.
   * `version`: the table's version for the organization (table-versions.ts), read before this call;
   * null for a table without version triggers (nothing is then cached).
   */
  read(scope: ListScope, query: Query, version: number | null): Promise<ListPage<Row>>;
}

export function createListPageReader<Row, Query extends ListQueryBase>(
  db: Db,
  source: ListPageSource<Query>,
): ListPageReader<Row, Query> {
  const t = source.table;
  const columns = source.columns ?? listColumns(t);
  const counts = new VersionedCache<number>({ maxEntries: 20_000 });
  const countsInFlight = new Map<string, Promise<number>>();
  const pageQueries = new PreparedQueries<ReturnType<typeof preparePage>>();
  const fencedQueries = new PreparedQueries<ReturnType<typeof prepareFenced>>();
  const countQueries = new PreparedQueries<ReturnType<typeof prepareCount>>();

  async function read(scope: ListScope, query: Query, version: number | null): Promise<ListPage<Row>> {
    const { q, page, pageSize, sort, dir, ...filterShape } = query;
    const context = source.filterContext?.() ?? '';
    const words = searchWords(q);
    const filters = source.filters(query);
    const scoped = scope !== null;
    // A search or a filter is counted up to SEARCH_COUNT_CAP; the whole list is counted exactly.
    const narrowed = words.length > 0 || filters.some((f) => f !== undefined);
    const template = () => listWhereTemplate(t, query.archived, words, filters, scoped);
    const whereValues = listWhereValues(scope, words);
    const order = () => ({
      normal: listOrder(t, source.sortColumns, { sort, dir }),
      reversed: listOrder(t, source.sortColumns, { sort, dir: dir === 'asc' ? 'desc' : 'asc' }),
    });
    const offset = (page - 1) * pageSize;
    // Prepared query keys: every value written into the SQL text; the total depends on the WHERE only.
    const whereKey = JSON.stringify([filterShape, context, words.length, scoped]);
    const countKey = `${scope ?? '*'}|${JSON.stringify([filterShape, context, q ?? ''])}`;
    const runPage = (shape: Exclude<PageShape, 'fenced'>, count: Count) =>
      pageQueries
        .get(`${whereKey}|${sort}|${dir}|${shape}`, () =>
          preparePage(db, t, columns, template(), order(), shape, scoped),
        )
        .execute({ ...whereValues, ...pageWindow(shape, count.total, offset, pageSize) }) as unknown as Promise<Row[]>;
    const countNow = () => countMatches({ countKey, version, whereKey, whereValues, template, narrowed });

    let counted = version === null ? undefined : counts.get(countKey, version);
    if (counted === undefined && !fenceable(words) && offset < DEFERRED_JOIN_OFFSET) {
      // The page is 'direct' whatever the total: count and read it at once, on two connections.
      const [n, rows] = await Promise.all([countNow(), runPage('direct', { total: 0, capped: false })]);
      return { rows, ...countOf(n, narrowed) };
    }
    if (counted === undefined) counted = await countNow();
    const count = countOf(counted, narrowed);
    const shape = pageShape(words, count, offset);
    if (shape === 'fenced') {
      const fenced = fencedQueries.get(`${whereKey}|${sort}|${dir}`, () =>
        prepareFenced(db, t, columns, template(), order().normal),
      );
      const rows = (await fenced.execute({ ...whereValues, limit: pageSize, offset })) as unknown as Row[];
      return { rows, ...count };
    }
    return { rows: await runPage(shape, count), ...count };
  }

  /** The (capped) count, shared by concurrent requests for the same total (single flight). */
  function countMatches(c: {
    countKey: string;
    version: number | null;
    whereKey: string;
    whereValues: Record<string, string>;
    template: () => SQL;
    narrowed: boolean;
  }): Promise<number> {
    const { countKey, version, whereKey, whereValues, template, narrowed } = c;
    // `narrowed` follows from the WHERE, so whereKey also keys the count query.
    const countQuery = countQueries.get(whereKey, () => prepareCount(db, t, template(), narrowed));
    const run = () =>
      (countQuery.execute(whereValues) as Promise<Array<{ total: number }>>).then((r) => r[0]?.total ?? 0);
    // Without a version, a count started before this request may miss a write it must see: count anew.
    if (version === null) return run();
    const flightKey = `${version}|${countKey}`;
    const inFlight = countsInFlight.get(flightKey);
    if (inFlight) return inFlight;
    const flight = run()
      .then((n) => {
        counts.set(countKey, version, n);
        return n;
      })
      .finally(() => countsInFlight.delete(flightKey));
    countsInFlight.set(flightKey, flight);
    return flight;
  }

  return { read };
}
