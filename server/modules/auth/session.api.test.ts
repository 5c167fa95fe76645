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
    const idHash = hashSessionId(client.cookie.split('=')[1]!);
    await t.handle.db.update(users).set({ active: false }).where(eq(users.id, userId));
    expect((await client.get('/api/user')).statusCode).toBe(401);
    expect(await t.handle.db.select().from(sessions).where(eq(sessions.idHash, idHash))).toHaveLength(0);
  });

  it('refuses the users of a suspended organization', async () => {
    const { client, organizationId } = await signIn();
    await t.handle.db.update(organizations).set({ status: 'suspended' }).where(eq(organizations.id, organizationId));
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('expires after 30 idle minutes, refreshing last_seen_at at most once a minute', async () => {
    const { client } = await signIn();
    const idHash = hashSessionId(client.cookie.split('=')[1]!);
    const lastSeen = async () =>
      (await t.handle.db.select().from(sessions).where(eq(sessions.idHash, idHash)))[0]!.lastSeenAt.getTime();
    const start = await lastSeen();
    advance(30 * 1000);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect(await lastSeen()).toBe(start); // no write within the minute
    advance(29 * MINUTE);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect(await lastSeen()).toBe(clock.getTime());
    advance(29 * MINUTE);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    advance(30 * MINUTE);
    expect((await client.get('/api/user')).statusCode).toBe(401);
    expect(await t.handle.db.select().from(sessions).where(eq(sessions.idHash, idHash))).toHaveLength(0);
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
