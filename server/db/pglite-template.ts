/**
 * Build step (run by scripts/build.mjs from its bundle dist/server/pglite-template.js): writes a
 * migrated in-memory PGlite database as a gzipped tar of its data directory (pglite-dump.ts).
 * `npm start` loads it into a NEW DATA_DIR instead of running initdb and the migrations again.
 */
import { writeFileSync } from 'node:fs';
import { migratedPgliteDump } from './pglite-dump';

const outFile = process.argv[2];
if (!outFile) throw new Error('usage: node pglite-template.js <out.tar.gz>');
const dump = await migratedPgliteDump();
writeFileSync(outFile, Buffer.from(await dump.arrayBuffer()));
