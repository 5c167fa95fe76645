/**
 * API test harness: a real database per test file (PGlite in memory, or a fresh
 * PostgreSQL database when TEST_DATABASE_URL is set), migrations applied, the app
 * built, and helpers to sign in as a user of any role and organization.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hash } from '@node-rs/argon2';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { slugify } from '@shared/slug';
import { buildApp } from '../app';
import { testConfig, type AppConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { migrate } from '../db/migrate';
import { organizations, users } from '../db/schema';

export interface TestApp {
  app: FastifyInstance;
  handle: DatabaseHandle;
  config: AppConfig;
  close(): Promise<void>;
}

/** Opens a fresh, migrated database: PGlite in memory, or a new database on TEST_DATABASE_URL's server. */
export async function openTestDatabase(): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const template = process.env.PRICER_PGLITE_TEMPLATE;
    const handle = await openDatabase({
      pgliteTemplate: template ? new Blob([readFileSync(template)]) : undefined,
    });
    await migrate(handle);
    return { handle, drop: () => handle.close() };
  }
  const name = `pricer_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = await openDatabase({ databaseUrl: url, poolSize: 1 });
  await admin.exec(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 5 });
  await migrate(handle);
  return {
    handle,
    drop: async () => {
      await handle.close();
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

export async function createTestApp(overrides: Partial<AppConfig> = {}, now?: () => Date): Promise<TestApp> {
  const { handle, drop } = await openTestDatabase();
  const config = testConfig(overrides);
  const app = await buildApp({ handle, config, ...(now ? { now } : {}) });
  await app.ready();
  return {
    app,
    handle,
    config,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

export interface TestUser {
  id: string;
  organizationId: string;
  username: string;
  password: string;
  role: string;
}

let counter = 0;

/** Creates an organization directly in the database. */
export async function createOrganization(t: TestApp, name = `Org ${++counter}`): Promise<string> {
  const [org] = await t.handle.db
    .insert(organizations)
    .values({ name, slug: `${slugify(name, 'organisation')}-${randomUUID().slice(0, 8)}` })
    .returning({ id: organizations.id });
  return org!.id;
}

/** Creates a user directly in the database (cheap argon2 parameters are NOT used: the real hash is). */
export async function createUser(
  t: TestApp,
  options: { role?: TestUser['role']; organizationId?: string; active?: boolean } = {},
): Promise<TestUser> {
  const organizationId = options.organizationId ?? (await createOrganization(t));
  const username = `user${++counter}_${randomUUID().slice(0, 6)}`;
  const password = 'motdepasse-solide-1';
  const [row] = await t.handle.db
    .insert(users)
    .values({
      organizationId,
      username,
      email: `${username}@example.test`,
      firstName: 'Prénom',
      lastName: 'Nom',
      role: (options.role ?? 'admin') as 'admin',
      passwordHash: await hash(password),
      active: options.active ?? true,
    })
    .returning({ id: users.id });
  return { id: row!.id, organizationId, username, password, role: options.role ?? 'admin' };
}

/** A client that carries a session cookie and CSRF token like the browser does. */
export class TestClient {
  cookie = '';
  csrfToken = '';
  constructor(private readonly app: FastifyInstance) {}

  private absorbCookies(res: LightMyRequestResponse): void {
    const setCookie = res.headers['set-cookie'];
    const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
    for (const c of list) {
      const pair = c.split(';')[0]!;
      const [name, value] = pair.split('=');
      if (!name) continue;
      const others = this.cookie
        .split('; ')
        .filter((p) => p && !p.startsWith(`${name}=`))
        .join('; ');
      this.cookie = value ? [others, pair].filter(Boolean).join('; ') : others;
    }
  }

  /** The value of one cookie this client holds (e.g. the session id), if any. */
  cookieValue(name: string): string | undefined {
    const pair = this.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
    return pair?.slice(name.length + 1);
  }

  async request(options: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const method = (options.method ?? 'GET').toUpperCase();
    const mutating = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    if (mutating && options.csrf !== false && !this.csrfToken) await this.fetchCsrf();
    const headers: Record<string, string> = { ...(options.headers as Record<string, string> | undefined) };
    if (this.cookie) headers.cookie = this.cookie;
    if (mutating && options.csrf !== false) headers['x-csrf-token'] = this.csrfToken;
    const res = await this.app.inject({ ...options, headers });
    this.absorbCookies(res);
    return res;
  }

  get(url: string): Promise<LightMyRequestResponse> {
    return this.request({ method: 'GET', url });
  }

  post(url: string, payload?: unknown, options: { csrf?: boolean } = {}): Promise<LightMyRequestResponse> {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'], ...options });
  }

  async fetchCsrf(): Promise<string> {
    const res = await this.request({ method: 'GET', url: '/api/csrf-token' });
    this.csrfToken = (res.json() as { csrfToken: string }).csrfToken;
    return this.csrfToken;
  }

  async login(user: Pick<TestUser, 'username' | 'password'>): Promise<LightMyRequestResponse> {
    const res = await this.post('/api/login', { username: user.username, password: user.password });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return res;
  }
}

/** Creates a user of the given role (in a new or given organization) and a client signed in as them. */
export async function signedInClient(
  t: TestApp,
  options: { role?: string; organizationId?: string } = {},
): Promise<{ client: TestClient; user: TestUser }> {
  const user = await createUser(t, options);
  const client = new TestClient(t.app);
  await client.login(user);
  return { client, user };
}
