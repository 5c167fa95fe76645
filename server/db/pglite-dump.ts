import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS, pgliteHandle } from './client';
import { migrate } from './migrate';

/**
 * A new in-memory PGlite database with every migration applied, dumped as its data directory
 * (gzipped tar). `openDatabase({ pgliteTemplate })` loads it into a new database instead of running
 * initdb and the migrations: the build writes it next to the bundle (pglite-template.ts), the API tests
 * make one per run (tests/setup/pglite-template.global.ts).
 */
export async function migratedPgliteDump(): Promise<Blob> {
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  try {
    await migrate(pgliteHandle(client));
    await client.exec('CHECKPOINT');
    return await client.dumpDataDir('gzip');
  } finally {
    await client.close();
  }
}
