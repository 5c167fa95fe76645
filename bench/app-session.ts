/** Helpers shared by the benchmarks that load the real built app (dist/server/main.js) over HTTP. */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Builds the app when the sources are newer than dist/ (as `npm start` does). */
export async function ensureBuilt(): Promise<void> {
  // @ts-expect-error -- plain ESM helper without type declarations
  const { isBuildStale } = (await import('../scripts/build-state.mjs')) as { isBuildStale: () => boolean };
  if (isBuildStale()) execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
}

/** Signs in over HTTP like the browser (CSRF token, then login) and returns the session cookie. */
export async function signedInCookie(baseUrl: string, username = 'commercial', password = 'demo1234'): Promise<string> {
  const first = await fetch(`${baseUrl}/api/csrf-token`);
  const anonCookie = (first.headers.get('set-cookie') ?? '').split(';')[0]!;
  const { csrfToken } = (await first.json()) as { csrfToken: string };
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: anonCookie, 'x-csrf-token': csrfToken },
    body: JSON.stringify({ username, password }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  return (login.headers.get('set-cookie') ?? '').split(';')[0]!;
}
