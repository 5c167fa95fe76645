import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { roleLabel } from '@shared/constants';
import type { Page } from '@shared/schemas/common-fields';
import type { UserListQuery, UserSummary } from '@shared/schemas/users';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { containsPattern } from '../../http/like-pattern';

/** Columns every user answer needs (never the password hash itself). */
export const userColumns = {
  id: users.id,
  organizationId: users.organizationId,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  active: users.active,
  mustChangePassword: users.mustChangePassword,
  invitationPending: sql<boolean>`(${users.passwordHash} = '')`,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};

export interface UserRow {
  id: string;
  organizationId: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  active: boolean;
  mustChangePassword: boolean;
  invitationPending: boolean;
  lastLoginAt: Date | null;
  createdAt: Date;
}

export function toUserSummary(row: UserRow): UserSummary {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    roleLabel: roleLabel(row.role),
    active: row.active,
    mustChangePassword: row.mustChangePassword,
    invitationPending: row.invitationPending === true,
    lastLoginAt: row.lastLoginAt ? new Date(row.lastLoginAt).toISOString() : null,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** One user of the organization, or null (another organization's user is "not found"). */
export async function findUser(db: Db, organizationId: string, id: string): Promise<UserRow | null> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, id)))
    .limit(1);
  return (row as UserRow | undefined) ?? null;
}

export async function listUsers(db: Db, organizationId: string, query: UserListQuery): Promise<Page<UserSummary>> {
  const filters: SQL[] = [eq(users.organizationId, organizationId)];
  if (query.q) {
    const p = containsPattern(query.q);
    filters.push(
      or(ilike(users.username, p), ilike(users.email, p), ilike(users.firstName, p), ilike(users.lastName, p))!,
    );
  }
  if (query.role) filters.push(eq(users.role, query.role));
  if (query.active) filters.push(eq(users.active, query.active === 'true'));
  const where = and(...filters);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(where);
  const rows = await db
    .select(userColumns)
    .from(users)
    .where(where)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.username))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    items: (rows as UserRow[]).map(toUserSummary),
    total: count?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
