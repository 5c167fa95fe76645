import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z, type ZodType, type ZodTypeDef } from 'zod';
import type { Area } from '@shared/access';
import { CONFLICT_MESSAGE, versionField, type ImportMatch, type ListQueryBase } from '@shared/schemas/lists';
import type { Db } from '../db/client';
import { diffChanges, recordAudit } from '../audit/record-audit';
import { AppError, notFound } from '../http/errors';
import { parseInput } from '../http/validate';
import type { CsvColumn } from './csv-columns';
import { registerImportRoute } from './import-route';
import { pgErrorCode, UNIQUE_VIOLATION } from '../db/pg-errors';
import type { ListColumns } from './list-query';
import { registerListRoutes } from './list-routes';
import { uuidOr404 } from '../http/path-id';

/** A référentiel table: organization-scoped, searchable, versioned, archivable. */
export type ResourceTable = PgTable &
  ListColumns & {
    organizationId: AnyPgColumn;
    archivedAt: AnyPgColumn;
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
  /**
   * Runs in the transaction of a create or an update (PUT/PATCH), once the row is written, with the row
   * before (null on create) and after: rows that follow the record commit or roll back with it (a project's
   * timeline). `at` is the app's clock. Not run by CSV imports: registerResource refuses an importable
   * resource that has it.
   */
  afterWrite?(db: Db, request: FastifyRequest, change: ResourceWrite<Row>): Promise<void>;
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
    /**
     * The existing record each valid row of an import describes, or null for a new one (clients: same
     * e-mail, phone, or name and postal code). Such rows are skipped or update that record
     * (`onExisting`, import-route.ts). Without it every valid row is created.
     */
    matchExisting?(db: Db, organizationId: string, inputs: readonly Input[]): Promise<Array<ImportMatch | null>>;
    /** The name of a row's record in the import preview ("Mme Hélène Dupré"). */
    rowLabel?(input: Input): string;
  };
}

/** What `afterWrite` is told about a write. */
export interface ResourceWrite<Row> {
  action: 'create' | 'update';
  before: Row | null;
  after: Row;
  at: Date;
}

const idParams = z.object({ id: z.string() });
/** A malformed id cannot exist: 404 like any unknown id (never a database cast error). */
function idOf(request: FastifyRequest, message: string): string {
  const { id } = idParams.parse(request.params);
  return uuidOr404(id, message);
}

function orgOf(request: FastifyRequest): string {
  // The authorize hook guarantees a signed-in user on every non-public /api route.
  return request.user!.organizationId;
}

function pick(source: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = source[k];
  return out;
}

/**
 * Registers the routes of a référentiel under /api/<path>: list, export.csv, get, create,
 * update (PUT and PATCH, with `version`), delete (archive), restore and, when enabled, import.
 */
export function registerResource<Row extends BaseRow, Input, Dto extends object, Query extends ListQueryBase, Ctx>(
  app: FastifyInstance,
  def: ResourceDefinition<Row, Input, Dto, Query, Ctx>,
): void {
  if (def.afterWrite && def.csv.importable) {
    throw new Error(`resource ${def.path}: afterWrite is not run by CSV imports, the resource cannot be importable`);
  }
  const base = `/api/${def.path}`;
  const read = { config: { access: { area: def.area, mode: 'read' as const } } };
  const write = { config: { access: { area: def.area, mode: 'write' as const } } };
  const t = def.table;

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

  // ---- list and CSV export (list-routes.ts: the same for every list) ----
  registerListRoutes<Row, Dto, Query, Ctx>(app, {
    path: base,
    area: def.area,
    table: t,
    listQuerySchema: def.listQuerySchema,
    sortColumns: def.sortColumns,
    filters: (query) => def.filters(query),
    versioned: true,
    // Référentiel lists are read in the signed-in user's organization (the default scope).
    loadContext: (db, scope, rows) => def.loadContext(db, scope!, rows),
    toDto: (row, ctx) => def.toDto(row, ctx),
    cacheListAnswers: def.cacheListAnswers ?? false,
    csv: { filename: def.csv.filename, columns: def.csv.columns },
  });

  // ---- CSV import (import-route.ts: preview with dryRun, then one transaction; existing records skipped or updated) ----
  if (def.csv.importable) registerImportRoute(app, def, { path: base, mapWriteError: mapUniqueViolation });

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
        if (def.afterWrite) {
          await def.afterWrite(tx, request, { action: 'create', before: null, after: created!, at: app.now() });
        }
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
        if (def.afterWrite) {
          await def.afterWrite(tx, request, { action: 'update', before: current, after: updated, at: app.now() });
        }
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
