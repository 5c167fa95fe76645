/**
 * First start of the embedded database on disk: the data directory is created, migrated and seeded by a child
 * process, then the server opens it. The WebAssembly heap of an embedded PostgreSQL grows with what is written and
 * never shrinks; the seed's writes would keep the server above its memory goal for its whole life. A child
 * process gives all of it back when it ends (a worker thread does not: the allocator keeps the thread's arenas),
 * and the server then opens a database already written, as on any later start (ADR 0020).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fork } from 'node:child_process';
import type { AppConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { seedDatabase } from './modules/seed/seed-demo';

/** Set in the child's environment only: the bundle of the server, which includes this file, never runs the job. */
const CHILD_FLAG = 'PRICER_FIRST_START_CHILD';

type FirstStartConfig = Pick<AppConfig, 'dataDir' | 'seedDemo' | 'isProduction' | 'demoDiamondCount'>;

interface FirstStartJob {
  config: FirstStartConfig;
  /** The migrated data-directory template written by the build, when there is one. */
  templateFile: string | undefined;
}

type FirstStartOutcome = { ok: true } | { ok: false; name: string; message: string };

/** True when DATA_DIR holds no embedded database yet (a database in memory cannot be shared with another process). */
export function isFirstStartOnDisk(dataDir: string): boolean {
  return dataDir !== 'memory://' && !existsSync(path.join(path.resolve(dataDir), 'pglite', 'PG_VERSION'));
}

/** Creates, migrates and seeds the embedded database in DATA_DIR in a child process, which then ends. */
export async function prepareEmbeddedDatabase(
  config: FirstStartConfig,
  templateFile: string | undefined,
): Promise<void> {
  // The child runs this same file: compiled next to the bundle, or the TypeScript source under tsx (whose loader
  // flags the child inherits).
  const entry = new URL(import.meta.url.endsWith('.ts') ? './first-start.ts' : './first-start.js', import.meta.url);
  // Only what the seed reads: the job travels on the child's command line, where no secret may go.
  const { dataDir, seedDemo, isProduction, demoDiamondCount } = config;
  const job: FirstStartJob = { config: { dataDir, seedDemo, isProduction, demoDiamondCount }, templateFile };
  const outcome = await new Promise<FirstStartOutcome>((resolve, reject) => {
    const child = fork(fileURLToPath(entry), [JSON.stringify(job)], { env: { ...process.env, [CHILD_FLAG]: '1' } });
    let answered: FirstStartOutcome | undefined;
    child.once('message', (message: FirstStartOutcome) => {
      answered = message;
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (answered) resolve(answered);
      else reject(new Error(`la préparation de la base embarquée s'est arrêtée (${signal ?? `code ${code}`})`));
    });
  });
  if (!outcome.ok) {
    // Keeps the error's name: main.ts explains a MigrationError without its stack.
    const error = new Error(outcome.message);
    error.name = outcome.name;
    throw error;
  }
}

async function runJob(job: FirstStartJob): Promise<FirstStartOutcome> {
  try {
    const pgliteTemplate = job.templateFile
      ? new Blob([readFileSync(job.templateFile)], { type: 'application/x-gzip' })
      : undefined;
    const handle = await openDatabase({ dataDir: job.config.dataDir, pgliteTemplate });
    try {
      await migrate(handle);
      await seedDatabase(handle.db, job.config);
    } finally {
      await handle.close();
    }
    return { ok: true };
  } catch (error) {
    const known = error instanceof Error ? error : new Error(String(error));
    return {
      ok: false,
      name: known.name,
      message: known.stack && known.name !== 'MigrationError' ? known.stack : known.message,
    };
  }
}

if (process.env[CHILD_FLAG] === '1' && process.send && process.argv[2]) {
  const job = JSON.parse(process.argv[2]) as FirstStartJob;
  void runJob(job).then((outcome) => process.send?.(outcome, () => process.disconnect()));
}
