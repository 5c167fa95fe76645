// `npm run backup` and `npm run restore`: run the built command (dist/server/backup.js or its restore twin) with plain
// Node, building first when dist/ is missing or stale, as `npm start` does. An installation without its
// development dependencies (the Dockerfile of docs/deployment.md prunes them) has no TypeScript runner.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isBuildStale, root } from './build-state.mjs';

const COMMANDS = ['backup', 'restore'];
const command = process.argv[2];
if (!COMMANDS.includes(command)) {
  console.error(`usage : node scripts/ops.mjs <${COMMANDS.join('|')}> [options]`);
  process.exit(2);
}
if (isBuildStale()) {
  console.log('Construction de l’application (dist/ absent ou périmé)…');
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit', cwd: root });
}
// The command reads its own options from process.argv, as when it is run directly.
process.argv.splice(2, 1);
await import(pathToFileURL(path.join(root, 'dist/server', `${command}.js`)).href);
