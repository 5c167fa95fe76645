// Production build: the SPA with Vite into dist/web (plus .br/.gz copies served as-is), the server
// bundled with esbuild into dist/server/main.js, the SQL migrations and the common-password list beside it, and a
// migrated PGlite data-directory template (dist/server/pglite-template.tar.gz) for fast first starts.
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';
import { root } from './build-state.mjs';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name) || statSync(file).size < 1024) continue;
    const body = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
}

const started = Date.now();
// Always a production bundle, whoever calls the build: the browser tests start it from vitest, whose
// NODE_ENV=test would otherwise make Vite bundle React's development build (bigger and slower).
process.env.NODE_ENV = 'production';
await viteBuild({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
precompress(path.join(root, 'dist/web'));

rmSync(path.join(root, 'dist/server'), { recursive: true, force: true });
await esbuild({
  entryPoints: {
    main: path.join(root, 'server/main.ts'),
    // Run in a worker thread by the first start on an empty DATA_DIR (server/first-start.ts).
    'first-start': path.join(root, 'server/first-start.ts'),
    // `npm run backup` and `npm run restore` (scripts/ops.mjs).
    backup: path.join(root, 'server/ops/backup.ts'),
    restore: path.join(root, 'server/ops/restore.ts'),
    'pglite-template': path.join(root, 'server/db/pglite-template.ts'),
  },
  outdir: path.join(root, 'dist/server'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  tsconfig: path.join(root, 'tsconfig.json'),
  sourcemap: true,
  logLevel: 'warning',
});
cpSync(path.join(root, 'server/db/migrations'), path.join(root, 'dist/server/migrations'), { recursive: true });
// Read at start by server/modules/auth/password-policy.ts, next to the bundle.
cpSync(
  path.join(root, 'shared/password-policy/common-passwords.txt'),
  path.join(root, 'dist/server/common-passwords.txt'),
);
// A migrated PGlite data directory: a first start on an empty DATA_DIR loads it instead of running initdb.
execFileSync(
  process.execPath,
  [path.join(root, 'dist/server/pglite-template.js'), path.join(root, 'dist/server/pglite-template.tar.gz')],
  { stdio: 'inherit', cwd: root },
);
console.log(`build ok in ${((Date.now() - started) / 1000).toFixed(1)} s: dist/web, dist/server/main.js`);
