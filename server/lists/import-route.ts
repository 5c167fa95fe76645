/**
 * `POST /api/<path>/import` of a référentiel (README.md): a CSV file read with the resource's columns,
 * previewed (`dryRun`), then committed in ONE transaction with its audit rows. Rows describing a record
 * already there (`csv.matchExisting`: clients by e-mail, phone, or name and postal code) are skipped or
 * update that record, as the request chooses for the whole file (`onExisting`).
 */
import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  importRequestSchema,
  type ImportExistingAction,
  type ImportMatch,
  type ImportResult,
  type ImportRow,
  type ListQueryBase,
} from '@shared/schemas/lists';
import type { Db } from '../db/client';
import { diffChanges, recordAudit, recordAudits } from '../audit/record-audit';
import { AppError, zodFieldErrors } from '../http/errors';
import { defineLimit, routeLimit } from '../http/rate-limits';
import { parseInput } from '../http/validate';
import { mapHeaders } from './csv-columns';
import { parseImportCsv } from './import-csv';
import type { BaseRow, ResourceDefinition } from './resource';

/** CSV imports per user, all référentiels together (imports are heavy). */
export const CSV_IMPORTS = defineLimit({
  name: 'csv-import',
  max: 20,
  windowMs: 10 * 60_000,
  key: (request) => request.user?.id ?? request.ip,
  message: 'Trop d’imports, réessayez dans quelques minutes',
});
const INSERT_CHUNK = 500;
/** Records per UPDATE statement: one statement per chunk, not one per record (5,000 PATCHes cost a minute). */
const UPDATE_CHUNK = 500;
/** Ids per `WHERE id IN (…)` when reading matched records. */
const READ_CHUNK = 1000;

function csvError(message: string): AppError {
  return new AppError('VALIDATION_FAILED', 'Données invalides', { csv: [message] });
}

/** A valid row of the file: its preview entry, its input, and the cells it gave (after `prepareImport`). */
interface Candidate<Input> {
  row: ImportRow;
  input: Input;
  cells: Record<string, unknown>;
}

interface Update<Input> {
  id: string;
  input: Input;
  changes: Record<string, { from: unknown; to: unknown }>;
}

interface Plan<Input> {
  creates: Input[];
  updates: Array<Update<Input>>;
}

/** The file's cells that say something: an empty cell keeps the stored value on update. */
function filledCells(cells: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(cells).filter(([, v]) => v !== '' && v !== null && v !== undefined));
}

function mergeErrors(into: Record<string, string[]>, more: Record<string, string[]>): Record<string, string[]> {
  for (const [k, v] of Object.entries(more)) into[k] = [...(into[k] ?? []), ...v];
  return into;
}

export function registerImportRoute<Row extends BaseRow, Input, Dto extends object, Query extends ListQueryBase, Ctx>(
  app: FastifyInstance,
  def: ResourceDefinition<Row, Input, Dto, Query, Ctx>,
  options: { path: string; mapWriteError(error: unknown): never },
): void {
  const t = def.table;
  const tableColumns = getTableColumns(t);
  const headerOf = new Map<string, string>();
  for (const c of def.csv.columns) if (c.field && !headerOf.has(c.field)) headerOf.set(c.field, c.header);

  /** The matched records, locked when the import commits (nobody changes them between merge and write). */
  async function loadRows(db: Db, organizationId: string, ids: readonly string[], lock: boolean) {
    const byId = new Map<string, Row>();
    for (let i = 0; i < ids.length; i += READ_CHUNK) {
      const query = db
        .select()
        .from(t)
        .where(and(eq(t.organizationId, organizationId), inArray(t.id, ids.slice(i, i + READ_CHUNK))));
      const rows = (lock ? await query.for('update') : await query) as unknown as Row[];
      for (const r of rows) byId.set(r.id, r);
    }
    return byId;
  }

  /**
   * Writes `values` (from `toValues`, the same keys for every record) over the records of `ids`, with
   * version + 1, in one statement: the values travel as one JSON parameter read by jsonb_to_recordset
   * with each column's own SQL type (arrays, dates, numerics, jsonb).
   */
  async function updateMany(
    db: Db,
    organizationId: string,
    updates: ReadonlyArray<{ id: string; values: Record<string, unknown> }>,
  ) {
    const first = updates[0];
    if (!first) return;
    const keys = Object.keys(first.values);
    const columns = keys.map((key) => {
      const column = tableColumns[key];
      if (!column) throw new Error(`${def.path}: toValues() gives ${key}, which is not a column`);
      return column;
    });
    const recordType = sql.join(
      [sql`id uuid`, ...columns.map((c) => sql`${sql.identifier(c.name)} ${sql.raw(c.getSQLType())}`)],
      sql`, `,
    );
    const assignments: SQL[] = columns.map((c) => sql`${sql.identifier(c.name)} = v.${sql.identifier(c.name)}`);
    const records = updates.map((u) => ({
      id: u.id,
      ...Object.fromEntries(columns.map((c, i) => [c.name, u.values[keys[i]!] ?? null])),
    }));
    const name = (column: { name: string }) => sql.identifier(column.name);
    await db.execute(
      sql`UPDATE ${t} AS t SET ${sql.join(assignments, sql`, `)},
          ${name(t.version)} = t.${name(t.version)} + 1, ${name(t.updatedAt)} = ${app.now()}
        FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS v(${recordType})
        WHERE t.${name(t.id)} = v.id AND t.${name(t.organizationId)} = ${organizationId}`,
    );
  }

  /**
   * Decides each valid row's action, on `db` (the transaction when committing): matches, then for a
   * matched row the file's filled cells merged over the record and validated as a whole, as PATCH does.
   */
  async function plan(
    db: Db,
    organizationId: string,
    candidates: Array<Candidate<Input>>,
    onExisting: ImportExistingAction,
    lock: boolean,
  ): Promise<Plan<Input>> {
    const matches: Array<ImportMatch | null> = def.csv.matchExisting
      ? await def.csv.matchExisting(
          db,
          organizationId,
          candidates.map((c) => c.input),
        )
      : candidates.map(() => null);
    const ids = [...new Set(matches.filter((m): m is ImportMatch => m !== null).map((m) => m.id))];
    const existing = ids.length ? await loadRows(db, organizationId, ids, lock) : new Map<string, Row>();
    const ctx = await def.loadContext(db, organizationId, [...existing.values()]);
    const result: Plan<Input> = { creates: [], updates: [] };
    const claimedBy = new Map<string, number>();
    candidates.forEach((c, i) => {
      const match = matches[i];
      const record = match ? existing.get(match.id) : undefined;
      if (!match || !record) {
        c.row.action = 'create';
        result.creates.push(c.input);
        return;
      }
      c.row.match = match;
      const before = def.toDto(record, ctx) as Record<string, unknown>;
      const merged = def.inputSchema.safeParse({ ...before, ...filledCells(c.cells) });
      const after = merged.success ? (merged.data as Record<string, unknown>) : null;
      const changes = after
        ? diffChanges(Object.fromEntries(Object.keys(after).map((k) => [k, before[k]])), after)
        : {};
      c.row.changes = Object.keys(changes).map((field) => headerOf.get(field) ?? field);
      if (onExisting === 'skip') {
        c.row.action = 'skip';
        return;
      }
      const earlier = claimedBy.get(match.id);
      if (!merged.success || earlier !== undefined) {
        c.row.status = 'error';
        delete c.row.action;
        c.row.errors = merged.success
          ? { match: [`Même fiche que la ligne ${earlier} du fichier : elle n’est mise à jour qu’une fois`] }
          : zodFieldErrors(merged.error);
        return;
      }
      claimedBy.set(match.id, c.row.line);
      if (Object.keys(changes).length === 0) {
        c.row.action = 'unchanged';
        return;
      }
      c.row.action = 'update';
      result.updates.push({ id: match.id, input: merged.data, changes });
    });
    return result;
  }

  app.post(
    `${options.path}/import`,
    {
      config: { access: { area: def.area, mode: 'write' }, rateLimit: routeLimit(CSV_IMPORTS) },
      bodyLimit: IMPORT_MAX_BYTES * 2 + 4096,
    },
    async (request: FastifyRequest): Promise<ImportResult> => {
      // The authorize hook guarantees a signed-in user on every non-public /api route.
      const organizationId = request.user!.organizationId;
      const body = parseInput(importRequestSchema, request.body);
      const parsed = parseImportCsv(body.csv);
      if (parsed.headers.length === 0) throw csvError('Le fichier CSV est vide');
      if (parsed.records.length > IMPORT_MAX_ROWS) throw csvError(`Trop de lignes (${IMPORT_MAX_ROWS} maximum)`);
      const { fields, ignored } = mapHeaders(parsed.headers, def.csv.columns);
      if (fields.every((f) => f === null)) throw csvError('Aucune colonne reconnue : vérifiez la ligne d’en-tête');

      const prepare = def.csv.prepareImport ? await def.csv.prepareImport(app.db, organizationId) : null;
      const rows: ImportRow[] = [];
      const candidates: Array<Candidate<Input>> = [];
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
          const row: ImportRow = { line: record.line, status: 'ok', data: result.data as Record<string, unknown> };
          if (def.csv.rowLabel) row.label = def.csv.rowLabel(result.data);
          rows.push(row);
          candidates.push({ row, input: result.data, cells: data });
        } else {
          if (!result.success) mergeErrors(errors, zodFieldErrors(result.error));
          rows.push({ line: record.line, status: 'error', errors, data });
        }
      }

      let imported = 0;
      if (body.dryRun) {
        await plan(app.db, organizationId, candidates, body.onExisting, false);
      } else if (candidates.length > 0) {
        await app.db
          .transaction(async (txRaw) => {
            const tx = txRaw as unknown as Db;
            const { creates, updates } = await plan(tx, organizationId, candidates, body.onExisting, true);
            for (let i = 0; i < creates.length; i += INSERT_CHUNK) {
              const chunk = creates
                .slice(i, i + INSERT_CHUNK)
                .map((input) => ({ ...def.toValues(input), organizationId }));
              await tx.insert(t).values(chunk as never);
            }
            for (let i = 0; i < updates.length; i += UPDATE_CHUNK) {
              const chunk = updates.slice(i, i + UPDATE_CHUNK);
              await updateMany(
                tx,
                organizationId,
                chunk.map((u) => ({ id: u.id, values: def.toValues(u.input) })),
              );
              await recordAudits(
                tx,
                request,
                chunk.map((u) => ({
                  action: 'update',
                  entityType: def.entityType,
                  entityId: u.id,
                  changes: u.changes,
                })),
              );
            }
            imported = creates.length + updates.length;
            const counts = countActions(rows);
            await recordAudit(tx, request, {
              action: 'import',
              entityType: def.entityType,
              changes: {
                imported,
                created: counts.created,
                updated: counts.updated,
                unchanged: counts.unchanged,
                skipped: counts.skipped,
                rejected: rows.length - counts.valid,
                onExisting: body.onExisting,
                ignoredColumns: ignored,
              },
            });
          })
          .catch(options.mapWriteError);
      }
      const counts = countActions(rows);
      return {
        total: rows.length,
        valid: counts.valid,
        invalid: rows.length - counts.valid,
        imported,
        matched: counts.matched,
        created: counts.created,
        updated: counts.updated,
        unchanged: counts.unchanged,
        skipped: counts.skipped,
        onExisting: body.onExisting,
        dryRun: body.dryRun,
        ignoredColumns: ignored,
        rows,
      };
    },
  );
}

function countActions(rows: readonly ImportRow[]) {
  const counts = { valid: 0, matched: 0, created: 0, updated: 0, unchanged: 0, skipped: 0 };
  for (const r of rows) {
    if (r.status !== 'ok') continue;
    counts.valid += 1;
    if (r.match) counts.matched += 1;
    if (r.action === 'create') counts.created += 1;
    else if (r.action === 'update') counts.updated += 1;
    else if (r.action === 'unchanged') counts.unchanged += 1;
    else if (r.action === 'skip') counts.skipped += 1;
  }
  return counts;
}
