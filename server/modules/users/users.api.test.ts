import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedUserAnswer, UserSummary } from '@shared/schemas/users';
import type { Page } from '@shared/schemas/common-fields';
import { CONFLICT_MESSAGE } from '@shared/schemas/lists';
import { auditLog, userInvitations, users } from '../../db/schema';
import {
  TestClient,
  createOrganization,
  createTestApp,
  createUser,
  signedInClient,
  type TestApp,
} from '../../test/harness';
import { LAST_ADMIN_MESSAGE } from './user-rules';

const clock = new Date('2026-05-04T08:00:00Z');
let t: TestApp;
let orgId: string;
let admin: TestClient;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp({}, () => clock);
  orgId = await createOrganization(t, 'Atelier Lumière');
  const signed = await signedInClient(t, { role: 'admin', organizationId: orgId });
  admin = signed.client;
  adminId = signed.user.id;
});
afterAll(async () => {
  await t?.close();
});

const newStaff = (over: Record<string, unknown> = {}) => ({
  username: `staff.${Math.random().toString(36).slice(2, 8)}`,
  email: 'claire.martin@example.fr',
  firstName: 'Claire',
  lastName: 'Martin',
  role: 'sales',
  onboarding: 'temporary-password',
  ...over,
});

/** The user's version as the API reads it now (signing in increments it too). */
async function versionOf(client: TestClient, id: string): Promise<number> {
  const res = await client.get(`/api/users/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<UserSummary>().version;
}

async function create(client: TestClient, body: Record<string, unknown>): Promise<CreatedUserAnswer> {
  const res = await client.post('/api/users', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('GET /api/users', () => {
  it("lists only the organization's users, with search, role/active filters and pagination", async () => {
    const other = await createOrganization(t);
    await createUser(t, { organizationId: other, role: 'sales' });
    await create(admin, newStaff({ lastName: 'Zéphyr', role: 'production' }));
    const all = (await admin.get('/api/users?pageSize=100')).json<Page<UserSummary>>();
    expect(all.items.every((u) => u.id)).toBe(true);
    const ids = (await t.handle.db.select({ id: users.id }).from(users).where(eq(users.organizationId, orgId))).map(
      (r) => r.id,
    );
    expect(all.total).toBe(ids.length);
    expect(all.items.map((u) => u.id).sort()).toEqual([...ids].sort());
    const found = (await admin.get('/api/users?q=zéph')).json<Page<UserSummary>>();
    expect(found.items.map((u) => u.lastName)).toEqual(['Zéphyr']);
    expect(found.items[0]).toMatchObject({ role: 'production', roleLabel: 'Production', lastLoginAt: null });
    const byRole = (await admin.get('/api/users?role=admin')).json<Page<UserSummary>>();
    expect(byRole.items.map((u) => u.id)).toEqual([adminId]);
    expect(byRole.items[0]!.lastLoginAt).not.toBeNull();
    const page = (await admin.get('/api/users?pageSize=1&page=2')).json<Page<UserSummary>>();
    expect(page.items).toHaveLength(1);
    expect(page.total).toBe(ids.length);
  });

  it('answers 400 with French field errors on a bad query, 401 signed out, 403 for sales', async () => {
    const bad = await admin.get('/api/users?pageSize=0&role=chef');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({ pageSize: ['Au moins 1 élément par page'], role: ['Rôle inconnu'] });
    expect((await new TestClient(t.app).get('/api/users')).statusCode).toBe(401);
    const { client: sales } = await signedInClient(t, { role: 'sales', organizationId: orgId });
    expect((await sales.get('/api/users')).statusCode).toBe(403);
  });

  it('lets a manager read but not write', async () => {
    const { client: manager } = await signedInClient(t, { role: 'manager', organizationId: orgId });
    expect((await manager.get('/api/users')).statusCode).toBe(200);
    expect((await manager.post('/api/users', newStaff())).statusCode).toBe(403);
  });
});

describe('POST /api/users', () => {
  it('shows a temporary password once; the user must change it at first sign-in', async () => {
    const body = newStaff();
    const created = await create(admin, body);
    expect(created.temporaryPassword).toMatch(/^[A-Za-z2-9]{16}$/);
    expect(created.invitation).toBeUndefined();
    expect(created.user).toMatchObject({ username: body.username, mustChangePassword: true, active: true });
    const again = await admin.get(`/api/users/${created.user.id}`);
    expect(again.body).not.toContain(created.temporaryPassword!);
    const [row] = await t.handle.db.select().from(users).where(eq(users.id, created.user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);

    const staff = new TestClient(t.app);
    await staff.login({ username: body.username, password: created.temporaryPassword! });
    const context = (await staff.get('/api/me/context')).json();
    expect(context.mustChangePassword).toBe(true);
    const blocked = await staff.get('/api/spot/gold');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
    const changed = await staff.post('/api/account/password', {
      currentPassword: created.temporaryPassword,
      newPassword: 'mon-nouveau-secret-42',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await staff.get('/api/me/context')).json().mustChangePassword).toBe(false);
    expect((await staff.get('/api/users')).statusCode).toBe(403); // sales: no admin area
  });

  it('creates an invitation link valid 72 h, accepted once through the public route', async () => {
    const body = newStaff({ onboarding: 'invitation', role: 'production' });
    const created = await create(admin, body);
    expect(created.temporaryPassword).toBeUndefined();
    const { token, url, expiresAt } = created.invitation!;
    expect(url).toBe(`/invitation/${token}`);
    expect(new Date(expiresAt).getTime() - clock.getTime()).toBe(72 * 3_600_000);
    expect(created.user.invitationPending).toBe(true);
    // No password works before acceptance.
    const early = await new TestClient(t.app).post('/api/login', { username: body.username, password: '' + token });
    expect(early.statusCode).toBe(401);

    const visitor = new TestClient(t.app);
    const info = await visitor.get(`/api/invitations/${token}`);
    expect(info.json()).toMatchObject({ username: body.username, organizationName: 'Atelier Lumière' });
    const weak = await visitor.post(`/api/invitations/${token}/accept`, { password: 'court' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fieldErrors.password).toEqual(['Le mot de passe doit contenir au moins 8 caractères']);
    const accepted = await visitor.post(`/api/invitations/${token}/accept`, { password: 'atelier-secret-9' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await visitor.post(`/api/invitations/${token}/accept`, { password: 'autre-secret-99' })).statusCode).toBe(
      404,
    );
    await new TestClient(t.app).login({ username: body.username, password: 'atelier-secret-9' });
    const listed = (await admin.get(`/api/users/${created.user.id}`)).json<UserSummary>();
    expect(listed.invitationPending).toBe(false);
  });

  it('refuses a common password, the username and 7 characters on acceptance (400 on password)', async () => {
    const body = newStaff({ onboarding: 'invitation' });
    const { token } = (await create(admin, body)).invitation!;
    const visitor = new TestClient(t.app);
    const refused: Array<[string, string]> = [
      ['azerty123', 'Ce mot de passe est trop courant : choisissez-en un autre'],
      ['Soleil13!', 'Ce mot de passe est trop courant : choisissez-en un autre'],
      [body.username.toUpperCase(), "Le mot de passe ne doit pas être votre nom d'utilisateur"],
      ['Ab3!xyz', 'Le mot de passe doit contenir au moins 8 caractères'],
    ];
    for (const [password, message] of refused) {
      const res = await visitor.post(`/api/invitations/${token}/accept`, { password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().fieldErrors, password).toEqual({ password: [message] });
    }
    // Still usable after the refusals.
    const accepted = await visitor.post(`/api/invitations/${token}/accept`, { password: 'bague-saphir-18' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await new TestClient(t.app).login({ username: body.username, password: 'bague-saphir-18' });
  });

  it('refuses an expired invitation', async () => {
    const created = await create(admin, newStaff({ onboarding: 'invitation' }));
    // Expired by its date, not by moving the clock: 73 h later every other session of this file would be
    // idle too, and the occasional purge run by a new session (session.store.ts) would end the admin's.
    await t.handle.db
      .update(userInvitations)
      .set({ expiresAt: new Date(clock.getTime() - 60_000) })
      .where(eq(userInvitations.userId, created.user.id));
    const res = await new TestClient(t.app).post(`/api/invitations/${created.invitation!.token}/accept`, {
      password: 'atelier-secret-9',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Invitation invalide, expirée ou déjà utilisée');
  });

  it('validates input in French and refuses a taken username (409)', async () => {
    const bad = await admin.post('/api/users', { username: 'a', email: 'x', role: 'chef' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      username: ["Le nom d'utilisateur doit contenir au moins 3 caractères"],
      email: ['Adresse email invalide'],
      role: ['Rôle inconnu'],
      firstName: ['Ce champ est obligatoire'],
    });
    const body = newStaff();
    await create(admin, body);
    const dup = await admin.post('/api/users', { ...body, username: body.username.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'USERNAME_TAKEN' });
  });

  it('lets nobody but a superadmin grant superadmin', async () => {
    const denied = await admin.post('/api/users', newStaff({ role: 'superadmin' }));
    expect(denied.statusCode).toBe(403);
    const target = await create(admin, newStaff());
    const patch = await admin.request({
      method: 'PATCH',
      url: `/api/users/${target.user.id}`,
      payload: { role: 'superadmin', version: target.user.version },
    });
    expect(patch.statusCode).toBe(403);
    const { client: root } = await signedInClient(t, { role: 'superadmin', organizationId: orgId });
    const granted = await root.request({
      method: 'PATCH',
      url: `/api/users/${target.user.id}`,
      payload: { role: 'superadmin', version: target.user.version },
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().roleLabel).toBe('Super Administrateur');
    // An admin cannot touch a superadmin's account either.
    expect((await admin.post(`/api/users/${target.user.id}/deactivate`)).statusCode).toBe(403);
  });
});

describe('role changes, deactivation, password reset', () => {
  it('keeps the last active admin (409) and audits every change', async () => {
    const org = await createOrganization(t, 'Seul Admin');
    const { client: solo, user } = await signedInClient(t, { role: 'admin', organizationId: org });
    const demote = await solo.request({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      payload: { role: 'manager', version: await versionOf(solo, user.id) },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(LAST_ADMIN_MESSAGE);
    const second = await create(solo, newStaff({ role: 'admin' }));
    const ok = await solo.request({
      method: 'PATCH',
      url: `/api/users/${second.user.id}`,
      payload: { role: 'manager', version: second.user.version },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().role).toBe('manager');
    const again = await solo.request({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      payload: { role: 'sales', version: await versionOf(solo, user.id) },
    });
    expect(again.statusCode).toBe(409);
    const audits = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, org), eq(auditLog.entityType, 'user')));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'update']);
    expect(audits.find((a) => a.action === 'update')!.changes).toEqual({ role: { from: 'admin', to: 'manager' } });
  });

  it("ends a deactivated user's live session on their next request, and reactivates", async () => {
    const body = newStaff();
    const created = await create(admin, body);
    const staff = new TestClient(t.app);
    await staff.login({ username: body.username, password: created.temporaryPassword! });
    expect((await staff.get('/api/me/context')).statusCode).toBe(200);
    const res = await admin.post(`/api/users/${created.user.id}/deactivate`);
    expect(res.statusCode).toBe(200);
    expect(res.json().active).toBe(false);
    expect((await staff.get('/api/me/context')).statusCode).toBe(401);
    const relogin = await new TestClient(t.app).post('/api/login', {
      username: body.username,
      password: created.temporaryPassword,
    });
    expect(relogin.statusCode).toBe(401);
    expect((await admin.get('/api/users?active=false')).json().items.map((u: UserSummary) => u.id)).toContain(
      created.user.id,
    );
    expect((await admin.post(`/api/users/${created.user.id}/reactivate`)).json().active).toBe(true);
    await new TestClient(t.app).login({ username: body.username, password: created.temporaryPassword! });
  });

  it('refuses to deactivate oneself', async () => {
    const res = await admin.post(`/api/users/${adminId}/deactivate`);
    expect(res.statusCode).toBe(409);
  });

  it('resets a password: new temporary password shown once, sessions ended', async () => {
    const body = newStaff();
    const created = await create(admin, body);
    const staff = new TestClient(t.app);
    await staff.login({ username: body.username, password: created.temporaryPassword! });
    const res = await admin.post(`/api/users/${created.user.id}/reset-password`);
    expect(res.statusCode).toBe(200);
    const { temporaryPassword } = res.json<{ temporaryPassword: string }>();
    expect(temporaryPassword).not.toBe(created.temporaryPassword);
    expect((await staff.get('/api/me/context')).statusCode).toBe(401);
    await new TestClient(t.app).login({ username: body.username, password: temporaryPassword });
  });

  it("answers 404 for another organization's user, 400 for a bad id, 403 without CSRF", async () => {
    const foreign = await createUser(t, { role: 'sales' });
    for (const [method, url] of [
      ['GET', `/api/users/${foreign.id}`],
      ['POST', `/api/users/${foreign.id}/deactivate`],
      ['POST', `/api/users/${foreign.id}/reset-password`],
    ] as const) {
      expect((await admin.request({ method, url })).statusCode, url).toBe(404);
    }
    const [row] = await t.handle.db.select().from(users).where(eq(users.id, foreign.id));
    expect(row!.active).toBe(true);
    expect((await admin.get('/api/users/not-a-uuid')).statusCode).toBe(400);
    expect((await admin.post(`/api/users/${adminId}/reset-password`, undefined, { csrf: false })).statusCode).toBe(403);
  });
});

describe('PATCH /api/users/:id: the version read (optimistic concurrency)', () => {
  it('answers 409 on a stale version and writes nothing', async () => {
    const target = await create(admin, newStaff());
    const first = await admin.request({
      method: 'PATCH',
      url: `/api/users/${target.user.id}`,
      payload: { role: 'manager', version: target.user.version },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<UserSummary>().version).toBe(target.user.version + 1);
    const stale = await admin.request({
      method: 'PATCH',
      url: `/api/users/${target.user.id}`,
      payload: { role: 'production', version: target.user.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ code: 'CONFLICT', message: CONFLICT_MESSAGE });
    // Repeating what was saved with a stale version is a conflict too.
    const repeat = await admin.request({
      method: 'PATCH',
      url: `/api/users/${target.user.id}`,
      payload: { role: 'manager', version: target.user.version },
    });
    expect(repeat.statusCode).toBe(409);
    const [row] = await t.handle.db.select().from(users).where(eq(users.id, target.user.id));
    expect(row).toMatchObject({ role: 'manager', version: target.user.version + 1 });
    const updates = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, target.user.id), eq(auditLog.action, 'update')));
    expect(updates).toHaveLength(1);
  });

  it('lets exactly one of 20 parallel saves with the same version win', async () => {
    const target = await create(admin, newStaff());
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        admin.request({
          method: 'PATCH',
          url: `/api/users/${target.user.id}`,
          payload: { role: i % 2 === 0 ? 'manager' : 'production', version: target.user.version },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const winner = answers.find((a) => a.statusCode === 200)!.json<UserSummary>();
    const [row] = await t.handle.db.select().from(users).where(eq(users.id, target.user.id));
    expect(row).toMatchObject({ role: winner.role, version: target.user.version + 1 });
  });

  it('answers 400 without a version', async () => {
    const target = await create(admin, newStaff());
    const res = await admin.request({
      method: 'PATCH',
      url: `/api/users/${target.user.id}`,
      payload: { role: 'manager' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({ version: ['Version manquante'] });
    const [row] = await t.handle.db.select().from(users).where(eq(users.id, target.user.id));
    expect(row).toMatchObject({ role: 'sales', version: target.user.version });
  });

  it('increments the version on every edit of the user, not on a sign-in', async () => {
    const body = newStaff();
    const target = await create(admin, body);
    const id = target.user.id;
    const deactivated = (await admin.post(`/api/users/${id}/deactivate`)).json<UserSummary>();
    expect(deactivated.version).toBe(target.user.version + 1);
    const reactivated = (await admin.post(`/api/users/${id}/reactivate`)).json<UserSummary>();
    expect(reactivated.version).toBe(target.user.version + 2);
    const reset = await admin.post(`/api/users/${id}/reset-password`);
    expect(reset.json<{ user: UserSummary }>().user.version).toBe(target.user.version + 3);
    const staff = new TestClient(t.app);
    await staff.login({
      username: body.username,
      password: reset.json<{ temporaryPassword: string }>().temporaryPassword,
    });
    expect(await versionOf(admin, id)).toBe(target.user.version + 3);
    // The list carries it too (the users page opens the dialog from it).
    const list = (await admin.get(`/api/users?pageSize=100`)).json<Page<UserSummary>>();
    expect(list.items.find((u) => u.id === id)?.version).toBe(target.user.version + 3);
  });
});
