/** Pieces shared by the PGlite and PostgreSQL backups and restores (ADR 0017). */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readMigrations } from '../db/migrate';

/** A backup or restore that cannot go on: the commands print its message (French / English), no stack. */
export class BackupError extends Error {
  override readonly name = 'BackupError';
}

/** Where `npm run backup` writes when no `--out` is given (git-ignored). */
export const DEFAULT_BACKUP_DIR = 'backups';

/** `backups/pricer-<kind>-20261126T161500Z.<ext>`: names sort by time, no `:` (Windows-safe). */
export function defaultBackupFile(kind: 'pglite' | 'postgres', now: Date = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
  return path.join(DEFAULT_BACKUP_DIR, `pricer-${kind}-${stamp}.${kind === 'postgres' ? 'dump' : 'tar.gz'}`);
}

/** The bytes of a backup file, or a BackupError when there is none. */
export function readBackupFile(file: string): Buffer<ArrayBuffer> {
  if (!existsSync(file)) throw new BackupError(`${file} : fichier introuvable / file not found`);
  return readFileSync(file);
}

/** Creates the folder of a backup file, readable by its owner only (a backup holds personal data). */
export function prepareOutputDir(file: string): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
}

/**
 * A restored database must be at this application's migration level or older (the restore then applies
 * the missing migrations): a backup made by a newer version holds migrations this one does not know.
 */
export function checkMigrationLevel(recorded: readonly string[]): void {
  const known = new Set(readMigrations().map((file) => file.name));
  const unknown = recorded.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new BackupError(
      `la sauvegarde vient d'une version plus récente de l'application (migrations inconnues : ${unknown.join(', ')}) ; ` +
        `mettez l'application à jour avant de restaurer. / The backup comes from a newer version of the application.`,
    );
  }
}

/**
 * DATABASE_URL as it may be printed: everything between `//` and the last `@` (user and password) masked,
 * as server/config.ts shows it in its errors.
 */
export function maskDatabaseUrl(value: string): string {
  const at = value.lastIndexOf('@');
  if (at < 0) return value;
  const slashes = value.indexOf('//');
  const start = slashes >= 0 && slashes < at ? slashes + 2 : 0;
  return `${value.slice(0, start)}***${value.slice(at)}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} o`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} Kio`;
  return `${(bytes / 1024 / 1024).toFixed(1)} Mio`;
}

export const elapsedSeconds = (startedAt: number): string => `${((Date.now() - startedAt) / 1000).toFixed(1)} s`;

/**
 * Runs a command's body: an explained failure (BackupError, or the server's ConfigError / MigrationError,
 * matched by name) prints its message alone; anything else its stack. Exit code 1 on failure.
 */
export async function runCommand(body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    const explained =
      error instanceof Error &&
      (['BackupError', 'ConfigError', 'MigrationError'].includes(error.name) ||
        String((error as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS'));
    if (explained) console.error(`Échec / failed: ${error.message}`);
    else console.error('Échec / failed:', error);
    process.exitCode = 1;
  }
}
