import { gzipSync } from 'node:zlib';
import { and, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z, type ZodType, type ZodTypeDef } from 'zod';
import type { Area } from '@shared/access';
import { writeCsv } from '@shared/csv';
import {
  CONFLICT_MESSAGE,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  importRequestSchema,
  versionField,
  type ImportResult,
  type ImportRow,
  type ListQueryBase,
  type ListResponse,
} from '@shared/schemas/lists';
import type { Db } from '../db/client';
import { diffChanges, recordAudit } from '../audit/record-audit';
import { acceptsGzip } from '../http/accepts-gzip';
import { AppError, notFound, zodFieldErrors } from '../http/errors';
import { parseInput } from '../http/validate';
import { defineLimit, routeLimit } from '../http/rate-limits';
import { mapHeaders, type CsvColumn } from './csv-columns';
import { parseImportCsv } from './import-csv';
import { pgErrorCode, UNIQUE_VIOLATION } from './db-errors';
import { createListPageReader } from './list-page';
import { listOrder, listWhere, type ListColumns } from './list-query';
import { tableVersionReader } from './table-versions';
import { VersionedCache } from './versioned-cache';

/** A référentiel table: organization-scoped, searchable, versioned, archivable. */
export type ResourceTable = PgTable &
  ListColumns & {
    version: AnyPgColumn;
    updatedAt: AnyPgColumn;
  };

/** Anything with the columns read generically (each resource casts its own row type). */
export interface BaseRow {
  id: string;
  organizationId: string;
  version: number;
  archivedAt: Date | null;
}

type Tx = Db;

/** How one resource plugs into the shared list/CRUD/CSV machinery. */
export interface ResourceDefinition<Row extends BaseRow, Input, Dto, Query extends ListQueryBase, Ctx> {
  /** URL segment: /api/<path>. */
  path: string;
  /** Audit entity type. */
  entityType: string;
  area: Area;
  notFoundMessage: string;
  table: ResourceTable;
  inputSchema: ZodType<Input, ZodTypeDef, unknown>;
  listQuerySchema: ZodType<Query, ZodTypeDef, unknown>;
  sortColumns: Readonly<Record<string, AnyPgColumn | SQL>>;
  /** Conditions of the resource's own filter fields (only those: they key the prepared list queries). */
  filters(query: Query): Array<SQL | undefined>;
  /** Database values of an input (including `searchText`). */
  toValues(input: Input): Record<string, unknown>;
  /** Loads what answers need besides the rows (supplier names, FX rate…). */
  loadContext(db: Db, organizationId: string, rows: readonly Row[]): Promise<Ctx>;
  toDto(row: Row, ctx: Ctx): Dto;
  /**
   * Cache the list's answers under the table's version (ADR 0006). Only for a resource whose answers
   * depend on its own rows alone: `loadContext` reads nothing (no supplier names, no FX rate) and
   * `toDto` does not depend on the user or the clock.
   */
  cacheListAnswers?: boolean;
  /** Checks references (e.g. a supplier of the same organization); throws a 400 with field errors. */
  checkInput?(db: Db, organizationId: string, input: Input): Promise<void>;
  /** Extra values for a new record (e.g. the position of a production step). */
  beforeCreate?(db: Db, organizationId: string, values: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Extra values when a record is restored. */
  beforeRestore?(db: Db, organizationId: string, row: Row): Promise<Record<string, unknown>>;
  /** Extra fields of the create/update answer (e.g. duplicate warnings). */
  afterSave?(db: Db, organizationId: string, dto: Dto): Promise<Record<string, unknown>>;
  /** Extra fields of `GET /:id`. */
  detailExtras?(db: Db, organizationId: string, dto: Dto): Promise<Record<string, unknown>>;
  /** Unique constraints: name -> the field error to answer (409). */
  uniqueViolations?: Readonly<Record<string, { field: string; message: string }>>;
  csv: {
    filename: string;
    columns: ReadonlyArray<CsvColumn<Dto>>;
    /** CSV import enabled (clients, suppliers, stones). */
    importable: boolean;
    /** Resolves import-only cells (e.g. a supplier name to its id); returns field errors if any. */
    prepareImport?(
      db: Db,
      organizationId: string,
    ): Promise<(data: Record<string, unknown>) => { data: Record<string, unknown>; errors?: Record<string, string[]> }>;
  };
}

const idParams = z.object({ id: z.string() });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A malformed id cannot exist: 404 like any unknown id (never a database cast error). */
function idOf(request: FastifyRequest, message: string): string {
  const { id } = idParams.parse(request.params);
  if (!UUID.test(id)) throw notFound(message);
  return id.toLowerCase();
}

function orgOf(request: FastifyRequest): string {
  // The authorize hook guarantees a signed-in user on every non-public /api route.
  return request.user!.organizationId;
}

/** CSV imports per user, all référentiels together (imports are heavy). */
export const CSV_IMPORTS = defineLimit({
  name: 'csv-import',
  max: 20,
  windowMs: 10 * 60_000,
  key: (request) => request.user?.id ?? request.ip,
  message: 'Trop d’imports, réessayez dans quelques minutes',
});
const EXPORT_MAX_ROWS = 100_000;
const INSERT_CHUNK = 500;

function pick(source: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = source[k];
  return out;
}

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

/**
 * Registers the routes of a référentiel under /api/<path>: list, export.csv, get, create,
 * update (PUT and PATCH, with `version`), delete (archive), restore and, when enabled, import.
 */
export function registerResource<Row extends BaseRow, Input, Dto extends object, Query extends ListQueryBase, Ctx>(
  app: FastifyInstance,
  def: ResourceDefinition<Row, Input, Dto, Query, Ctx>,
): void {
  const base = `/api/${def.path}`;
  const read = { config: { access: { area: def.area, mode: 'read' as const } } };
  const write = { config: { access: { area: def.area, mode: 'write' as const } } };
  const t = def.table;
  // Pages and totals of the list (list-page.ts), and its answers when cacheable, all cached under
  // the version of the organization's rows that the database raises on every committed change
  // (table-versions.ts): read first on every list request, it makes every cached value current.
  const pages = createListPageReader<Row, Query>(app.db, def);
  const tableVersion = tableVersionReader(app.db, getTableName(t));
  // Kept as bytes, plain and gzipped: a hit sends them as they are.
  const answers = new VersionedCache<ListAnswer>({
    maxEntries: def.cacheListAnswers ? 5_000 : 0,
    maxWeight: app.config.listAnswerCacheMb * 1024 * 1024,
    weigh: (answer) => answer.plain.length + (answer.gzipped?.length ?? 0),
  });

  const dtoOf = async (db: Db, organizationId: string, row: Row): Promise<Dto> =>
    def.toDto(row, await def.loadContext(db, organizationId, [row]));

  async function findRow(db: Db, organizationId: string, id: string, forUpdate = false): Promise<Row | undefined> {
    const query = db
      .select()
      .from(t)
      .where(and(eq(t.id, id), eq(t.organizationId, organizationId)));
    const rows = (forUpdate ? await query.for('update') : await query) as unknown as Row[];
    return rows[0];
  }

  function mapUniqueViolation(error: unknown): never {
    const { code, constraint } = pgErrorCode(error);
    if (code === UNIQUE_VIOLATION) {
      const known = constraint ? def.uniqueViolations?.[constraint] : undefined;
      const first = known ?? Object.values(def.uniqueViolations ?? {})[0];
      if (first) throw new AppError('CONFLICT', first.message, { [first.field]: [first.message] });
      throw new AppError('CONFLICT', 'Cet enregistrement existe déjà');
    }
    throw error;
  }

  async function answer(db: Db, organizationId: string, row: Row): Promise<Record<string, unknown>> {
    const dto = await dtoOf(db, organizationId, row);
    const extras = def.afterSave ? await def.afterSave(db, organizationId, dto) : {};
    return { ...dto, ...extras };
  }

  // ---- list ----
  app.get(base, read, async (request, reply) => {
    const organizationId = orgOf(request);
    const query = parseInput(def.listQuerySchema, request.query);
    const version = await tableVersion(organizationId);
    // The parsed query (defaults filled in, keys in the schema's order) names the answer.
    const key = `${organizationId}|${JSON.stringify(query)}`;
    let body = answers.get(key, version);
    if (body === undefined) {
      const { rows, total, capped } = await pages.read(organizationId, query, version);
      const ctx = await def.loadContext(app.db, organizationId, rows);
      const response: ListResponse<Dto> = {
        items: rows.map((r) => def.toDto(r, ctx)),
        total,
        ...(capped ? { totalCapped: true } : {}),
        page: query.page,
        pageSize: query.pageSize,
      };
      body = listAnswer(JSON.stringify(response), answers.enabled);
      answers.set(key, version, body);
    }
    void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (body.gzipped && acceptsGzip(request.headers['accept-encoding'])) {
      return reply.header('content-encoding', 'gzip').send(body.gzipped);
    }
    return reply.send(body.plain);
  });

  // ---- CSV export (same filters as the list, every matching row) ----
  app.get(`${base}/export.csv`, read, async (request, reply: FastifyReply) => {
    const organizationId = orgOf(request);
    const query = parseInput(def.listQuerySchema, request.query);
    const where = listWhere(t, organizationId, query, def.filters(query));
    const rows = (await app.db
      .select()
      .from(t)
      .where(where)
      .orderBy(...listOrder(t, def.sortColumns, query))
      .limit(EXPORT_MAX_ROWS)) as unknown as Row[];
    const ctx = await def.loadContext(app.db, organizationId, rows);
    const columns = def.csv.columns;
    const body = writeCsv(
      columns.map((c) => c.header),
      rows.map((r) => {
        const dto = def.toDto(r, ctx);
        return columns.map((c) => c.value(dto));
      }),
    );
    const day = app.now().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${def.csv.filename}-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(body);
  });

  // ---- CSV import (preview with dryRun, then commit of the valid rows in one transaction) ----
  if (def.csv.importable) {
    app.post(
      `${base}/import`,
      { config: { ...write.config, rateLimit: routeLimit(CSV_IMPORTS) }, bodyLimit: IMPORT_MAX_BYTES * 2 + 4096 },
      async (request): Promise<ImportResult> => {
        const organizationId = orgOf(request);
        const body = parseInput(importRequestSchema, request.body);
        const parsed = parseImportCsv(body.csv);
        if (parsed.headers.length === 0) {
          throw new AppError('VALIDATION_FAILED', 'Données invalides', { csv: ['Le fichier CSV est vide'] });
        }
        if (parsed.records.length > IMPORT_MAX_ROWS) {
          throw new AppError('VALIDATION_FAILED', 'Données invalides', {
            csv: [`Trop de lignes (${IMPORT_MAX_ROWS} maximum)`],
          });
        }
        const { fields, ignored } = mapHeaders(parsed.headers, def.csv.columns);
        if (fields.every((f) => f === null)) {
          throw new AppError('VALIDATION_FAILED', 'Données invalides', {
            csv: ['Aucune colonne reconnue : vérifiez la ligne d’en-tête'],
          });
        }
        const prepare = def.csv.prepareImport ? await def.csv.prepareImport(app.db, organizationId) : null;
        const rows: ImportRow[] = [];
        const valid: Input[] = [];
        for (const record of parsed.records) {
          let data: Record<string, unknown> = {};
          fields.forEach((field, i) => {
            if (field) data[field] = (record.cells[i] ?? '').trim();
          });
          let errors: Record<string, string[]> = {};
          if (prepare) {
            const prepared = prepare(data);
            data = prepared.data;
            errors = { ...prepared.errors };
          }
          const result = def.inputSchema.safeParse(data);
          if (result.success && Object.keys(errors).length === 0) {
            valid.push(result.data);
            rows.push({ line: record.line, status: 'ok', data: result.data as Record<string, unknown> });
          } else {
            if (!result.success) {
              for (const [k, v] of Object.entries(zodFieldErrors(result.error)))
                errors[k] = [...(errors[k] ?? []), ...v];
            }
            rows.push({ line: record.line, status: 'error', errors, data });
          }
        }
        let imported = 0;
        if (!body.dryRun && valid.length > 0) {
          await app.db.transaction(async (tx) => {
            for (let i = 0; i < valid.length; i += INSERT_CHUNK) {
              const chunk = valid.slice(i, i + INSERT_CHUNK).map((input) => ({
                ...def.toValues(input),
                organizationId,
              }));
              await tx.insert(t).values(chunk as never);
            }
            imported = valid.length;
            await recordAudit(tx as unknown as Db, request, {
              action: 'import',
              entityType: def.entityType,
              changes: { imported, rejected: rows.length - valid.length, ignoredColumns: ignored },
            });
          });
        }
        return {
          total: rows.length,
          valid: valid.length,
          invalid: rows.length - valid.length,
          imported,
          dryRun: body.dryRun,
          ignoredColumns: ignored,
          rows,
        };
      },
    );
  }

  // ---- get one ----
  app.get(`${base}/:id`, read, async (request) => {
    const organizationId = orgOf(request);
    const row = await findRow(app.db, organizationId, idOf(request, def.notFoundMessage));
    if (!row) throw notFound(def.notFoundMessage);
    const dto = await dtoOf(app.db, organizationId, row);
    const extras = def.detailExtras ? await def.detailExtras(app.db, organizationId, dto) : {};
    return { ...dto, ...extras };
  });

  // ---- create ----
  app.post(base, write, async (request, reply) => {
    const organizationId = orgOf(request);
    const input = parseInput(def.inputSchema, request.body);
    const row = await app.db
      .transaction(async (txRaw) => {
        const tx = txRaw as unknown as Tx;
        if (def.checkInput) await def.checkInput(tx, organizationId, input);
        let values: Record<string, unknown> = { ...def.toValues(input), organizationId };
        if (def.beforeCreate) values = { ...values, ...(await def.beforeCreate(tx, organizationId, values)) };
        const [created] = (await tx
          .insert(t)
          .values(values as never)
          .returning()) as unknown as Row[];
        await recordAudit(tx, request, {
          action: 'create',
          entityType: def.entityType,
          entityId: created!.id,
          changes: input as Record<string, unknown>,
        });
        return created!;
      })
      .catch(mapUniqueViolation);
    return reply.status(201).send(await answer(app.db, organizationId, row));
  });

  // ---- update (PUT = whole record, PATCH = some fields; both carry `version`) ----
  const update = async (request: FastifyRequest) => {
    const organizationId = orgOf(request);
    const id = idOf(request, def.notFoundMessage);
    const raw = (request.body ?? {}) as Record<string, unknown>;
    if (typeof raw !== 'object' || Array.isArray(raw)) throw new AppError('VALIDATION_FAILED', 'Requête invalide');
    const { version } = parseInput(z.object({ version: versionField }), raw);
    const row = await app.db
      .transaction(async (txRaw) => {
        const tx = txRaw as unknown as Tx;
        const current = await findRow(tx, organizationId, id, true);
        if (!current) throw notFound(def.notFoundMessage);
        if (current.version !== version) throw new AppError('CONFLICT', CONFLICT_MESSAGE);
        const before = (await dtoOf(tx, organizationId, current)) as Record<string, unknown>;
        const patch = Object.fromEntries(Object.entries(raw).filter(([k, v]) => k !== 'version' && v !== undefined));
        const input = parseInput(def.inputSchema, { ...before, ...patch });
        if (def.checkInput) await def.checkInput(tx, organizationId, input);
        const [updated] = (await tx
          .update(t)
          .set({ ...def.toValues(input), version: sql`${t.version} + 1`, updatedAt: app.now() } as never)
          .where(and(eq(t.id, id), eq(t.organizationId, organizationId), eq(t.version, version)))
          .returning()) as unknown as Row[];
        if (!updated) throw new AppError('CONFLICT', CONFLICT_MESSAGE);
        const after = input as Record<string, unknown>;
        await recordAudit(tx, request, {
          action: 'update',
          entityType: def.entityType,
          entityId: id,
          changes: diffChanges(pick(before, Object.keys(after)), after),
        });
        return updated;
      })
      .catch(mapUniqueViolation);
    return answer(app.db, organizationId, row);
  };
  app.put(`${base}/:id`, write, update);
  app.patch(`${base}/:id`, write, update);

  // ---- archive / restore ----
  const setArchived = (archive: boolean) => async (request: FastifyRequest) => {
    const organizationId = orgOf(request);
    const id = idOf(request, def.notFoundMessage);
    const row = await app.db
      .transaction(async (txRaw) => {
        const tx = txRaw as unknown as Tx;
        const current = await findRow(tx, organizationId, id, true);
        if (!current) throw notFound(def.notFoundMessage);
        if (archive === (current.archivedAt !== null)) return current;
        const extra = !archive && def.beforeRestore ? await def.beforeRestore(tx, organizationId, current) : {};
        const [changed] = (await tx
          .update(t)
          .set({
            archivedAt: archive ? app.now() : null,
            version: sql`${t.version} + 1`,
            updatedAt: app.now(),
            ...extra,
          } as never)
          .where(and(eq(t.id, id), eq(t.organizationId, organizationId)))
          .returning()) as unknown as Row[];
        await recordAudit(tx, request, {
          action: archive ? 'archive' : 'restore',
          entityType: def.entityType,
          entityId: id,
        });
        return changed!;
      })
      .catch(mapUniqueViolation);
    return answer(app.db, organizationId, row);
  };
  app.delete(`${base}/:id`, write, setArchived(true));
  app.post(`${base}/:id/restore`, write, setArchived(false));
}
