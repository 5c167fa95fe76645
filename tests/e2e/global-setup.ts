/** Builds the app once before the browser tests when dist/ is missing or stale, and checks a browser exists. */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { isBuildStale, root } from '../../scripts/build-state.mjs';
import { resolveChromium } from './browser';

export default async function setup(): Promise<void> {
  const choice = await resolveChromium();
  console.log(`[e2e] Chromium from ${choice.origin}: ${choice.executablePath}`);
  if (isBuildStale()) {
    console.log('[e2e] building the app (dist/ missing or stale)…');
    execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
      stdio: 'inherit',
      cwd: root,
    });
  }
}
