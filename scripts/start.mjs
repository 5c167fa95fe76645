// `npm start`: builds when dist/ is missing or older than a source file, then runs the server in this
// same process (no second Node start-up: cold start matters). The environment passes through as is.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isBuildStale, root } from './build-state.mjs';

if (isBuildStale()) {
  console.log('Construction de l’application (dist/ absent ou périmé)…');
  // A child process: the build tools' memory is not kept by the server.
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit', cwd: root });
}
await import(pathToFileURL(path.join(root, 'dist/server/main.js')).href);
