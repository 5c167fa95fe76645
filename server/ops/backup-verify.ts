/**
 * What a backup and a restore print and compare: each application table's row count and a checksum of
 * its rows, read on one connection (inside one snapshot when the caller opened a transaction). Two copies
 * of a database are equal when every table has the same count and the same checksum.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Connection, DatabaseHandle } from '../db/client';
import { migrate } from '../db/migrate';
import { BackupError, checkMigrationLevel } from './ops-common';

export interface TableSummary {
  table: string;
  rows: number;
  /** md5 of the rows' md5s, rows in primary-key order (whole-row text order for a table without one). */
  checksum: string;
}

/** The side file written next to each backup (`<backup>.json`): what the restored copy must match. */
export interface BackupManifest {
  kind: 'pglite' | 'postgres';
  createdAt: string;
  /** The names recorded in schema_migrations at backup time. */
  migrations: string[];
  tables: TableSummary[];
}

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * Every base table of the `public` schema (the application's tables, schema_migrations included) with
 * its count and checksum. A per-row md5 keeps the aggregated text at 32 bytes a row, whatever the width
 * of the rows, so large tables (the diamond catalogue) stay within memory.
 */
export async function tableSummaries(connection: Connection): Promise<TableSummary[]> {
  const tables = await connection.query<{ table_name: string; pk: string[] | null }>(
    `SELECT c.relname AS table_name,
            (SELECT array_agg(a.attname::text ORDER BY k.ord)
               FROM pg_index i
               CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
               JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
              WHERE i.indrelid = c.oid AND i.indisprimary) AS pk
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
      ORDER BY c.relname`,
  );
  const summaries: TableSummary[] = [];
  for (const { table_name: table, pk } of tables) {
    const order = pk && pk.length > 0 ? pk.map((column) => `t.${quoteIdent(column)}`).join(', ') : 't::text';
    const [row] = await connection.query<{ rows: number; checksum: string }>(
      `SELECT count(*)::int AS rows,
              md5(coalesce(string_agg(md5(t::text), '' ORDER BY ${order}), '')) AS checksum
         FROM public.${quoteIdent(table)} t`,
    );
    summaries.push({ table, rows: row?.rows ?? 0, checksum: row?.checksum ?? '' });
  }
  return summaries;
}

/** The migration names recorded in the database (none when it was never migrated). */
export async function appliedMigrations(connection: Connection): Promise<string[]> {
  const [exists] = await connection.query<{ present: boolean }>(
    `SELECT to_regclass('public.schema_migrations') IS NOT NULL AS present`,
  );
  if (!exists?.present) return [];
  const rows = await connection.query<{ name: string }>('SELECT name FROM public.schema_migrations ORDER BY name');
  return rows.map((row) => row.name);
}

/** One line per difference between the expected summaries and the actual ones; empty when equal. */
export function compareSummaries(expected: readonly TableSummary[], actual: readonly TableSummary[]): string[] {
  const byName = new Map(actual.map((summary) => [summary.table, summary]));
  const differences: string[] = [];
  for (const want of expected) {
    const got = byName.get(want.table);
    if (!got) differences.push(`${want.table} : table absente de la copie restaurée / table missing`);
    else if (got.rows !== want.rows)
      differences.push(`${want.table} : ${got.rows} lignes au lieu de ${want.rows} / rows differ`);
    else if (got.checksum !== want.checksum)
      differences.push(`${want.table} : empreinte différente / checksum differs`);
    byName.delete(want.table);
  }
  for (const extra of byName.keys()) differences.push(`${extra} : table en trop / unexpected table`);
  return differences;
}

/** The summaries as an aligned table, for the commands' output. */
export function formatSummaries(summaries: readonly TableSummary[]): string {
  const width = Math.max(5, ...summaries.map((s) => s.table.length));
  const total = summaries.reduce((sum, s) => sum + s.rows, 0);
  const lines = summaries.map((s) => `  ${s.table.padEnd(width)} ${String(s.rows).padStart(9)}  ${s.checksum}`);
  return [
    `  ${'table'.padEnd(width)} ${'lignes'.padStart(9)}  md5`,
    ...lines,
    `  ${summaries.length} tables, ${total} lignes / rows`,
  ].join('\n');
}

export const manifestPath = (backupFile: string): string => `${backupFile}.json`;

export function writeManifest(backupFile: string, manifest: BackupManifest): void {
  writeFileSync(manifestPath(backupFile), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
}

/** The manifest of a backup, or undefined when the side file is absent (the restore then only prints). */
export function readManifest(backupFile: string): BackupManifest | undefined {
  const file = manifestPath(backupFile);
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
}

export interface RestoreResult {
  /** Differences from the backup's manifest (empty when equal); undefined when it had none. */
  differences: string[] | undefined;
  /** Migrations applied after the restore (the backup was older than the application). */
  applied: string[];
  /** Counts and checksums of the restored database, after the migrations. */
  tables: TableSummary[];
  /** Where the replaced database was moved (PGlite with --force), kept until deleted by hand. */
  replacedDir?: string;
}

/**
 * The checks every restore runs on the restored database, before anything else uses it: migration level,
 * counts and checksums against the manifest (before migrating: migrations may change rows), then migrate.
 */
export async function restoredChecks(
  handle: DatabaseHandle,
  manifest: BackupManifest | undefined,
): Promise<RestoreResult> {
  const restored = await handle.withConnection(async (connection) => ({
    migrations: await appliedMigrations(connection),
    tables: await tableSummaries(connection),
  }));
  checkMigrationLevel(restored.migrations);
  const differences = manifest ? compareSummaries(manifest.tables, restored.tables) : undefined;
  if (differences && differences.length > 0) {
    throw new BackupError(
      `la copie restaurée ne correspond pas à la sauvegarde / the restored copy differs from the backup:\n  ${differences.join('\n  ')}`,
    );
  }
  const applied = await migrate(handle);
  const tables =
    applied.length > 0 ? await handle.withConnection((connection) => tableSummaries(connection)) : restored.tables;
  return { differences, applied, tables };
}
