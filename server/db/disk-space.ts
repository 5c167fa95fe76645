/**
 * The embedded database's disk: writes are refused while the file system of DATA_DIR has less free space than
 * MIN_FREE_DISK_MB. PostgreSQL inside PGlite reports a data file it cannot extend as an error (SQLSTATE 53100,
 * mapped to 507), but a write-ahead log it cannot write stops the embedded database inside the server's own
 * process, which then answers nothing more: the margin keeps the log from ever meeting a full disk (ADR 0021).
 * On PostgreSQL the database server handles its own disk; the guard is off.
 */
import { statfsSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../http/errors';

/** Bytes free for this process's user on the file system of `dir`. */
export function freeDiskBytes(dir: string): number {
  const stats = statfsSync(dir);
  return stats.bavail * stats.bsize;
}

const MB = 1024 * 1024;
const shownMb = (bytes: number) => `${Math.floor(bytes / MB).toLocaleString('fr-FR')} Mo`;

/** Thrown at start when DATA_DIR's disk is already below the margin; main.ts prints its message alone. */
export class DiskSpaceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DiskSpaceError';
  }
}

export interface DiskSpaceGuard {
  /** Whether writes are allowed; with the free space measured now (null when the guard is off). */
  check(): { ok: boolean; freeBytes: number | null };
  /** Throws a 507 in French when the disk is below the margin. */
  assertWritable(): void;
  /** The readiness line: `ok`, or why writes are refused. */
  describe(): string;
}

/** No guard: PostgreSQL, or an embedded database in memory. */
export const UNGUARDED: DiskSpaceGuard = {
  check: () => ({ ok: true, freeBytes: null }),
  assertWritable: () => undefined,
  describe: () => 'ok',
};

/**
 * The guard of an embedded database in `dataDir`. `measure` is read on every check (one `statfs` call, a few
 * microseconds): no cached figure can let a write through after the disk filled up.
 */
export function diskSpaceGuard(
  dataDir: string,
  minFreeMb: number,
  measure: (dir: string) => number = freeDiskBytes,
): DiskSpaceGuard {
  const dir = path.resolve(dataDir);
  const minFreeBytes = minFreeMb * MB;
  const check = () => {
    const freeBytes = measure(dir);
    return { ok: freeBytes >= minFreeBytes, freeBytes };
  };
  const shortage = (freeBytes: number) =>
    `espace disque insuffisant pour la base de données (${shownMb(freeBytes)} libres, minimum ${shownMb(minFreeBytes)})`;
  return {
    check,
    assertWritable() {
      const { ok, freeBytes } = check();
      if (!ok) {
        throw new AppError(
          'INSUFFICIENT_STORAGE',
          `Enregistrement impossible : ${shortage(freeBytes)}. Rien n'a été modifié ; libérez de la place sur le serveur puis réessayez.`,
        );
      }
    },
    describe() {
      const { ok, freeBytes } = check();
      return ok ? 'ok' : shortage(freeBytes);
    },
  };
}

/** At start: refuses to open an embedded database on a disk already below the margin. */
export function assertStartable(guard: DiskSpaceGuard, dataDir: string): void {
  const reason = guard.describe();
  if (reason !== 'ok') {
    throw new DiskSpaceError(
      `${reason} dans ${path.resolve(dataDir)} : libérez de la place (ou abaissez MIN_FREE_DISK_MB)`,
    );
  }
}
