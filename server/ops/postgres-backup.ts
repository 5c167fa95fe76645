/**
 * PostgreSQL backups (ADR 0017): `pg_dump --format=custom` and `pg_restore`, found on PATH. The password
 * of DATABASE_URL goes to the tools through PGPASSWORD, never on their command line (visible to `ps`)
 * nor in any message.
 */
import { spawn } from 'node:child_process';
import { Transform, type TransformCallback } from 'node:stream';
import { accessSync, constants, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/client';
import {
  appliedMigrations,
  readManifest,
  restoredChecks,
  tableSummaries,
  writeManifest,
  type RestoreResult,
  type TableSummary,
} from './backup-verify';
import { BackupError, checkMigrationLevel, maskDatabaseUrl, prepareOutputDir, readBackupFile } from './ops-common';

/** The absolute path of a PostgreSQL client tool, or a BackupError saying how to install it. */
export function findTool(name: 'pg_dump' | 'pg_restore' | 'psql', searchPath = process.env.PATH ?? ''): string {
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  throw new BackupError(
    `${name} introuvable dans le PATH : installez les outils clients PostgreSQL (paquet postgresql-client, version ` +
      `majeure égale ou supérieure à celle du serveur). / ${name} not found on PATH: install the PostgreSQL client tools.`,
  );
}

/** `--dbname` without the password, and the environment carrying it. */
function connectionArgs(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (url.password) {
    env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = '';
  }
  return { dbname: url.toString(), env };
}

/** Runs a client tool; answers its standard output; a failure carries its standard error (no password in it). */
function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else
        reject(
          new BackupError(
            `${path.basename(tool)} a échoué / failed (code ${code}) :\n${Buffer.concat(err).toString('utf8').trim()}`,
          ),
        );
    });
  });
}

export interface PostgresBackupResult {
  file: string;
  bytes: number;
  migrations: string[];
  tables: TableSummary[];
}

/**
 * Dumps the database of `databaseUrl` while the application runs. The counts and checksums of the manifest
 * and the dump read the same state: a REPEATABLE READ transaction exports its snapshot and pg_dump
 * (`--snapshot`) reads in it.
 */
export async function backupPostgres(databaseUrl: string, outFile: string): Promise<PostgresBackupResult> {
  const pgDump = findTool('pg_dump');
  const { dbname, env } = connectionArgs(databaseUrl);
  prepareOutputDir(outFile);
  const partial = `${outFile}.partial`;
  const handle = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    const { migrations, tables } = await handle.withConnection(async (connection) => {
      await connection.exec('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      try {
        const [row] = await connection.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
        const state = { migrations: await appliedMigrations(connection), tables: await tableSummaries(connection) };
        // Created first, readable by its owner only: pg_dump keeps the mode of the file it truncates.
        writeFileSync(partial, '', { mode: 0o600 });
        await run(
          pgDump,
          [
            '--format=custom',
            `--snapshot=${row!.snapshot}`,
            '--no-password',
            `--file=${partial}`,
            `--dbname=${dbname}`,
          ],
          env,
        );
        return state;
      } finally {
        await connection.exec('COMMIT');
      }
    });
    renameSync(partial, outFile);
    writeManifest(outFile, { kind: 'postgres', createdAt: new Date().toISOString(), migrations, tables });
    return { file: outFile, bytes: statSync(outFile).size, migrations, tables };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    await handle.close();
  }
}

/** The migration names stored in a dump, read without restoring it (the data of schema_migrations). */
async function dumpedMigrations(pgRestore: string, file: string): Promise<string[]> {
  const text = await run(pgRestore, ['--data-only', '--table=schema_migrations', '--file=-', file], process.env);
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith('COPY public.schema_migrations'));
  if (start < 0) return [];
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line === '\\.') break;
    names.push(line.split('\t')[0]!);
  }
  return names;
}

/** The tables a dump creates, from its table of contents (`pg_restore --list`). */
async function dumpedTables(pgRestore: string, file: string): Promise<Set<string>> {
  const text = await run(pgRestore, ['--list', file], process.env);
  const tables = new Set<string>();
  for (const match of text.matchAll(/^\d+; \d+ \d+ TABLE public (\S+) /gm)) tables.add(match[1]!);
  return tables;
}

/** The line of pg_restore's script that empties search_path for the whole restore. */
const EMPTY_SEARCH_PATH = "SELECT pg_catalog.set_config('search_path', '', false);";
const RESTORE_SEARCH_PATH = "SELECT pg_catalog.set_config('search_path', 'pg_catalog, public', false);";

/**
 * Passes pg_restore's script through, with its empty search_path replaced by `pg_catalog, public`. A
 * generated column is computed again while its table's rows are loaded, and the function that computes
 * clients.tags_sort (fr_sort_keys) calls fr_sort_key without naming its schema: with the empty search_path
 * of pg_dump's scripts the load fails. pg_catalog stays first, so no object of public can stand in for a
 * built-in one. The line sits in the script's first lines; the rest streams through untouched.
 */
class SearchPathFix extends Transform {
  private head = '';
  private done = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.done) return callback(null, chunk);
    this.head += chunk.toString('latin1');
    const at = this.head.indexOf(EMPTY_SEARCH_PATH);
    if (at < 0 && this.head.length < 64 * 1024) return callback();
    this.done = true;
    const fixed = at < 0 ? this.head : this.head.replace(EMPTY_SEARCH_PATH, RESTORE_SEARCH_PATH);
    callback(null, Buffer.from(fixed, 'latin1'));
  }

  override _flush(callback: TransformCallback): void {
    callback(null, this.done ? undefined : Buffer.from(this.head, 'latin1'));
  }
}

/**
 * `pg_restore --clean --if-exists --no-owner --no-privileges` of `file` as a script, run by psql in one
 * transaction that stops at the first error: a failed restore changes nothing.
 */
function restoreScript(pgRestore: string, psql: string, file: string, databaseUrl: string): Promise<void> {
  const { dbname, env } = connectionArgs(databaseUrl);
  return new Promise((resolve, reject) => {
    const producer = spawn(pgRestore, ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--file=-', file], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const consumer = spawn(
      psql,
      ['-X', '--quiet', '--single-transaction', '--set=ON_ERROR_STOP=1', '--no-password', `--dbname=${dbname}`],
      { env, stdio: ['pipe', 'ignore', 'pipe'] },
    );
    const errors: string[] = [];
    producer.stderr.on('data', (chunk: Buffer) => errors.push(chunk.toString('utf8')));
    consumer.stderr.on('data', (chunk: Buffer) => errors.push(chunk.toString('utf8')));
    // psql stopping early closes its input: pg_restore's write error is reported through psql's exit code.
    consumer.stdin.on('error', () => undefined);
    producer.stdout.pipe(new SearchPathFix()).pipe(consumer.stdin);
    const exitCode = (child: ReturnType<typeof spawn>): Promise<number | null> =>
      new Promise((done, fail) => {
        child.on('error', fail);
        child.on('close', done);
      });
    Promise.all([exitCode(producer), exitCode(consumer)]).then(([producerCode, consumerCode]) => {
      if (producerCode === 0 && consumerCode === 0) return resolve();
      reject(
        new BackupError(
          `la restauration a échoué, la base n'a pas été modifiée / restore failed, nothing was changed ` +
            `(pg_restore ${producerCode}, psql ${consumerCode}) :\n${errors.join('').trim()}`,
        ),
      );
    }, reject);
  });
}

/**
 * Restores a `backupPostgres` file into `databaseUrl`: refused on a database that has tables unless
 * `force`, and even then when it has tables the backup does not (restore into a new database instead);
 * then `restoreScript`, and the checks and migrations every restore runs.
 */
export async function restorePostgres(
  file: string,
  databaseUrl: string,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  if (readBackupFile(file).subarray(0, 5).toString('latin1') !== 'PGDMP') {
    throw new BackupError(
      `${file} n'est pas une sauvegarde PostgreSQL (pg_dump --format=custom) ; une sauvegarde PGlite se restaure sans ` +
        `DATABASE_URL. / Not a PostgreSQL custom-format backup.`,
    );
  }
  const pgRestore = findTool('pg_restore');
  checkMigrationLevel(await dumpedMigrations(pgRestore, file));
  const manifest = readManifest(file);
  const handle = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    const existing = await handle.withConnection((connection) =>
      connection.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`,
      ),
    );
    const shown = maskDatabaseUrl(databaseUrl);
    if (existing.length > 0 && !options.force) {
      throw new BackupError(
        `la base ${shown} contient déjà ${existing.length} tables : ajoutez --force pour la remplacer. / ` +
          `The target database is not empty: use --force to replace it.`,
      );
    }
    if (existing.length > 0) {
      const inBackup = await dumpedTables(pgRestore, file);
      const extra = existing.map((row) => row.name).filter((name) => !inBackup.has(name));
      if (extra.length > 0) {
        throw new BackupError(
          `la base ${shown} a des tables absentes de la sauvegarde (${extra.join(', ')}) : restaurez dans une base ` +
            `neuve (createdb) puis pointez DATABASE_URL dessus. / The target has tables the backup lacks: restore into a new database.`,
        );
      }
    }
    await restoreScript(pgRestore, findTool('psql'), file, databaseUrl);
    return await restoredChecks(handle, manifest);
  } finally {
    await handle.close();
  }
}
