import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { testConfig, type AppConfig } from '../../config';
import { openTestDatabase, type TestApp } from '../../test/harness';

/** A test app with one extra signed-in-only route (`GET/POST /api/test/private`) to exercise the global guards. */
export async function createGuardedTestApp(
  overrides: Partial<AppConfig> = {},
  now?: () => Date,
): Promise<TestApp & { app: FastifyInstance }> {
  const { handle, drop } = await openTestDatabase();
  const appConfig = testConfig(overrides);
  const app = await buildApp({ handle, config: appConfig, ...(now ? { now } : {}) });
  const config = { access: { area: 'dashboard', mode: 'read' } } as const;
  app.get('/api/test/private', { config }, async (request) => ({ userId: request.user?.id }));
  app.post('/api/test/private', { config }, async (request) => ({ userId: request.user?.id }));
  app.route({ method: ['PUT', 'PATCH', 'DELETE'], url: '/api/test/private', config, handler: async () => ({}) });
  await app.ready();
  return {
    app,
    handle,
    config: appConfig,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/** The session cookie value found in a Set-Cookie header, if any. */
export function sessionCookieValue(setCookie: string | string[] | undefined, name: string): string | undefined {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const c of list) {
    const [pair] = c.split(';');
    const [k, v] = pair!.split('=');
    if (k === name) return v;
  }
  return undefined;
}
