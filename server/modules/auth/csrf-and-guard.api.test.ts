import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import { hashSessionId } from './tokens';
import { TestClient, createUser, type TestApp } from '../../test/harness';
import { createGuardedTestApp, sessionCookieValue } from './auth.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createGuardedTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/csrf-token', () => {
  it('gives a visitor a signed HttpOnly SameSite=Lax browser-session cookie and its token, writing nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/csrf-token' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { csrfToken: string };
    expect(body.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toContain(`${t.config.cookieName}_csrf=`);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Secure');
    expect(setCookie).not.toMatch(/Expires|Max-Age/i);
    expect(await t.handle.db.select().from(sessions)).toHaveLength(0);
  });

  it('answers the same token while the cookie is kept, and refuses a tampered cookie', async () => {
    const client = new TestClient(t.app);
    const first = await client.fetchCsrf();
    const again = await client.get('/api/csrf-token');
    expect((again.json() as { csrfToken: string }).csrfToken).toBe(first);
    expect(again.headers['set-cookie']).toBeUndefined();
    const tampered = client.cookie.replace(/=(.)/, (_m, c: string) => `=${c === 'A' ? 'B' : 'A'}`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: tampered, 'x-csrf-token': first },
    });
    expect(res.statusCode).toBe(403);
    expect((await client.post('/api/logout', {})).statusCode).toBe(200);
  });

  it('a flood of token requests without a cookie does not grow the database (it used to: 3,000 rows in 3 s)', async () => {
    const countSessions = async () => (await t.handle.db.select().from(sessions)).length;
    const before = await countSessions();
    const tokens = new Set<string>();
    for (let batch = 0; batch < 30; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 100 }, () => t.app.inject({ method: 'GET', url: '/api/csrf-token' })),
      );
      for (const res of answers) tokens.add((res.json() as { csrfToken: string }).csrfToken);
    }
    expect(tokens.size).toBe(3000);
    expect(await countSessions()).toBe(before);
  });

  it('stores a signed-in session by the hash of its id only', async () => {
    const user = await createUser(t);
    const client = new TestClient(t.app);
    await client.login(user);
    const id = client.cookieValue(t.config.cookieName)!;
    expect(await t.handle.db.select().from(sessions).where(eq(sessions.idHash, id))).toHaveLength(0);
    const hashed = await t.handle.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hashSessionId(id)));
    expect(hashed).toHaveLength(1);
    expect(hashed[0]!.userId).toBe(user.id);
  });

  it('sets the Secure flag when cookieSecure is on', async () => {
    const secure = await createGuardedTestApp({ cookieSecure: true });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/api/csrf-token' });
      expect(String(res.headers['set-cookie'])).toContain('Secure');
    } finally {
      await secure.close();
    }
  });
});

describe('CSRF on mutating routes', () => {
  it('refuses a POST without the header (403 CSRF_INVALID), even to a public route', async () => {
    const client = new TestClient(t.app);
    await client.fetchCsrf();
    for (const url of ['/api/login', '/api/register', '/api/logout', '/api/logs', '/api/test/private']) {
      const res = await client.post(url, {}, { csrf: false });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'CSRF_INVALID' });
    }
  });

  it('refuses a wrong token and a token from another session', async () => {
    const a = new TestClient(t.app);
    const b = new TestClient(t.app);
    await a.fetchCsrf();
    const tokenB = await b.fetchCsrf();
    const wrong = await a.request({
      method: 'POST',
      url: '/api/logout',
      headers: { 'x-csrf-token': 'x'.repeat(43) },
      csrf: false,
    });
    expect(wrong.statusCode).toBe(403);
    const foreign = await a.request({
      method: 'POST',
      url: '/api/logout',
      headers: { 'x-csrf-token': tokenB },
      csrf: false,
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('refuses a token sent without any session cookie', async () => {
    const client = new TestClient(t.app);
    const token = await client.fetchCsrf();
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { 'x-csrf-token': token } });
    expect(res.statusCode).toBe(403);
  });

  it('checks PUT, PATCH and DELETE too', async () => {
    const client = new TestClient(t.app);
    await client.fetchCsrf();
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await client.request({ method, url: '/api/test/private', csrf: false });
      expect(res.statusCode, method).toBe(403);
    }
  });
});

describe('access guard', () => {
  it('answers 401 UNAUTHENTICATED on a private route when signed out', async () => {
    const client = new TestClient(t.app);
    const get = await client.get('/api/test/private');
    expect(get.statusCode).toBe(401);
    expect(get.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const post = await client.post('/api/test/private', {});
    expect(post.statusCode).toBe(401);
  });

  it('lets a signed-in user through', async () => {
    const user = await createUser(t);
    const client = new TestClient(t.app);
    await client.login(user);
    const res = await client.get('/api/test/private');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: user.id });
    const post = await client.post('/api/test/private', {});
    expect(post.statusCode).toBe(200);
  });

  it('keeps unknown /api paths a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('ignores a forged cookie value', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      cookies: { [t.config.cookieName]: 'forged-session-id' },
    });
    expect(res.statusCode).toBe(401);
    // Never accepted, and the browser is told to drop it.
    expect(sessionCookieValue(res.headers['set-cookie'], t.config.cookieName)).toBe('');
  });
});
