import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { changePasswordSchema, updateProfileBodySchema, type AccountProfile } from '@shared/schemas/account';
import { CONFLICT_MESSAGE } from '@shared/schemas/lists';
import { users, sessions } from '../../db/schema';
import { AppError, notFound, unauthenticated } from '../../http/errors';
import { SIGNED_IN } from '../../http/authorize';
import type { SessionUser } from '../../http/types';
import { parseInput } from '../../http/validate';
import { diffChanges, recordAudit } from '../../audit/record-audit';
import { PASSWORD_CHECK_POLICY, passwordCheckKey, reserveAttempt, resetKey } from '../auth/login-throttle';
import { hashPassword, verifyPassword } from '../auth/password';
import { assertPasswordAcceptable } from '../auth/password-policy';
import { deleteUserSessions } from '../auth/session.store';
import { findUser, toUserSummary } from '../users/user-queries';
import { liveSessions } from './session-list';

const ANY = { config: { access: SIGNED_IN } } as const;
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Mot de passe actuel incorrect';
const sessionParams = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/, 'Identifiant de session invalide') });

function me(request: FastifyRequest) {
  if (!request.user || !request.session) throw unauthenticated();
  return { user: request.user, session: request.session };
}

/** "Mon compte": any signed-in user, on their own account only. README.md lists the routes. */
export async function registerAccountRoutes(app: FastifyInstance): Promise<void> {
  async function profile(user: SessionUser): Promise<AccountProfile> {
    const row = await findUser(app.db, user.organizationId, user.id);
    if (!row) throw unauthenticated();
    const { id, username, email, firstName, lastName, role, roleLabel, mustChangePassword, lastLoginAt, version } =
      toUserSummary(row);
    return { id, username, email, firstName, lastName, role, roleLabel, mustChangePassword, lastLoginAt, version };
  }

  app.get('/api/account', ANY, async (request) => profile(me(request).user));

  app.put('/api/account', ANY, async (request) => {
    const { user } = me(request);
    const { version, ...input } = parseInput(updateProfileBodySchema, request.body);
    await app.db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
      if (!before) throw unauthenticated();
      // Before the "nothing changed" answer: a stale edit is a conflict even when it repeats what was saved.
      if (before.version !== version) throw new AppError('CONFLICT', CONFLICT_MESSAGE);
      const changes = diffChanges(before as unknown as Record<string, unknown>, input);
      if (Object.keys(changes).length === 0) return;
      // The version in the WHERE clause too: of two saves with the same version, one writes.
      const updated = await tx
        .update(users)
        .set({ ...input, updatedAt: app.now(), version: sql`${users.version} + 1` })
        .where(and(eq(users.id, user.id), eq(users.version, version)))
        .returning({ id: users.id });
      if (updated.length === 0) throw new AppError('CONFLICT', CONFLICT_MESSAGE);
      await recordAudit(tx, request, { action: 'update', entityType: 'account', entityId: user.id, changes });
    });
    return profile(user);
  });

  app.post('/api/account/password', ANY, async (request, reply) => {
    const { user, session } = me(request);
    const input = parseInput(changePasswordSchema, request.body);
    assertPasswordAcceptable(input.newPassword, user.username, 'newPassword');
    const now = app.now();
    const key = passwordCheckKey(user.id);
    // Reserved before the check, so parallel guesses of the current password are counted (ADR 0002).
    const reservation = await reserveAttempt(app.db, key, now, PASSWORD_CHECK_POLICY);
    if (!reservation.allowed) {
      void reply.header('retry-after', String(Math.ceil(reservation.retryAfterMs / 1000)));
      throw new AppError('RATE_LIMITED', 'Trop de tentatives. Réessayez dans quelques minutes.');
    }
    const [row] = await app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    if (!row || !(await verifyPassword(row.hash, input.currentPassword))) {
      throw new AppError('VALIDATION_FAILED', WRONG_CURRENT_PASSWORD_MESSAGE, {
        currentPassword: [WRONG_CURRENT_PASSWORD_MESSAGE],
      });
    }
    await resetKey(app.db, key);
    const passwordHash = await hashPassword(input.newPassword);
    await app.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash, mustChangePassword: false, updatedAt: now, version: sql`${users.version} + 1` })
        .where(eq(users.id, user.id));
      // Every other session ends; this one stays signed in.
      await deleteUserSessions(tx, user.id, session.idHash);
      await recordAudit(tx, request, { action: 'change-password', entityType: 'account', entityId: user.id });
    });
    return { ok: true };
  });

  app.get('/api/account/sessions', ANY, async (request, reply) => {
    const { user, session } = me(request);
    const list = await liveSessions(app.db, user.id, app.now(), app.config);
    void reply.header('cache-control', 'no-store');
    return list.map((s) => ({ ...s.view, current: s.idHash === session.idHash }));
  });

  app.delete('/api/account/sessions/:id', ANY, async (request) => {
    const { user, session } = me(request);
    const { id } = parseInput(sessionParams, request.params);
    const list = await liveSessions(app.db, user.id, app.now(), app.config);
    const target = list.find((s) => s.view.id === id);
    if (!target) throw notFound('Session introuvable');
    await app.db.delete(sessions).where(and(eq(sessions.userId, user.id), eq(sessions.idHash, target.idHash)));
    return { ok: true, current: target.idHash === session.idHash };
  });

  app.post('/api/account/sessions/end-others', ANY, async (request) => {
    const { user, session } = me(request);
    const before = await liveSessions(app.db, user.id, app.now(), app.config);
    await deleteUserSessions(app.db, user.id, session.idHash);
    return { ok: true, ended: before.filter((s) => s.idHash !== session.idHash).length };
  });
}
