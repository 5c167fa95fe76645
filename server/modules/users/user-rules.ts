import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../http/errors';

/** Roles that administer an organization (the last of them cannot be removed). */
export const ADMIN_ROLES = ['admin', 'superadmin'] as const;

export const LAST_ADMIN_MESSAGE = "Impossible : c'est le dernier administrateur actif de l'organisation";
export const SUPERADMIN_GRANT_MESSAGE = 'Seul un super administrateur peut attribuer ce rôle';
export const SUPERADMIN_TARGET_MESSAGE = 'Seul un super administrateur peut modifier ce compte';
export const SELF_DEACTIVATE_MESSAGE = 'Vous ne pouvez pas désactiver votre propre compte';
export const USERNAME_TAKEN_MESSAGE = "Ce nom d'utilisateur est déjà pris";

export const isAdminRole = (role: string): boolean => (ADMIN_ROLES as readonly string[]).includes(role);

/**
 * Inside the caller's transaction: locks the organization's active admins and refuses (409) when
 * `userId` is the last one. Two admins demoting each other at once are serialized by the row locks.
 */
export async function assertNotLastAdmin(tx: Db, organizationId: string, userId: string): Promise<void> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.active, true), inArray(users.role, [...ADMIN_ROLES])))
    .for('update');
  if (admins.some((a) => a.id === userId) && admins.length <= 1) {
    throw new AppError('CONFLICT', LAST_ADMIN_MESSAGE);
  }
}

/** Only a superadmin grants superadmin, or changes a superadmin's account. */
export function assertMayManage(actorRole: string, target: { role: string } | null, newRole?: string): void {
  if (actorRole === 'superadmin') return;
  if (newRole === 'superadmin')
    throw new AppError('FORBIDDEN', SUPERADMIN_GRANT_MESSAGE, { role: [SUPERADMIN_GRANT_MESSAGE] });
  if (target?.role === 'superadmin') throw new AppError('FORBIDDEN', SUPERADMIN_TARGET_MESSAGE);
}

export const usernameTaken = (): AppError =>
  new AppError('USERNAME_TAKEN', USERNAME_TAKEN_MESSAGE, { username: [USERNAME_TAKEN_MESSAGE] });
