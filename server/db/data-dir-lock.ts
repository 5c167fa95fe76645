/**
 * PGlite takes no lock on its data directory: two processes opening the same one would both write to it and
 * corrupt it. The server takes this lock file in DATA_DIR (beside the database's folder, so backups never carry
 * it) and refuses to start while another live process holds it; a lock left by a process that died is taken over.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'pricer.lock';

export class DataDirInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `Le dossier de données ${dir} est déjà utilisé par le processus ${pid} : un seul serveur peut ouvrir la base ` +
        `embarquée (data directory already in use by process ${pid}).`,
    );
    this.name = 'DataDirInUseError';
  }
}

/** Whether a process with this id runs (a process of another user counts as running). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock of `dataDir` for this process; answers the function that gives it back. */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8').trim());
      // This process again (a second handle in one process, as tests open) shares it.
      if (holder === process.pid) return () => undefined;
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) throw new DataDirInUseError(dataDir, holder);
      unlinkSync(file);
    }
  }
  throw new Error(`lock ${file} could not be taken`);
}
