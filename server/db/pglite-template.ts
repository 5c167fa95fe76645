/**
 * Build step (run by scripts/build.mjs from its bundle dist/server/pglite-template.js): creates an
 * in-memory PGlite database, applies every migration and writes its data directory as a gzipped tar.
 * `npm start` loads it into a NEW DATA_DIR instead of running initdb and the migrations again.
 */
import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import type { DatabaseHandle, Db } from './client';
import { migrate } from './migrate';
import * as schema from './schema';

async function main(outFile: string): Promise<void> {
  const client = new PGlite({ extensions: { pg_trgm } });
  await client.waitReady;
  const handle: DatabaseHandle = {
    db: drizzle(client, { schema }) as unknown as Db,
    kind: 'pglite',
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    close: () => client.close(),
  };
  await migrate(handle);
  await client.exec('CHECKPOINT');
  const dump = await client.dumpDataDir('gzip');
  writeFileSync(outFile, Buffer.from(await dump.arrayBuffer()));
  await client.close();
}

const outFile = process.argv[2];
if (!outFile) throw new Error('usage: node pglite-template.js <out.tar.gz>');
await main(outFile);
