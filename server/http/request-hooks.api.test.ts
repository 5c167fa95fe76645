/**
 * The order of the checks every request goes through (ADR 0007) and what a route carries for them (ADR 0018): a
 * refused request is answered before its body is read, and a GET route has no preHandler and no onResponse hook.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCacheSize } from '../modules/auth/session.store';
import { createTestApp, signedInClient, TestClient, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** The hook lines Fastify prints for one route and method, e.g. `onRequest ["startRequest()",…]`. */
function hookLinesOf(path: string, method: string): string[] {
  const lines = t.app.printRoutes({ includeHooks: true, commonPrefix: false }).split('\n');
  const start = lines.findIndex((line) => line.trimEnd().endsWith(`${path} (${method})`));
  expect(start, `${method} ${path} is registered`).toBeGreaterThanOrEqual(0);
  const hooks: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const hook = /• \((\w+)\) (.*)$/.exec(line);
    if (!hook) break;
    hooks.push(`${hook[1]!} ${hook[2]!}`);
  }
  return hooks;
}

/** The kinds of hooks one route and method has, in order. */
const hooksOf = (path: string, method: string): string[] =>
  hookLinesOf(path, method).map((line) => line.split(' ')[0]!);

/** `POST /api/users` with a body cut in the middle of its JSON. */
const postTruncatedUser = (client: TestClient) =>
  client.request({
    method: 'POST',
    url: '/api/users',
    payload: '{"username":',
    headers: { 'content-type': 'application/json' },
  });

describe('the checks before a route', () => {
  it('answer a forbidden role with 403 before its body is parsed', async () => {
    const { client } = await signedInClient(t, { role: 'sales' });
    const malformed = await postTruncatedUser(client);
    expect(malformed.statusCode).toBe(403);
    expect(malformed.json()).toMatchObject({ code: 'FORBIDDEN' });
    // The same body from a role that may write users is read, and refused as malformed.
    const { client: admin } = await signedInClient(t, { role: 'admin' });
    const parsed = await postTruncatedUser(admin);
    expect(parsed.statusCode).toBe(400);
  });

  it('still guard the body of a write, after authorization', async () => {
    const { client } = await signedInClient(t, { role: 'admin' });
    const res = await client.post('/api/clients', { firstName: 'a\u0000b', lastName: 'Durand' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { firstName: expect.any(Array) } });
  });

  it('guard the path and query of a read', async () => {
    const { client } = await signedInClient(t, { role: 'admin' });
    const res = await client.get('/api/clients?q=%00');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it("run the session and authorization before a route's own onRequest check", async () => {
    // `/api/diamonds/:id` answers 404 to an id that is not digits, in its own onRequest hook: only once signed in.
    expect((await new TestClient(t.app).get('/api/diamonds/not-digits')).statusCode).toBe(401);
    const { client } = await signedInClient(t, { role: 'sales' });
    expect((await client.get('/api/diamonds/not-digits')).statusCode).toBe(404);
  });

  it('put the request id on an answer refused before any route code ran', async () => {
    const res = await new TestClient(t.app).get('/api/spot/gold');
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
  });

  it('leave a read route without preHandler and onResponse hooks, and give the body guard to writes only', () => {
    expect(hooksOf('/api/spot/gold', 'GET')).toEqual(['onRequest', 'onSend']);
    expect(hooksOf('/api/clients', 'GET')).toEqual(['onRequest', 'onSend']);
    expect(hooksOf('/api/clients', 'POST')).toEqual(['onRequest', 'preHandler', 'onSend']);
  });

  it('drop the session cache after the writes that may change a session, and only those', async () => {
    const { client } = await signedInClient(t, { role: 'admin' });
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect(sessionCacheSize()).toBeGreaterThan(0);
    // Reads and business writes, answered or refused, leave the loaded sessions where they are.
    expect((await client.get('/api/settings')).statusCode).toBe(200);
    expect((await client.post('/api/clients', { lastName: 'Cache' })).statusCode).toBeLessThan(500);
    expect((await client.post('/api/clients', 'not json')).statusCode).toBe(400);
    expect((await client.post('/api/nowhere', {})).statusCode).toBe(404);
    expect(sessionCacheSize()).toBeGreaterThan(0);
    // A write on the settings, even refused, drops them: the next request reads its session again.
    expect((await client.request({ method: 'PUT', url: '/api/settings', payload: {} })).statusCode).toBe(400);
    expect(sessionCacheSize()).toBe(0);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect(sessionCacheSize()).toBeGreaterThan(0);
  });

  it('parse no cookie for every request: the session hook reads its own cookie by name', async () => {
    const onRequest = hookLinesOf('/api/spot/gold', 'GET').find((line) => line.startsWith('onRequest'));
    expect(onRequest).toContain('startRequest');
    expect(onRequest).not.toContain('fastifyCookieHandler');
    // Other cookies around the session's, before and after it, with look-alike names: still signed in.
    const { client } = await signedInClient(t, { role: 'sales' });
    const name = t.app.config.cookieName;
    const session = `${name}=${client.cookieValue(name)!}`;
    const read = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/spot/gold', headers: { cookie } });
    expect((await read(`${name}_x=1; theme=dark;${session} ; x_${name}=2`)).statusCode).not.toBe(401);
    expect((await read(`${name}_x=1; theme=dark; x_${name}=2`)).statusCode).toBe(401);
  });
});
