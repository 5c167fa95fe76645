/**
 * API tests on PGlite: initdb plus migrations cost several seconds per test file. This global setup
 * builds one migrated database, dumps it to a temporary file and hands its path to the workers
 * (PRICER_PGLITE_TEMPLATE); the harness loads it into each new in-memory database and still runs
 * migrate(), which then finds nothing to apply.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';

export default async function setup(): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) return () => undefined;
  const handle = await openDatabase({});
  await migrate(handle);
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  await client.exec('CHECKPOINT');
  const dump = await client.dumpDataDir('gzip');
  await handle.close();
  const file = path.join(tmpdir(), `pricer-pglite-template-${process.pid}.tar.gz`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.PRICER_PGLITE_TEMPLATE = file;
  return () => rmSync(file, { force: true });
}
