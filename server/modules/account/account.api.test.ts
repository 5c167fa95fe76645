import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountProfile, AccountSession } from '@shared/schemas/account';
import { CONFLICT_MESSAGE } from '@shared/schemas/lists';
import { auditLog, organizationModules, users } from '../../db/schema';
import { TestClient, createTestApp, createUser, signedInClient, type TestApp, type TestUser } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function twoSessions(role = 'production'): Promise<{ a: TestClient; b: TestClient; user: TestUser }> {
  const user = await createUser(t, { role });
  const a = new TestClient(t.app);
  const b = new TestClient(t.app);
  await a.login(user);
  await b.login(user);
  return { a, b, user };
}

describe('GET/PUT /api/account', () => {
  it("reads and changes one's own name and email (any role), audited", async () => {
    const { client, user } = await signedInClient(t, { role: 'production' });
    const read = (await client.get('/api/account')).json<AccountProfile>();
    expect(read).toMatchObject({ id: user.id, roleLabel: 'Production' });
    const res = await client.request({
      method: 'PUT',
      url: '/api/account',
      payload: { firstName: 'Inès', lastName: 'Moreau', email: 'ines.moreau@example.fr', version: read.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Inès',
      lastName: 'Moreau',
      email: 'ines.moreau@example.fr',
      version: read.version + 1,
    });
    expect((await client.get('/api/user')).json().firstName).toBe('Inès');
    const [audit] = await t.handle.db.select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(audit!.changes).toMatchObject({ firstName: { from: 'Prénom', to: 'Inès' } });
  });

  it('answers 400 in French, 401 signed out, 403 without CSRF', async () => {
    const { client } = await signedInClient(t, { role: 'sales' });
    const bad = await client.request({ method: 'PUT', url: '/api/account', payload: { firstName: '', email: 'non' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      firstName: ['Ce champ est obligatoire'],
      email: ['Adresse email invalide'],
      version: ['Version manquante'],
    });
    expect((await new TestClient(t.app).get('/api/account')).statusCode).toBe(401);
    const noCsrf = await client.request({ method: 'PUT', url: '/api/account', payload: {}, csrf: false });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('PUT /api/account: the version read (optimistic concurrency)', () => {
  const profile = { firstName: 'Inès', lastName: 'Moreau', email: 'ines.moreau@example.fr' };

  it('answers 409 on a stale version and writes nothing', async () => {
    const { client, user } = await signedInClient(t, { role: 'sales' });
    const read = (await client.get('/api/account')).json<AccountProfile>();
    const saved = await client.request({
      method: 'PUT',
      url: '/api/account',
      payload: { ...profile, version: read.version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stale = await client.request({
      method: 'PUT',
      url: '/api/account',
      payload: { ...profile, firstName: 'Léa', version: read.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ code: 'CONFLICT', message: CONFLICT_MESSAGE });
    const [row] = await t.handle.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firstName: 'Inès', version: read.version + 1 });
    const updates = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, 'update')));
    expect(updates).toHaveLength(1);
  });

  it('lets exactly one of 20 parallel saves with the same version win', async () => {
    const { client, user } = await signedInClient(t, { role: 'sales' });
    const read = (await client.get('/api/account')).json<AccountProfile>();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client.request({
          method: 'PUT',
          url: '/api/account',
          payload: { ...profile, firstName: `Inès ${i}`, version: read.version },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const winner = answers.find((a) => a.statusCode === 200)!.json<AccountProfile>();
    const [row] = await t.handle.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firstName: winner.firstName, version: read.version + 1 });
  });

  it('answers 400 without a version and writes nothing', async () => {
    const { client, user } = await signedInClient(t, { role: 'sales' });
    const read = (await client.get('/api/account')).json<AccountProfile>();
    const res = await client.request({ method: 'PUT', url: '/api/account', payload: profile });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ version: ['Version manquante'] });
    const [row] = await t.handle.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firstName: read.firstName, version: read.version });
  });

  it('increments the version when the password changes', async () => {
    const { client, user } = await signedInClient(t, { role: 'sales' });
    const read = (await client.get('/api/account')).json<AccountProfile>();
    const changed = await client.post('/api/account/password', {
      currentPassword: user.password,
      newPassword: 'un-nouveau-secret-9',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await client.get('/api/account')).json<AccountProfile>().version).toBe(read.version + 1);
  });
});

describe('POST /api/account/password', () => {
  it('needs the current password, then ends the other sessions and keeps this one', async () => {
    const { a, b, user } = await twoSessions();
    const wrong = await a.post('/api/account/password', { currentPassword: 'faux', newPassword: 'nouveau-secret-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ currentPassword: ['Mot de passe actuel incorrect'] });
    const same = await a.post('/api/account/password', { currentPassword: user.password, newPassword: user.password });
    expect(same.statusCode).toBe(400);
    const ok = await a.post('/api/account/password', {
      currentPassword: user.password,
      newPassword: 'nouveau-secret-1',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await a.get('/api/account')).statusCode).toBe(200);
    expect((await b.get('/api/account')).statusCode).toBe(401);
    await new TestClient(t.app).login({ username: user.username, password: 'nouveau-secret-1' });
    expect((await new TestClient(t.app).post('/api/login', user)).statusCode).toBe(401);
  });

  it('refuses a common password, the username and 7 characters (400 on newPassword), accepts a good one', async () => {
    const { client, user } = await signedInClient(t, { role: 'sales' });
    const refused: Array<[string, string]> = [
      ['azerty123', 'Ce mot de passe est trop courant : choisissez-en un autre'],
      ['Motdepasse2024!', 'Ce mot de passe est trop courant : choisissez-en un autre'],
      [user.username.toUpperCase(), "Le mot de passe ne doit pas être votre nom d'utilisateur"],
      ['Ab3!xyz', 'Le mot de passe doit contenir au moins 8 caractères'],
    ];
    for (const [newPassword, message] of refused) {
      const res = await client.post('/api/account/password', { currentPassword: user.password, newPassword });
      expect(res.statusCode, newPassword).toBe(400);
      expect(res.json().fieldErrors, newPassword).toEqual({ newPassword: [message] });
    }
    const ok = await client.post('/api/account/password', {
      currentPassword: user.password,
      newPassword: 'bague-saphir-18',
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('locks after repeated wrong current passwords (429)', async () => {
    const { client } = await signedInClient(t, { role: 'sales' });
    for (let i = 0; i < 5; i++) {
      await client.post('/api/account/password', { currentPassword: `faux-${i}`, newPassword: 'nouveau-secret-1' });
    }
    const locked = await client.post('/api/account/password', {
      currentPassword: 'x',
      newPassword: 'nouveau-secret-1',
    });
    expect(locked.statusCode).toBe(429);
  });
});

describe('/api/account/sessions', () => {
  it('lists own live sessions with the current flag, ends one, then all others', async () => {
    const { a, b } = await twoSessions();
    const list = (await a.get('/api/account/sessions')).json<AccountSession[]>();
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list[0]).toHaveProperty('userAgent');
    expect(JSON.stringify(list)).not.toContain(a.cookieValue(t.config.cookieName)!);
    const other = list.find((s) => !s.current)!;
    const ended = await a.request({ method: 'DELETE', url: `/api/account/sessions/${other.id}` });
    expect(ended.json()).toEqual({ ok: true, current: false });
    expect((await b.get('/api/account')).statusCode).toBe(401);
    expect((await a.request({ method: 'DELETE', url: `/api/account/sessions/${other.id}` })).statusCode).toBe(404);
    expect((await a.request({ method: 'DELETE', url: '/api/account/sessions/zz' })).statusCode).toBe(400);
  });

  it('ends every other session at once', async () => {
    const { a, b, user } = await twoSessions('manager');
    const third = new TestClient(t.app);
    await third.login(user);
    const res = await a.post('/api/account/sessions/end-others');
    expect(res.json()).toEqual({ ok: true, ended: 2 });
    expect((await b.get('/api/account')).statusCode).toBe(401);
    expect((await third.get('/api/account')).statusCode).toBe(401);
    expect((await a.get('/api/account/sessions')).json()).toHaveLength(1);
  });
});

describe('GET /api/me/context', () => {
  it('gives the role permissions and the organization modules for the menu', async () => {
    const { client, user } = await signedInClient(t, { role: 'production' });
    await t.handle.db
      .insert(organizationModules)
      .values({ organizationId: user.organizationId, module: 'goldbuy', enabled: false });
    t.app.organizationModules.invalidate(user.organizationId);
    const context = (await client.get('/api/me/context')).json();
    expect(context.roleLabel).toBe('Production');
    expect(context.permissions).toEqual({
      dashboard: 'R',
      sales: '-',
      goldbuy: '-',
      catalog: 'R',
      production: 'W',
      admin: '-',
      journal: '-',
      superadmin: '-',
    });
    expect(context.modules.find((m: { key: string }) => m.key === 'goldbuy')).toEqual({
      key: 'goldbuy',
      label: "Achats d'Or",
      enabled: false,
    });
    expect(context.modules.find((m: { key: string }) => m.key === 'clients').enabled).toBe(true);
    expect((await new TestClient(t.app).get('/api/me/context')).statusCode).toBe(401);
  });
});
