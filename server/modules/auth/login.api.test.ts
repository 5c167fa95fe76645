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

  it('from one address: 5 guesses, then 429 for 15 minutes even with the right password; other accounts unaffected', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const client = clientFromNewIp();
    // 4 failures, then a success resets this account's counter for this address.
    for (let i = 0; i < 4; i++) {
      expect((await client.post('/api/login', { username: user.username, password: 'faux-mdp-123' })).statusCode).toBe(
        401,
      );
    }
    expect((await client.post('/api/login', user)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/api/login', { username: user.username, password: 'faux-mdp-123' })).statusCode).toBe(
        401,
      );
    }
    const locked = await client.post('/api/login', { username: user.username, password: user.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((locked.json() as { message: string }).message).toMatch(/Réessayez/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await client.post('/api/login', other)).statusCode).toBe(200);
  });

  it('evaluates at most 5 of 120 parallel guesses on one account from one address', async () => {
    const user = await createUser(t);
    const client = clientFromNewIp();
    await client.fetchCsrf();
    const answers = await Promise.all(
      Array.from({ length: 120 }, () =>
        client.post('/api/login', { username: user.username, password: 'faux-mdp-123' }),
      ),
    );
    const evaluated = answers.filter((r) => r.statusCode === 401).length;
    expect(evaluated).toBeGreaterThan(0);
    expect(evaluated).toBeLessThanOrEqual(5);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(120 - evaluated);
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

describe('a stranger cannot lock the real user out (ADR 0002)', () => {
  let clock = new Date('2026-05-04T09:00:00Z');
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp({}, () => clock);
  });
  afterAll(async () => {
    await s.close();
  });
  const from = (ip: string, client = new TestClient(s.app)): TestClient => {
    const original = client.request.bind(client);
    client.request = (options) => original({ ...options, remoteAddress: ip });
    return client;
  };
  const guessFromManyAddresses = async (username: string, count: number): Promise<void> => {
    for (let i = 0; i < count; i++) {
      await from(`203.0.113.${i + 1}`).post('/api/login', { username, password: 'devine-le-123' });
    }
  };

  it('evaluates at most 5 of 120 parallel guesses on one account from 120 addresses (the clock stands still)', async () => {
    const user = await createUser(s);
    const answers = await Promise.all(
      Array.from({ length: 120 }, async (_, i) => {
        const client = from(`198.18.${Math.floor(i / 250)}.${i % 250}`);
        await client.fetchCsrf();
        return client.post('/api/login', { username: user.username, password: 'faux-mdp-123' });
      }),
    );
    const evaluated = answers.filter((r) => r.statusCode === 401).length;
    expect(evaluated).toBeGreaterThan(0);
    expect(evaluated).toBeLessThanOrEqual(5);
  });

  it('the real user signs in from a known browser or address while the account is under attack', async () => {
    const user = await createUser(s);
    const office = from('198.51.100.7');
    expect((await office.login(user)).statusCode).toBe(200);
    const device = office.cookieValue(`${s.config.cookieName}_device`);
    expect(device).toBeTruthy();
    await office.post('/api/logout', {});

    await guessFromManyAddresses(user.username, 30);
    const stranger = await from('203.0.113.99').post('/api/login', { username: user.username, password: 'x-1234567' });
    expect(stranger.statusCode).toBe(429);

    // Same address as before, no cookie: known address.
    expect((await from('198.51.100.7').post('/api/login', user)).statusCode).toBe(200);
    // Another address (on the move), same browser: known device.
    const phone = from('192.0.2.50');
    phone.cookie = `${s.config.cookieName}_device=${device}`;
    expect((await phone.post('/api/login', user)).statusCode).toBe(200);
  });

  it('from an unknown browser and address the real user waits seconds to minutes, never a lock', async () => {
    const user = await createUser(s);
    await guessFromManyAddresses(user.username, 8);
    const newcomer = from('192.0.2.77');
    const slowed = await newcomer.post('/api/login', user);
    expect(slowed.statusCode).toBe(429);
    const wait = Number(slowed.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    clock = new Date(clock.getTime() + wait * 1000);
    expect((await newcomer.post('/api/login', user)).statusCode).toBe(200);
  });
});
