/**
 * API tests on PGlite: initdb plus migrations cost several seconds per test file. This global setup
 * builds one migrated database, dumps it to a temporary file and hands its path to the workers
 * (PRICER_PGLITE_TEMPLATE); the harness loads it into each new in-memory database and still runs
 * migrate(), which then finds nothing to apply.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migratedPgliteDump } from '../../server/db/pglite-dump';

export default async function setup(): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) return () => undefined;
  const dump = await migratedPgliteDump();
  const file = path.join(tmpdir(), `pricer-pglite-template-${process.pid}.tar.gz`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.PRICER_PGLITE_TEMPLATE = file;
  return () => rmSync(file, { force: true });
}
