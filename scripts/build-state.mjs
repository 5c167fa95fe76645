// Tells whether dist/ is missing or older than any source it is built from.
// Used by `npm start` and the browser tests so both build only when needed.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUTPUTS = [
  'dist/server/main.js',
  'dist/server/first-start.js',
  'dist/server/backup.js',
  'dist/server/restore.js',
  'dist/web/index.html',
];
const SOURCES = ['shared', 'server', 'web', 'package.json', 'vite.config.ts', 'scripts/build.mjs'];

function newestMtime(p) {
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    if (entry.name.endsWith('.test.ts') || entry.name.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry.name)));
  }
  return newest;
}

export function isBuildStale() {
  const outputs = OUTPUTS.map((o) => path.join(root, o));
  if (!outputs.every((o) => existsSync(o))) return true;
  const builtAt = Math.min(...outputs.map((o) => statSync(o).mtimeMs));
  const sources = SOURCES.map((s) => path.join(root, s)).filter((s) => existsSync(s));
  return sources.some((s) => newestMtime(s) > builtAt);
}
