import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema } from '@shared/schemas/auth';
import { organizations, users } from '../../db/schema';
import { TestClient, createTestApp, signedInClient, type TestApp } from '../../test/harness';
import { USERNAME_TAKEN_MESSAGE } from './register.route';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let ipCounter = 0;
function clientFromNewIp(app = t.app): TestClient {
  const client = new TestClient(app);
  const ip = `10.1.0.${++ipCounter}`;
  const original = client.request.bind(client);
  client.request = (options) => original({ ...options, remoteAddress: ip });
  return client;
}

const valid = (username: string) => ({
  username,
  email: `${username}@example.test`,
  firstName: 'Émilie',
  lastName: 'Durand',
  password: 'un-mot-de-passe-solide',
});

describe('POST /api/register', () => {
  it('creates a new organization whose first user is its admin, and signs them in', async () => {
    const client = clientFromNewIp();
    const res = await client.post('/api/register', valid('emilie.durand'));
    expect(res.statusCode).toBe(200);
    const user = currentUserSchema.parse(res.json());
    expect(user).toMatchObject({
      username: 'emilie.durand',
      role: 'admin',
      firstName: 'Émilie',
      organizationName: 'Bijouterie Émilie Durand',
    });
    const [org] = await t.handle.db.select().from(organizations).where(eq(organizations.id, user.organizationId));
    expect(org!.slug).toBe('bijouterie-emilie-durand');
    const [row] = await t.handle.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const me = await client.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(user);

    // Same names again: a second organization with its own unique slug.
    const second = await clientFromNewIp().post('/api/register', valid('emilie.durand2'));
    expect(second.statusCode).toBe(200);
    const secondUser = currentUserSchema.parse(second.json());
    expect(secondUser.organizationId).not.toBe(user.organizationId);
  });

  it('refuses a username already taken, whatever its case (409)', async () => {
    expect((await clientFromNewIp().post('/api/register', valid('Bijoutier'))).statusCode).toBe(200);
    const res = await clientFromNewIp().post('/api/register', valid('bijoutier'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'USERNAME_TAKEN', message: USERNAME_TAKEN_MESSAGE });
  });

  it('answers 400 with French field errors for bad input', async () => {
    const res = await clientFromNewIp().post('/api/register', {
      username: 'a',
      email: 'pas-un-email',
      firstName: '',
      password: 'court',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; fieldErrors: Record<string, string[]> };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.fieldErrors).sort()).toEqual(['email', 'firstName', 'lastName', 'password', 'username']);
    expect(body.fieldErrors.email).toEqual(['Adresse email invalide']);
    expect(body.fieldErrors.password).toEqual(['Le mot de passe doit contenir au moins 8 caractères']);
  });

  it('answers 403 without the CSRF token', async () => {
    const client = clientFromNewIp();
    await client.fetchCsrf();
    const res = await client.post('/api/register', valid('sans.csrf'), { csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CSRF_INVALID' });
  });

  it('limits registrations per IP (10 per hour)', async () => {
    const client = clientFromNewIp();
    for (let i = 0; i < 10; i++) {
      const res = await client.post('/api/register', valid(`serie-${i}`));
      expect(res.statusCode, `attempt ${i}`).toBe(200);
    }
    const res = await client.post('/api/register', valid('serie-10'));
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('a user of the second organization sees only their own organization', async () => {
    const a = await signedInClient(t);
    const b = await signedInClient(t);
    const meA = (await a.client.get('/api/user')).json() as { organizationId: string };
    const meB = (await b.client.get('/api/user')).json() as { organizationId: string };
    expect(meA.organizationId).toBe(a.user.organizationId);
    expect(meB.organizationId).toBe(b.user.organizationId);
    expect(meA.organizationId).not.toBe(meB.organizationId);
  });
});

describe('POST /api/register with signup disabled', () => {
  it('answers 403 SIGNUP_DISABLED', async () => {
    const closed = await createTestApp({ allowSignup: false });
    try {
      const res = await clientFromNewIp(closed.app).post('/api/register', valid('ferme'));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'SIGNUP_DISABLED' });
      const [count] = await closed.handle.db.select().from(users);
      expect(count).toBeUndefined();
    } finally {
      await closed.close();
    }
  });
});

describe('probing usernames through sign-up (ADR 0002)', () => {
  it('evaluates at most 10 of 50 parallel sign-ups from one address; the others learn nothing', async () => {
    const client = clientFromNewIp();
    await client.fetchCsrf();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => client.post('/api/register', valid(`sonde-${i}`))),
    );
    const evaluated = answers.filter((r) => r.statusCode !== 429);
    expect(evaluated.length).toBe(10);
    for (const res of answers.filter((r) => r.statusCode === 429)) {
      expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.body).not.toMatch(/disponible|pris/);
    }
  });

  it('limits sign-ups for the whole installation too (100 per hour), whatever the address', async () => {
    const small = await createTestApp();
    try {
      const answers: number[] = [];
      for (let i = 0; i < 11; i++) {
        const client = clientFromNewIp(small.app);
        for (let j = 0; j < 10; j++) {
          answers.push((await client.post('/api/register', { ...valid(`x${i}-${j}`), email: 'invalide' })).statusCode);
        }
      }
      expect(answers.filter((s) => s !== 429)).toHaveLength(100);
      expect(answers.slice(100).every((s) => s === 429)).toBe(true);
    } finally {
      await small.close();
    }
  });
});
