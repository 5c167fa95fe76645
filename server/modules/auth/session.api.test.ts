import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, sessions, users } from '../../db/schema';
import { TestClient, createTestApp, createUser, type TestApp } from '../../test/harness';
import { hashSessionId } from './tokens';

let clock = new Date('2026-03-02T09:00:00Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const MINUTE = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sessionIdleMinutes: 30, sessionAbsoluteHours: 12 }, () => clock);
});
afterAll(async () => {
  await t.close();
});

async function signIn(): Promise<{ client: TestClient; userId: string; organizationId: string }> {
  const user = await createUser(t);
  const client = new TestClient(t.app);
  await client.login(user);
  return { client, userId: user.id, organizationId: user.organizationId };
}

describe('GET /api/user', () => {
  it('answers 401 when signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const anonymous = new TestClient(t.app);
    await anonymous.fetchCsrf();
    expect((await anonymous.get('/api/user')).statusCode).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('destroys the session: the old cookie gets 401, the cached CSRF token still works for the next sign-in', async () => {
    const user = await createUser(t);
    const client = new TestClient(t.app);
    await client.login(user);
    const signedInCookie = client.cookie;
    const res = await client.post('/api/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(client.cookie).not.toBe(signedInCookie);
    const replay = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: signedInCookie } });
    expect(replay.statusCode).toBe(401);
    expect((await client.get('/api/user')).statusCode).toBe(401);
    expect((await client.post('/api/login', user)).statusCode).toBe(200);
  });

  it('answers ok when already signed out, and 403 without the CSRF token', async () => {
    const client = new TestClient(t.app);
    expect((await client.post('/api/logout')).json()).toEqual({ ok: true });
    const { client: signedIn } = await signIn();
    const res = await signedIn.post('/api/logout', undefined, { csrf: false });
    expect(res.statusCode).toBe(403);
    expect((await signedIn.get('/api/user')).statusCode).toBe(200);
  });
});

describe('session lifetime', () => {
  it('refuses a deactivated user on their next request and deletes the session', async () => {
    const { client, userId } = await signIn();
    const idHash = hashSessionId(client.cookieValue(t.config.cookieName)!);
    await t.handle.db.update(users).set({ active: false }).where(eq(users.id, userId));
    expect((await client.get('/api/user')).statusCode).toBe(401);
    expect(await t.handle.db.select().from(sessions).where(eq(sessions.idHash, idHash))).toHaveLength(0);
  });

  it('refuses the users of a suspended organization', async () => {
    const { client, organizationId } = await signIn();
    await t.handle.db.update(organizations).set({ status: 'suspended' }).where(eq(organizations.id, organizationId));
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('expires exactly 30 idle minutes after the last use, not up to a minute early', async () => {
    const { client } = await signIn();
    const idHash = hashSessionId(client.cookieValue(t.config.cookieName)!);
    const lastSeen = async () =>
      (await t.handle.db.select().from(sessions).where(eq(sessions.idHash, idHash)))[0]!.lastSeenAt.getTime();
    advance(59 * 1000);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect(await lastSeen()).toBe(clock.getTime());
    const lastUse = clock.getTime();
    advance(30 * MINUTE - 1000);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    advance(30 * MINUTE);
    expect((await client.get('/api/user')).statusCode).toBe(401);
    expect(await t.handle.db.select().from(sessions).where(eq(sessions.idHash, idHash))).toHaveLength(0);
    expect(lastUse).toBeLessThan(clock.getTime());
  });

  it('the cookie lives as long as the session may: renewed on use, dropped when the session ends', async () => {
    const user = await createUser(t);
    const client = new TestClient(t.app);
    const login = await client.login(user);
    const expiresOf = (res: { headers: Record<string, unknown> }) => {
      const header = ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? []);
      const own = header.find((c) => c.startsWith(`${t.config.cookieName}=`));
      return own ? new Date(/Expires=([^;]+)/.exec(own)![1]!).getTime() : undefined;
    };
    expect(expiresOf(login)).toBe(Math.floor((clock.getTime() + 30 * MINUTE) / 1000) * 1000);
    advance(10 * MINUTE);
    const used = await client.get('/api/user');
    expect(expiresOf(used)).toBe(Math.floor((clock.getTime() + 30 * MINUTE) / 1000) * 1000);
    advance(31 * MINUTE);
    const ended = await client.get('/api/user');
    expect(ended.statusCode).toBe(401);
    expect(expiresOf(ended)).toBeLessThanOrEqual(clock.getTime());
  });

  it('answers signed-in requests with Cache-Control: no-store', async () => {
    const { client } = await signIn();
    for (const url of ['/api/user', '/api/account', '/api/settings', '/api/superadmin/organizations']) {
      const res = await client.get(url);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('expires after 12 hours even when active', async () => {
    const { client } = await signIn();
    for (let i = 0; i < 24; i++) {
      advance(29 * MINUTE);
      expect((await client.get('/api/user')).statusCode, `step ${i}`).toBe(200);
    }
    advance(25 * MINUTE); // 12h05 after sign-in
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });
});
