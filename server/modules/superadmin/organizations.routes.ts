import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { idParamSchema } from '@shared/schemas/common-fields';
import { slugify } from '@shared/slug';
import {
  createOrganizationSchema,
  organizationListQuerySchema,
  organizationStatusSchema,
  type OrganizationListQuery,
  type OrganizationUsage,
} from '@shared/schemas/superadmin';
import { queryRows, type Db } from '../../db/client';
import { freeSlug } from '../../db/free-slug';
import { organizations, sessions, users } from '../../db/schema';
import { AppError, notFound, unauthenticated } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { registerListRoutes } from '../../lists/list-routes';
import { recordAudit } from '../../audit/record-audit';
import { createStaffUser } from '../users/create-user';
import { findUser, toUserSummary } from '../users/user-queries';

const READ = { config: { access: { area: 'superadmin', mode: 'read' } } } as const;
const WRITE = { config: { access: { area: 'superadmin', mode: 'write' } } } as const;
export const SUSPEND_OWN_MESSAGE = 'Vous ne pouvez pas suspendre votre propre organisation';
const orgNotFound = (): AppError => notFound('Organisation introuvable');

interface UsageRow {
  id: string;
  name: string;
  slug: string;
  status: 'active' | 'suspended';
  created_at: Date | string;
  suspended_at: Date | string | null;
  users: number;
  active_users: number;
  active_sessions: number;
  log_entries: number;
  last_login_at: Date | string | null;
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

function toUsage(r: UsageRow): OrganizationUsage {
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    status: r.status,
    createdAt: iso(r.created_at)!,
    suspendedAt: iso(r.suspended_at),
    users: r.users,
    activeUsers: r.active_users,
    activeSessions: r.active_sessions,
    logEntries: r.log_entries,
    lastLoginAt: iso(r.last_login_at),
  };
}

/** Organizations with their usage counts (one row each; counts by correlated subqueries on indexed keys). */
async function usage(db: Db, where: SQL, now: Date, limit: number, offset: number): Promise<OrganizationUsage[]> {
  const rows = await queryRows<UsageRow>(
    db,
    sql`SELECT o.id::text AS id, o.name, o.slug, o.status, o.created_at, o.suspended_at,
          (SELECT count(*)::int FROM users u WHERE u.organization_id = o.id) AS users,
          (SELECT count(*)::int FROM users u WHERE u.organization_id = o.id AND u.active) AS active_users,
          (SELECT count(*)::int FROM sessions s JOIN users u ON u.id = s.user_id
             WHERE u.organization_id = o.id AND s.expires_at > ${now.toISOString()}::timestamptz) AS active_sessions,
          (SELECT count(*)::int FROM log_entries l WHERE l.organization_id = o.id) AS log_entries,
          (SELECT max(u.last_login_at) FROM users u WHERE u.organization_id = o.id) AS last_login_at
        FROM organizations o WHERE ${where}
        ORDER BY o.name, o.id LIMIT ${limit} OFFSET ${offset}`,
  );
  return rows.map(toUsage);
}

/** What a list page reads of an organization (not its settings). */
const organizationColumns = {
  id: organizations.id,
  name: organizations.name,
  slug: organizations.slug,
  status: organizations.status,
  createdAt: organizations.createdAt,
  suspendedAt: organizations.suspendedAt,
};
type OrganizationRow = {
  id: string;
  name: string;
  slug: string;
  status: 'active' | 'suspended';
  createdAt: Date;
  suspendedAt: Date | null;
};

/** An organization with zero counts (only if it vanished between the page and its counts). */
function withoutUsage(row: OrganizationRow): OrganizationUsage {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    suspendedAt: row.suspendedAt ? row.suspendedAt.toISOString() : null,
    users: 0,
    activeUsers: 0,
    activeSessions: 0,
    logEntries: 0,
    lastLoginAt: null,
  };
}

function actor(request: FastifyRequest) {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** Superadmin: every organization of the installation (not scoped to one by design). README.md. */
export async function registerOrganizationRoutes(app: FastifyInstance): Promise<void> {
  // The list and its CSV file through the shared list routes (server/lists/list-routes.ts): every
  // organization (no organization scope), searched on `search_text` (name and identifier) and sorted
  // on the stored French name key (migration 0042); the usage counts of the page's organizations come
  // from `usage` in one query.
  registerListRoutes<OrganizationRow, OrganizationUsage, OrganizationListQuery, Map<string, OrganizationUsage>>(app, {
    path: '/api/superadmin/organizations',
    area: 'superadmin',
    table: organizations,
    columns: organizationColumns,
    listQuerySchema: organizationListQuerySchema,
    sortColumns: { name: organizations.nameSort, createdAt: organizations.createdAt },
    filters: (q) => [q.status ? eq(organizations.status, q.status) : undefined],
    scope: () => null,
    versioned: false,
    loadContext: async (db, _scope, rows) => {
      if (rows.length === 0) return new Map();
      const ids = sql.join(
        rows.map((r) => sql`${r.id}::uuid`),
        sql`, `,
      );
      const found = await usage(db, sql`o.id IN (${ids})`, app.now(), rows.length, 0);
      return new Map(found.map((o) => [o.id, o]));
    },
    toDto: (row, counts) => counts.get(row.id) ?? withoutUsage(row),
    csv: {
      filename: 'organisations',
      columns: [
        { header: 'Nom', value: (o) => o.name },
        { header: 'Identifiant', value: (o) => o.slug },
        { header: 'Statut', value: (o) => (o.status === 'active' ? 'Active' : 'Suspendue') },
        { header: 'Utilisateurs', format: 'integer', value: (o) => o.users },
        { header: 'Utilisateurs actifs', format: 'integer', value: (o) => o.activeUsers },
        { header: 'Sessions ouvertes', format: 'integer', value: (o) => o.activeSessions },
        { header: 'Entrées du journal', format: 'integer', value: (o) => o.logEntries },
        { header: 'Dernière connexion', format: 'datetime', value: (o) => o.lastLoginAt },
        { header: 'Créée le', format: 'datetime', value: (o) => o.createdAt },
        { header: 'Suspendue le', format: 'datetime', value: (o) => o.suspendedAt },
      ],
    },
  });

  app.get('/api/superadmin/organizations/:id', READ, async (request) => {
    const { id } = parseInput(idParamSchema, request.params);
    const [org] = await usage(app.db, sql`o.id = ${id}::uuid`, app.now(), 1, 0);
    if (!org) throw orgNotFound();
    return org;
  });

  app.post('/api/superadmin/organizations', WRITE, async (request, reply) => {
    const me = actor(request);
    const input = parseInput(createOrganizationSchema, request.body);
    const now = app.now();
    const answer = await app.db.transaction(async (tx) => {
      const slug = await freeSlug(tx, organizations.slug, slugify(input.name, 'organisation'));
      const [org] = await tx
        .insert(organizations)
        .values({ name: input.name, slug, createdAt: now, updatedAt: now })
        .returning({ id: organizations.id });
      const created = await createStaffUser(tx, {
        ...input.admin,
        role: 'admin',
        organizationId: org!.id,
        createdBy: me.id,
        now,
      });
      await recordAudit(tx, request, {
        action: 'create',
        entityType: 'organization',
        entityId: org!.id,
        changes: { name: input.name, slug, adminUsername: input.admin.username },
      });
      const admin = await findUser(tx, org!.id, created.userId);
      const [view] = await usage(tx, sql`o.id = ${org!.id}::uuid`, now, 1, 0);
      return {
        organization: view!,
        admin: {
          user: toUserSummary(admin!),
          ...(created.temporaryPassword ? { temporaryPassword: created.temporaryPassword } : {}),
          ...(created.invitation ? { invitation: created.invitation } : {}),
        },
      };
    });
    void reply.header('cache-control', 'no-store');
    return reply.status(201).send(answer);
  });

  app.post('/api/superadmin/organizations/:id/status', WRITE, async (request) => {
    const me = actor(request);
    const { id } = parseInput(idParamSchema, request.params);
    const { status } = parseInput(organizationStatusSchema, request.body);
    if (id === me.organizationId && status === 'suspended') throw new AppError('CONFLICT', SUSPEND_OWN_MESSAGE);
    const now = app.now();
    await app.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ status: organizations.status })
        .from(organizations)
        .where(eq(organizations.id, id))
        .for('update');
      if (!before) throw orgNotFound();
      if (before.status === status) return;
      await tx
        .update(organizations)
        .set({ status, suspendedAt: status === 'suspended' ? now : null, updatedAt: now })
        .where(eq(organizations.id, id));
      if (status === 'suspended') {
        // Its users are signed out at once (the session loader and login also refuse a suspended organization).
        await tx
          .delete(sessions)
          .where(inArray(sessions.userId, tx.select({ id: users.id }).from(users).where(eq(users.organizationId, id))));
      }
      await recordAudit(tx, request, {
        action: status === 'suspended' ? 'suspend' : 'reactivate',
        entityType: 'organization',
        entityId: id,
        changes: { status: { from: before.status, to: status } },
      });
    });
    const [org] = await usage(app.db, sql`o.id = ${id}::uuid`, now, 1, 0);
    return org!;
  });
}
