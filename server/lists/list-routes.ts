/**
 * The two read routes of every list (ADR 0006, README.md): `GET <path>` (one page and its total) and
 * `GET <path>/export.csv` (every matching row, in the French CSV format of `shared/csv-format.ts`).
 * Used by the référentiels (resource.ts), products, users, the error journal and the superadmin's
 * organizations: one query shape (`listQuerySchema`), one search (`search_text`), one archive filter
 * (`archived=false|true|all`), one answer shape, one CSV writer.
 */
import { gzipSync } from 'node:zlib';
import { getTableName, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType, ZodTypeDef } from 'zod';
import type { Area } from '@shared/access';
import { writeCsv } from '@shared/csv';
import { parisDay } from '@shared/csv-format';
import type { ListQueryBase, ListResponse } from '@shared/schemas/lists';
import type { Db } from '../db/client';
import { acceptsGzip } from '../http/accepts-gzip';
import { unauthenticated } from '../http/errors';
import { parseInput } from '../http/validate';
import { csvRow, type CsvColumn } from './csv-columns';
import { createListPageReader, listColumns, type PageColumns } from './list-page';
import { listOrder, listWhere, type ListColumns, type ListScope } from './list-query';
import { tableVersionReader } from './table-versions';
import { VersionedCache } from './versioned-cache';

/** What a list loads besides its rows is for a page (`export: false`) or for the CSV file. */
export interface ListContextUse<Query> {
  query: Query;
  export: boolean;
}

/** How one list plugs into the shared list routes. */
export interface ListDefinition<Row, Dto, Query extends ListQueryBase, Ctx> {
  /** URL of the list: `GET <path>` and `GET <path>/export.csv`. */
  path: string;
  /** Matrix area read by both routes (shared/access.ts). */
  area: Area;
  table: PgTable & ListColumns;
  /** What a row holds; default every column but `search_text` and the sort keys (list-page.ts). */
  columns?: PageColumns;
  listQuerySchema: ZodType<Query, ZodTypeDef, unknown>;
  /** Whitelisted sorts; each should be served by an index (ADR 0006). */
  sortColumns: Readonly<Record<string, AnyPgColumn | SQL>>;
  /** Conditions of the list's own filter fields (only those: they key the prepared list queries). */
  filters(query: Query): Array<SQL | undefined>;
  /** What `filters` (and `toDto`) read besides the query and the rows, e.g. the day (list-page.ts). */
  filterContext?(): string;
  /**
   * Whose rows the request reads: by default the signed-in user's organization; null for every
   * organization's (superadmin lists). May throw (403) for a scope the user may not read.
   */
  scope?(request: FastifyRequest, query: Query): ListScope;
  /**
   * The table carries the `list_version` triggers (migration 0032): totals and, with
   * `cacheListAnswers`, whole answers are cached under the organization's version. Tables without
   * them (users, journal, organizations) count on every request.
   */
  versioned: boolean;
  /** Loads what answers need besides the rows (supplier names, FX rate, photos, live prices…). */
  loadContext(db: Db, scope: ListScope, rows: readonly Row[], use: ListContextUse<Query>): Promise<Ctx>;
  toDto(row: Row, ctx: Ctx): Dto;
  /**
   * Cache the list's answers under the table's version (ADR 0006). Only for a versioned list whose
   * answers depend on its own rows alone: `loadContext` reads nothing (no supplier names, no FX rate)
   * and `toDto` does not depend on the user, nor on the clock except through `filterContext`.
   */
  cacheListAnswers?: boolean;
  csv: {
    /** File name without the date: `<filename>-YYYY-MM-DD.csv` (the day in Paris). */
    filename: string;
    columns: ReadonlyArray<CsvColumn<Dto>>;
    /** Rows in one export (default 100,000). */
    maxRows?: number;
  };
}

/** Rows in one CSV export unless the list says fewer (ADR 0006: exports are not capped at 1,000). */
export const EXPORT_MAX_ROWS = 100_000;

/** A list answer as sent: its JSON bytes, and gzipped when that is worth it (a 25-client page: 14 KB -> 2 KB). */
interface ListAnswer {
  plain: Buffer;
  gzipped?: Buffer;
}

const GZIP_MIN_BYTES = 1024;

/** Gzipped only when it will be cached: ~0.1 ms for a page, paid once and not on every request. */
function listAnswer(json: string, cached: boolean): ListAnswer {
  const plain = Buffer.from(json);
  return !cached || plain.length < GZIP_MIN_BYTES ? { plain } : { plain, gzipped: gzipSync(plain, { level: 6 }) };
}

/** The signed-in user's organization (the authorize hook guarantees a user on every non-public /api route). */
export function organizationScope(request: FastifyRequest): ListScope {
  if (!request.user) throw unauthenticated();
  return request.user.organizationId;
}

/** The CSV document of some rows: French headers, each cell in its column's format (`csvRow`). */
export function csvDocument<Dto>(columns: ReadonlyArray<CsvColumn<Dto>>, dtos: readonly Dto[]): string {
  return writeCsv(
    columns.map((c) => c.header),
    dtos.map((dto) => csvRow(columns, dto)),
  );
}

/** Sends a CSV file as a download named `<filename>-<day in Paris>.csv`. */
export function sendCsv(app: FastifyInstance, reply: FastifyReply, filename: string, body: string): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}-${parisDay(app.now())}.csv"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/** Registers `GET <path>` and `GET <path>/export.csv` of a list. */
export function registerListRoutes<Row, Dto extends object, Query extends ListQueryBase, Ctx>(
  app: FastifyInstance,
  def: ListDefinition<Row, Dto, Query, Ctx>,
): void {
  const read = { config: { access: { area: def.area, mode: 'read' as const } } };
  const t = def.table;
  const scopeOf = (request: FastifyRequest, query: Query): ListScope =>
    def.scope ? def.scope(request, query) : organizationScope(request);
  // Pages and totals of the list (list-page.ts), and its answers when cacheable, all cached under
  // the version of the organization's rows that the database raises on every committed change
  // (table-versions.ts): read first on every list request, it makes every cached value current.
  const pages = createListPageReader<Row, Query>(app.db, def);
  const tableVersion = def.versioned ? tableVersionReader(app.db, getTableName(t)) : null;
  // Kept as bytes, plain and gzipped: a hit sends them as they are.
  const answers = new VersionedCache<ListAnswer>({
    maxEntries: def.cacheListAnswers && def.versioned ? 5_000 : 0,
    maxWeight: app.config.listAnswerCacheMb * 1024 * 1024,
    weigh: (answer) => answer.plain.length + (answer.gzipped?.length ?? 0),
  });

  app.get(def.path, read, async (request, reply) => {
    const query = parseInput(def.listQuerySchema, request.query);
    const scope = scopeOf(request, query);
    // The version is read before anything it validates (table-versions.ts); a scope of every
    // organization has no single version: nothing is cached then.
    const version = tableVersion && scope !== null ? await tableVersion(scope) : null;
    // The parsed query (defaults filled in, keys in the schema's order) and what else the filters
    // read (the day, for quotes) name the answer.
    const key = `${scope}|${def.filterContext?.() ?? ''}|${JSON.stringify(query)}`;
    let body = version === null ? undefined : answers.get(key, version);
    if (body === undefined) {
      const { rows, total, capped } = await pages.read(scope, query, version);
      const ctx = await def.loadContext(app.db, scope, rows, { query, export: false });
      const response: ListResponse<Dto> = {
        items: rows.map((r) => def.toDto(r, ctx)),
        total,
        ...(capped ? { totalCapped: true } : {}),
        page: query.page,
        pageSize: query.pageSize,
      };
      body = listAnswer(JSON.stringify(response), answers.enabled && version !== null);
      if (version !== null) answers.set(key, version, body);
    }
    void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (body.gzipped && acceptsGzip(request.headers['accept-encoding'])) {
      return reply.header('content-encoding', 'gzip').send(body.gzipped);
    }
    return reply.send(body.plain);
  });

  // Same filters and order as the list, every matching row (page and pageSize are ignored).
  app.get(`${def.path}/export.csv`, read, async (request, reply) => {
    const query = parseInput(def.listQuerySchema, request.query);
    const scope = scopeOf(request, query);
    const rows = (await app.db
      .select(def.columns ?? listColumns(t))
      .from(t)
      .where(listWhere(t, scope, query, def.filters(query)))
      .orderBy(...listOrder(t, def.sortColumns, query))
      .limit(def.csv.maxRows ?? EXPORT_MAX_ROWS)) as unknown as Row[];
    const ctx = await def.loadContext(app.db, scope, rows, { query, export: true });
    const body = csvDocument(
      def.csv.columns,
      rows.map((r) => def.toDto(r, ctx)),
    );
    return sendCsv(app, reply, def.csv.filename, body);
  });
}
