import { and, eq, sql } from 'drizzle-orm';
import { roleLabel } from '@shared/constants';
import { userListQuerySchema, type UserListQuery, type UserSummary } from '@shared/schemas/users';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { userIdentityColumns } from '../../db/user-columns';
import type { ListDefinition } from '../../lists/list-routes';

/** Columns every user answer needs (never the password hash itself). */
export const userColumns = {
  ...userIdentityColumns,
  active: users.active,
  mustChangePassword: users.mustChangePassword,
  invitationPending: sql<boolean>`(${users.passwordHash} = '')`,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  version: users.version,
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
  version: number;
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
    version: row.version,
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

/**
 * `GET /api/users` and `GET /api/users/export.csv` through the shared list routes
 * (server/lists/list-routes.ts): accent-insensitive search on `search_text` (username, e-mail,
 * names; migration 0042), sorted by the stored name key and its index, the organization's users only.
 */
export const usersList: ListDefinition<UserRow, UserSummary, UserListQuery, null> = {
  path: '/api/users',
  area: 'admin',
  table: users,
  columns: userColumns,
  listQuerySchema: userListQuerySchema,
  sortColumns: {
    lastName: users.nameSort,
    username: users.username,
    email: users.email,
    role: users.role,
    lastLoginAt: users.lastLoginAt,
    createdAt: users.createdAt,
  },
  filters: (q) => [
    q.role ? eq(users.role, q.role) : undefined,
    q.active ? eq(users.active, q.active === 'true') : undefined,
  ],
  versioned: false,
  loadContext: async () => null,
  toDto: (row) => toUserSummary(row),
  csv: {
    filename: 'utilisateurs',
    columns: [
      { header: 'Identifiant', value: (u) => u.username },
      { header: 'Prénom', value: (u) => u.firstName },
      { header: 'Nom', value: (u) => u.lastName },
      { header: 'E-mail', value: (u) => u.email },
      { header: 'Rôle', value: (u) => u.roleLabel },
      { header: 'Actif', format: 'boolean', value: (u) => u.active },
      { header: 'Invitation en attente', format: 'boolean', value: (u) => u.invitationPending },
      { header: 'Dernière connexion', format: 'datetime', value: (u) => u.lastLoginAt },
      { header: 'Créé le', format: 'datetime', value: (u) => u.createdAt },
    ],
  },
};
