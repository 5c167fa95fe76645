import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADVISORY_LOCKS } from './advisory-locks';
import type { Connection, DatabaseHandle } from './client';

/** A migration that cannot be applied, or an applied one whose file changed: the server must not start. */
export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

/** The migrations directory: source layout (server/db/migrations) or built layout (dist/server/migrations). */
export function migrationsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`migrations directory not found near ${here}`);
}

/**
 * SHA-256 (hex) of a migration's text, line endings read as LF: a checkout that turns them into CRLF
 * is the same migration, any other edit is not.
 */
export function migrationChecksum(sqlText: string): string {
  return createHash('sha256').update(sqlText.replace(/\r\n/g, '\n'), 'utf8').digest('hex');
}

/** Every `*.sql` of `dir`, in name order, with its checksum. */
export function readMigrations(dir: string = migrationsDir()): MigrationFile[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => {
      const sqlText = readFileSync(path.join(dir, name), 'utf8');
      return { name, sql: sqlText, checksum: migrationChecksum(sqlText) };
    });
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  name text PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now(),
  checksum text
)`;
// Installations migrated before checksums were recorded have the table without the column.
const ADD_CHECKSUM = 'ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text';

const quote = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/**
 * Applies every migration not yet recorded in `schema_migrations`, in name order, each in its own
 * transaction, and records it with the SHA-256 of its file. Before anything is applied, each recorded
 * migration is compared with its file: a changed file stops the start (MigrationError naming it); a
 * migration recorded before checksums existed gets its file's checksum. (A recorded migration whose file
 * is absent is left alone: an older build may run on a database that a newer one migrated.)
 *
 * Several nodes may start together on one PostgreSQL: the whole run holds the migrations advisory lock
 * (server/db/advisory-locks.ts), taken and released on ONE connection kept for the run, so the next node
 * waits, then finds everything applied. Answers the names applied by this call.
 */
export async function migrate(handle: DatabaseHandle, files: MigrationFile[] = readMigrations()): Promise<string[]> {
  return handle.withConnection(async (connection) => {
    await connection.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.migrations]);
    try {
      return await applyPending(connection, files);
    } catch (error) {
      // A failed migration leaves its transaction open on this connection; PGlite has no other one.
      await connection.exec('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      await connection.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrations]);
    }
  });
}

async function applyPending(connection: Connection, files: MigrationFile[]): Promise<string[]> {
  await connection.exec(`${CREATE_TABLE};\n${ADD_CHECKSUM};`);
  const recorded = await connection.query<{ name: string; checksum: string | null }>(
    'SELECT name, checksum FROM schema_migrations',
  );
  const recordedByName = new Map(recorded.map((r) => [r.name, r.checksum]));

  for (const file of files) {
    if (!recordedByName.has(file.name)) continue;
    const checksum = recordedByName.get(file.name);
    if (checksum === null) {
      await connection.query('UPDATE schema_migrations SET checksum = $1 WHERE name = $2', [file.checksum, file.name]);
    } else if (checksum !== file.checksum) {
      throw new MigrationError(
        `la migration ${file.name} a été modifiée après avoir été appliquée à cette base ` +
          `(empreinte SHA-256 enregistrée ${checksum}, fichier actuel ${file.checksum}). ` +
          `Remettez le fichier dans son état d'origine et ajoutez une nouvelle migration pour le changement.`,
      );
    }
  }

  const applied: string[] = [];
  for (const file of files) {
    if (recordedByName.has(file.name)) continue;
    try {
      await connection.exec(
        `BEGIN;\n${file.sql}\n;\nINSERT INTO schema_migrations (name, checksum) VALUES (${quote(file.name)}, ${quote(file.checksum)});\nCOMMIT;`,
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new MigrationError(`la migration ${file.name} n'a pas pu être appliquée : ${reason}`, { cause: error });
    }
    applied.push(file.name);
  }
  return applied;
}
