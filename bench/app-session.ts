/** Helpers shared by the benchmarks that load the real built app (dist/server/main.js) over HTTP. */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../server/db/client';
import { organizations, users } from '../server/db/schema';
import { hashPassword } from '../server/modules/auth/password';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Builds the app when the sources are newer than dist/ (as `npm start` does). */
export async function ensureBuilt(): Promise<void> {
  const { isBuildStale } = await import('../scripts/build-state.mjs');
  if (isBuildStale()) execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
}

/** Signs in over HTTP like the browser (CSRF token, then login) and returns the cookies to send. */
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
  // Every cookie the sign-in sets, as a browser sends them back (the session and the known-device cookie).
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** A fresh organization "Bijouterie Bench" with one sales user `bench` (the password given); returns its id. */
export async function seedBenchOrganization(handle: DatabaseHandle, password: string): Promise<string> {
  const [org] = await handle.db
    .insert(organizations)
    .values({ name: 'Bijouterie Bench', slug: `bench-${randomUUID().slice(0, 8)}` })
    .returning({ id: organizations.id });
  await handle.db.insert(users).values({
    organizationId: org!.id,
    username: 'bench',
    email: 'bench@example.test',
    firstName: 'Bench',
    lastName: 'User',
    role: 'sales',
    passwordHash: await hashPassword(password),
  });
  return org!.id;
}
