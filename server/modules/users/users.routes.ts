import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { idParamSchema } from '@shared/schemas/common-fields';
import { CONFLICT_MESSAGE } from '@shared/schemas/lists';
import { createUserSchema, updateUserSchema, type CreatedUserAnswer, type UserSummary } from '@shared/schemas/users';
import type { Db } from '../../db/client';
import { userInvitations, users } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { registerListRoutes } from '../../lists/list-routes';
import { diffChanges, recordAudit } from '../../audit/record-audit';
import { hashPassword } from '../auth/password';
import { deleteUserSessions } from '../auth/session.store';
import { createStaffUser } from './create-user';
import { issueInvitation } from './invitations';
import { generateTemporaryPassword } from './temporary-password';
import { findUser, toUserSummary, usersList, type UserRow } from './user-queries';
import { SELF_DEACTIVATE_MESSAGE, assertMayManage, assertNotLastAdmin, isAdminRole } from './user-rules';

const READ = { config: { access: { area: 'admin', mode: 'read' } } } as const;
const WRITE = { config: { access: { area: 'admin', mode: 'write' } } } as const;

const userNotFound = (): AppError => notFound('Utilisateur introuvable');

/** Every update of a user row increments its version (migration 0045). */
const nextVersion = sql`${users.version} + 1`;

/** The signed-in user (the authorize hook guarantees one on these routes). */
function actor(request: FastifyRequest) {
  const user = request.user;
  if (!user) throw new AppError('UNAUTHENTICATED', 'Authentification requise');
  return user;
}

/** Loads the target inside the transaction with a row lock, scoped to the actor's organization. */
async function lockUser(tx: Db, organizationId: string, id: string): Promise<UserRow> {
  const [locked] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, id)))
    .for('update');
  const row = locked ? await findUser(tx, organizationId, id) : null;
  if (!row) throw userNotFound();
  return row;
}

/** Users of one's organization (area admin: admins write, managers read). README.md lists the routes. */
export async function registerUserRoutes(app: FastifyInstance): Promise<void> {
  registerListRoutes(app, usersList);

  app.get('/api/users/:id', READ, async (request): Promise<UserSummary> => {
    const { id } = parseInput(idParamSchema, request.params);
    const row = await findUser(app.db, actor(request).organizationId, id);
    if (!row) throw userNotFound();
    return toUserSummary(row);
  });

  app.post('/api/users', WRITE, async (request, reply) => {
    const me = actor(request);
    const input = parseInput(createUserSchema, request.body);
    assertMayManage(me.role, null, input.role);
    const now = app.now();
    const answer = await app.db.transaction(async (tx): Promise<CreatedUserAnswer> => {
      const created = await createStaffUser(tx, { ...input, organizationId: me.organizationId, createdBy: me.id, now });
      await recordAudit(tx, request, {
        action: 'create',
        entityType: 'user',
        entityId: created.userId,
        changes: {
          username: input.username,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          role: input.role,
          onboarding: input.onboarding,
        },
      });
      const row = await findUser(tx, me.organizationId, created.userId);
      return {
        user: toUserSummary(row!),
        ...(created.temporaryPassword ? { temporaryPassword: created.temporaryPassword } : {}),
        ...(created.invitation ? { invitation: created.invitation } : {}),
      };
    });
    void reply.header('cache-control', 'no-store');
    return reply.status(201).send(answer);
  });

  app.patch('/api/users/:id', WRITE, async (request): Promise<UserSummary> => {
    const me = actor(request);
    const { id } = parseInput(idParamSchema, request.params);
    const input = parseInput(updateUserSchema, request.body);
    return app.db.transaction(async (tx) => {
      const before = await lockUser(tx, me.organizationId, id);
      assertMayManage(me.role, before, input.role);
      // Before the "nothing changed" answer: a stale edit is a conflict even when it repeats what was saved.
      if (before.version !== input.version) throw new AppError('CONFLICT', CONFLICT_MESSAGE);
      if (input.role && before.active && isAdminRole(before.role) && !isAdminRole(input.role)) {
        await assertNotLastAdmin(tx, me.organizationId, id);
      }
      const patch = {
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
        ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
        ...(input.role !== undefined ? { role: input.role } : {}),
      };
      const changes = diffChanges(before as unknown as Record<string, unknown>, patch);
      if (Object.keys(changes).length === 0) return toUserSummary(before);
      // The version in the WHERE clause too: of two saves with the same version, one writes.
      const updated = await tx
        .update(users)
        .set({ ...patch, updatedAt: app.now(), version: nextVersion })
        .where(and(eq(users.organizationId, me.organizationId), eq(users.id, id), eq(users.version, input.version)))
        .returning({ id: users.id });
      if (updated.length === 0) throw new AppError('CONFLICT', CONFLICT_MESSAGE);
      await recordAudit(tx, request, { action: 'update', entityType: 'user', entityId: id, changes });
      return toUserSummary((await findUser(tx, me.organizationId, id))!);
    });
  });

  app.post('/api/users/:id/deactivate', WRITE, async (request): Promise<UserSummary> => {
    const me = actor(request);
    const { id } = parseInput(idParamSchema, request.params);
    return app.db.transaction(async (tx) => {
      const before = await lockUser(tx, me.organizationId, id);
      assertMayManage(me.role, before);
      if (id === me.id) throw new AppError('CONFLICT', SELF_DEACTIVATE_MESSAGE);
      if (!before.active) return toUserSummary(before);
      if (isAdminRole(before.role)) await assertNotLastAdmin(tx, me.organizationId, id);
      const now = app.now();
      await tx
        .update(users)
        .set({ active: false, deactivatedAt: now, updatedAt: now, version: nextVersion })
        .where(eq(users.id, id));
      // All their sessions end at once (the session loader also refuses an inactive user).
      await deleteUserSessions(tx, id);
      await recordAudit(tx, request, {
        action: 'deactivate',
        entityType: 'user',
        entityId: id,
        changes: { active: { from: true, to: false } },
      });
      return toUserSummary((await findUser(tx, me.organizationId, id))!);
    });
  });

  app.post('/api/users/:id/reactivate', WRITE, async (request): Promise<UserSummary> => {
    const me = actor(request);
    const { id } = parseInput(idParamSchema, request.params);
    return app.db.transaction(async (tx) => {
      const before = await lockUser(tx, me.organizationId, id);
      assertMayManage(me.role, before);
      if (before.active) return toUserSummary(before);
      const now = app.now();
      await tx
        .update(users)
        .set({ active: true, deactivatedAt: null, updatedAt: now, version: nextVersion })
        .where(eq(users.id, id));
      await recordAudit(tx, request, {
        action: 'reactivate',
        entityType: 'user',
        entityId: id,
        changes: { active: { from: false, to: true } },
      });
      return toUserSummary((await findUser(tx, me.organizationId, id))!);
    });
  });

  app.post('/api/users/:id/reset-password', WRITE, async (request, reply) => {
    const me = actor(request);
    const { id } = parseInput(idParamSchema, request.params);
    const temporaryPassword = generateTemporaryPassword();
    const passwordHash = await hashPassword(temporaryPassword);
    const user = await app.db.transaction(async (tx) => {
      const before = await lockUser(tx, me.organizationId, id);
      assertMayManage(me.role, before);
      await tx
        .update(users)
        .set({ passwordHash, mustChangePassword: true, updatedAt: app.now(), version: nextVersion })
        .where(eq(users.id, id));
      await tx.delete(userInvitations).where(and(eq(userInvitations.userId, id), isNull(userInvitations.acceptedAt)));
      await deleteUserSessions(tx, id);
      await recordAudit(tx, request, { action: 'reset-password', entityType: 'user', entityId: id, changes: null });
      return toUserSummary((await findUser(tx, me.organizationId, id))!);
    });
    void reply.header('cache-control', 'no-store');
    return { user, temporaryPassword };
  });

  app.post('/api/users/:id/invitation', WRITE, async (request, reply) => {
    const me = actor(request);
    const { id } = parseInput(idParamSchema, request.params);
    const answer = await app.db.transaction(async (tx) => {
      const before = await lockUser(tx, me.organizationId, id);
      assertMayManage(me.role, before);
      if (!before.invitationPending) {
        throw new AppError('CONFLICT', 'Ce compte a déjà un mot de passe : utilisez la réinitialisation');
      }
      const invitation = await issueInvitation(tx, {
        organizationId: me.organizationId,
        userId: id,
        createdBy: me.id,
        now: app.now(),
      });
      await recordAudit(tx, request, { action: 'invite', entityType: 'user', entityId: id, changes: null });
      return { user: toUserSummary(before), invitation };
    });
    void reply.header('cache-control', 'no-store');
    return answer;
  });
}
