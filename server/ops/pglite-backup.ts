/**
 * PGlite backups (ADR 0017). PGlite takes no lock on its directory and only the server's process can
 * query it, so the backup never opens the live directory: it copies it during a quiet moment (no file
 * changed from before the copy to after it, checked on every file's size, inode and nanosecond mtime),
 * which is the state a power cut at that instant would leave. The copy is opened in this process, where
 * PostgreSQL's crash recovery replays the WAL, then dumped with `dumpDataDir` in the same gzipped-tar
 * format as the build's template (server/db/pglite-dump.ts), which `loadDataDir` reads back.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { copyFile, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS, pgliteHandle } from '../db/client';
import {
  appliedMigrations,
  readManifest,
  restoredChecks,
  tableSummaries,
  writeManifest,
  type RestoreResult,
  type TableSummary,
} from './backup-verify';
import { BackupError, prepareOutputDir, readBackupFile } from './ops-common';

/** The running database's marker: PGlite writes it at open and removes it at close. */
const PID_FILE = 'postmaster.pid';

interface FileState {
  size: bigint;
  mtimeNs: bigint;
  ino: bigint;
  directory?: boolean;
}

export interface SnapshotOptions {
  /** Give up after this long without a quiet copy (ms). */
  timeoutMs?: number;
  /** The newest file must be at least this old before a copy starts (ms): see `snapshotDataDir`. */
  quietMs?: number;
}

/**
 * Every entry under `dir` (relative path -> size, mtime, inode, and whether it is a folder: PostgreSQL needs
 * its empty folders, such as pg_tblspc, too).
 */
async function scan(dir: string, prefix = ''): Promise<Map<string, FileState>> {
  const files = new Map<string, FileState>();
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) {
      files.set(relative, { size: 0n, mtimeNs: 0n, ino: 0n, directory: true });
      for (const [name, state] of await scan(dir, relative)) files.set(name, state);
    } else if (relative !== PID_FILE) {
      const stat = await lstat(path.join(dir, relative), { bigint: true });
      files.set(relative, { size: stat.size, mtimeNs: stat.mtimeNs, ino: stat.ino });
    }
  }
  return files;
}

const sameState = (a: FileState | undefined, b: FileState | undefined): boolean =>
  a !== undefined && b !== undefined && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ino === b.ino;

function sameFiles(a: Map<string, FileState>, b: Map<string, FileState>): boolean {
  return a.size === b.size && [...a].every(([name, state]) => sameState(state, b.get(name)));
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Copies the data directory `source` to `target` so that the copy is the directory as it was at one instant;
 * answers the number of attempts. Writes land in the files at once (PGlite writes through Node's fs, WAL
 * first, synchronous_commit on), so the directory at any instant is what a power cut would leave, which
 * PostgreSQL recovers from. An attempt lists every file (size, inode, nanosecond mtime), copies those that
 * differ from what the target already holds, and lists again: when nothing changed in between, the target
 * is the directory at that moment. Files copied by an earlier attempt and unchanged since are kept, so a
 * retry only copies what the server wrote meanwhile (a WAL segment, a few tables) and needs a short quiet
 * moment. The kernel stamps mtimes with a coarse clock: a write in the same tick as the last one seen would
 * keep its mtime, so an attempt starts only once the newest file is `quietMs` old; any later write moves one.
 */
export async function snapshotDataDir(source: string, target: string, options: SnapshotOptions = {}): Promise<number> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const quietNs = BigInt(options.quietMs ?? 50) * 1_000_000n;
  /** What the target holds: each file's state when it was copied, proved unchanged during that copy. */
  const copied = new Map<string, FileState>();
  rmSync(target, { recursive: true, force: true });
  await mkdir(target, { recursive: true });
  for (let attempt = 1; ; attempt++) {
    if (Date.now() > deadline) {
      throw new BackupError(
        `la base PGlite n'a pas cessé d'écrire pendant la copie (${attempt - 1} essais) : relancez la sauvegarde à un moment ` +
          `plus calme ou arrêtez le serveur. / The PGlite database kept writing during the copy; retry later or stop the server.`,
      );
    }
    try {
      const before = await scan(source);
      const newest = [...before.values()].reduce((max, file) => (file.mtimeNs > max ? file.mtimeNs : max), 0n);
      if (BigInt(Date.now()) * 1_000_000n - newest < quietNs) {
        await sleep(Number(quietNs / 1_000_000n));
        continue;
      }
      for (const name of [...copied.keys()].filter((name) => !before.has(name))) {
        rmSync(path.join(target, name), { recursive: true, force: true });
        copied.delete(name);
      }
      const pending = new Map<string, FileState>();
      for (const [name, state] of before) {
        if (state.directory) {
          await mkdir(path.join(target, name), { recursive: true });
          copied.set(name, state);
        } else if (!sameState(copied.get(name), state)) {
          copied.delete(name);
          await copyFile(path.join(source, name), path.join(target, name));
          pending.set(name, state);
        }
      }
      const after = await scan(source);
      for (const [name, state] of pending) if (sameState(after.get(name), state)) copied.set(name, state);
      if (sameFiles(before, after)) return attempt;
    } catch (error) {
      // A file removed between the listing and its copy (a WAL segment recycled): the directory moved, try again.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    await sleep(Math.min(50 * attempt, 500));
  }
}

export interface PgliteBackupResult {
  file: string;
  bytes: number;
  /** The server held the directory (postmaster.pid present): the copy was taken while it ran. */
  serverRunning: boolean;
  attempts: number;
  migrations: string[];
  tables: TableSummary[];
}

const pgliteDir = (dataDir: string): string => path.resolve(dataDir, 'pglite');

/** Writes a gzipped-tar dump of the PGlite database in `dataDir` (running or not) and its manifest. */
export async function backupPglite(
  dataDir: string,
  outFile: string,
  options: SnapshotOptions = {},
): Promise<PgliteBackupResult> {
  const source = pgliteDir(dataDir);
  if (!existsSync(path.join(source, 'PG_VERSION'))) {
    throw new BackupError(`aucune base PGlite dans ${source} / no PGlite database there (DATA_DIR)`);
  }
  const serverRunning = existsSync(path.join(source, PID_FILE));
  prepareOutputDir(outFile);
  // The copy sits next to the backup (same disk, not a small /tmp) and is removed at the end.
  const work = mkdtempSync(path.join(path.dirname(path.resolve(outFile)), '.pglite-snapshot-'));
  try {
    const copy = path.join(work, 'pglite');
    const attempts = await snapshotDataDir(source, copy, options);
    const client = new PGlite(copy, { extensions: PGLITE_EXTENSIONS });
    await client.waitReady.catch((error: unknown) => {
      throw new BackupError(`la copie de ${source} ne s'ouvre pas / the copy does not open: ${String(error)}`);
    });
    try {
      const { migrations, tables } = await pgliteHandle(client).withConnection(async (connection) => ({
        migrations: await appliedMigrations(connection),
        tables: await tableSummaries(connection),
      }));
      await client.exec('CHECKPOINT');
      const dump = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
      // Written under a temporary name first: an interrupted backup never looks like a complete one.
      const partial = `${outFile}.partial`;
      writeFileSync(partial, dump, { mode: 0o600 });
      renameSync(partial, outFile);
      writeManifest(outFile, { kind: 'pglite', createdAt: new Date().toISOString(), migrations, tables });
      return { file: outFile, bytes: dump.length, serverRunning, attempts, migrations, tables };
    } finally {
      await client.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const GZIP_MAGIC = [0x1f, 0x8b];

/**
 * Restores a `backupPglite` file into `dataDir`. The dump is loaded into a new directory beside the
 * target, checked (migration level, counts and checksums against the manifest) and migrated; only then
 * does it take the target's place, the replaced database being kept as `pglite.replaced-<time>`.
 */
export async function restorePglite(
  file: string,
  dataDir: string,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  const bytes = readBackupFile(file);
  if (bytes[0] !== GZIP_MAGIC[0] || bytes[1] !== GZIP_MAGIC[1]) {
    throw new BackupError(
      `${file} n'est pas une sauvegarde PGlite (.tar.gz) ; une sauvegarde PostgreSQL se restaure avec DATABASE_URL. / ` +
        `Not a PGlite backup.`,
    );
  }
  const target = pgliteDir(dataDir);
  if (existsSync(path.join(target, PID_FILE))) {
    throw new BackupError(
      `la base ${target} est ouverte (${PID_FILE} présent) : arrêtez le serveur avant de restaurer. S'il s'est arrêté ` +
        `brutalement, supprimez ce fichier. / The database is in use: stop the server first.`,
    );
  }
  const targetUsed = existsSync(path.join(target, 'PG_VERSION'));
  if (targetUsed && !options.force) {
    throw new BackupError(
      `la base ${target} existe déjà : ajoutez --force pour la remplacer (elle sera conservée à côté). / ` +
        `The target database is not empty: use --force to replace it.`,
    );
  }
  if (!targetUsed && existsSync(target) && readdirSync(target).length > 0) {
    throw new BackupError(`${target} contient des fichiers mais pas de base / holds files but no database`);
  }
  const manifest = readManifest(file);
  const stamp = new Date().toISOString().replace(/[-:.]/g, '');
  const staging = `${target}.restoring-${stamp}`;
  mkdirSync(path.dirname(target), { recursive: true });
  let result: RestoreResult;
  const client = new PGlite(staging, { extensions: PGLITE_EXTENSIONS, loadDataDir: new Blob([bytes]) });
  try {
    await client.waitReady;
    const handle = pgliteHandle(client);
    result = await restoredChecks(handle, manifest);
    await client.exec('CHECKPOINT');
    await client.close();
  } catch (error) {
    await client.close().catch(() => undefined);
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  if (targetUsed) {
    result.replacedDir = `${target}.replaced-${stamp}`;
    renameSync(target, result.replacedDir);
  } else if (existsSync(target)) {
    rmSync(target, { recursive: true });
  }
  renameSync(staging, target);
  return result;
}
