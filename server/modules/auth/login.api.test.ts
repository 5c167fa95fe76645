import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema } from '@shared/schemas/auth';
import { organizations, users } from '../../db/schema';
import { TestClient, createOrganization, createTestApp, createUser, type TestApp } from '../../test/harness';
import { sessionCookieValue } from './auth.test-helpers';
import { INVALID_CREDENTIALS_MESSAGE } from './login.route';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Each test uses its own client IP so the per-IP counter of one test never throttles another. */
let ipCounter = 0;
function clientFromNewIp(): TestClient {
  const client = new TestClient(t.app);
  const ip = `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const original = client.request.bind(client);
  client.request = (options) => original({ ...options, remoteAddress: ip });
  return client;
}

describe('POST /api/login', () => {
  it('signs in, answers the current user and rotates the session id', async () => {
    const user = await createUser(t, { role: 'manager' });
    const client = clientFromNewIp();
    const csrf = await client.fetchCsrf();
    const before = client.cookie;
    const res = await client.post('/api/login', { username: user.username, password: user.password });
    expect(res.statusCode).toBe(200);
    const body = currentUserSchema.parse(res.json());
    expect(body).toMatchObject({ id: user.id, username: user.username, role: 'manager' });
    expect(body.productWord).toEqual({ menu: 'Diamant', toast: 'diamants' });
    expect(res.json()).not.toHaveProperty('passwordHash');
    const newId = sessionCookieValue(res.headers['set-cookie'], t.config.cookieName);
    expect(newId).toBeTruthy();
    expect(`${t.config.cookieName}=${newId}`).not.toBe(before);

    // The old (pre-login) session id is worthless; the CSRF token carried over.
    const old = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: before } });
    expect(old.statusCode).toBe(401);
    const again = await client.get('/api/csrf-token');
    expect((again.json() as { csrfToken: string }).csrfToken).toBe(csrf);
    const me = await client.get('/api/user');
    expect(me.statusCode).toBe(200);

    const [row] = await t.handle.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.lastLoginAt).toBeInstanceOf(Date);
  });

  it('accepts the username in any case', async () => {
    const user = await createUser(t);
    const client = clientFromNewIp();
    const res = await client.post('/api/login', { username: user.username.toUpperCase(), password: user.password });
    expect(res.statusCode).toBe(200);
  });

  it('gives the same generic answer for a wrong password, an unknown user, an inactive user and a suspended org', async () => {
    const user = await createUser(t);
    const inactive = await createUser(t, { active: false });
    const suspendedOrg = await createOrganization(t);
    const suspended = await createUser(t, { organizationId: suspendedOrg });
    await t.handle.db.update(organizations).set({ status: 'suspended' }).where(eq(organizations.id, suspendedOrg));
    const attempts = [
      { username: user.username, password: 'mauvais-mot-de-passe' },
      { username: 'personne-inconnue', password: 'peu-importe-1' },
      { username: inactive.username, password: inactive.password },
      { username: suspended.username, password: suspended.password },
    ];
    for (const attempt of attempts) {
      const res = await clientFromNewIp().post('/api/login', attempt);
      expect(res.statusCode, attempt.username).toBe(401);
      expect(res.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: INVALID_CREDENTIALS_MESSAGE });
    }
  });

  it('answers 400 with field errors for bad input, never 500', async () => {
    const client = clientFromNewIp();
    const empty = await client.post('/api/login', {});
    expect(empty.statusCode).toBe(400);
    const body = empty.json() as { code: string; fieldErrors: Record<string, string[]> };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fieldErrors.username).toEqual(['Ce champ est obligatoire']);
    expect(body.fieldErrors.password).toEqual(['Ce champ est obligatoire']);
    const wrongTypes = await client.post('/api/login', { username: 12, password: ['x'] });
    expect(wrongTypes.statusCode).toBe(400);
    const notJson = await client.request({
      method: 'POST',
      url: '/api/login',
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('answers 403 without the CSRF token', async () => {
    const user = await createUser(t);
    const client = clientFromNewIp();
    await client.fetchCsrf();
    const res = await client.post('/api/login', { username: user.username, password: user.password }, { csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CSRF_INVALID' });
  });

  it('locks an account after 5 failures (429, even with the right password) and a success resets the counter', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    // 4 failures, then a success resets the account counter.
    for (let i = 0; i < 4; i++) {
      const res = await clientFromNewIp().post('/api/login', { username: user.username, password: 'faux-mdp-123' });
      expect(res.statusCode).toBe(401);
    }
    expect((await clientFromNewIp().post('/api/login', user)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      const res = await clientFromNewIp().post('/api/login', { username: user.username, password: 'faux-mdp-123' });
      expect(res.statusCode).toBe(401);
    }
    const locked = await clientFromNewIp().post('/api/login', { username: user.username, password: user.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((locked.json() as { message: string }).message).toMatch(/Réessayez/);
    // Another account is not affected.
    expect((await clientFromNewIp().post('/api/login', other)).statusCode).toBe(200);
  });

  it('locks an IP after 20 failures across accounts', async () => {
    const user = await createUser(t);
    const client = clientFromNewIp();
    for (let i = 0; i < 20; i++) {
      const res = await client.post('/api/login', { username: `inconnu-${i}`, password: 'faux-mdp-123' });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await client.post('/api/login', { username: user.username, password: user.password });
    expect(blocked.statusCode).toBe(429);
    expect((await clientFromNewIp().post('/api/login', user)).statusCode).toBe(200);
  });
});
