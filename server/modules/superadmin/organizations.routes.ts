import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { idParamSchema, type Page } from '@shared/schemas/common-fields';
import {
  createOrganizationSchema,
  organizationListQuerySchema,
  organizationStatusSchema,
  type OrganizationUsage,
} from '@shared/schemas/superadmin';
import { queryRows, type Db } from '../../db/client';
import { organizations, sessions, users } from '../../db/schema';
import { AppError, notFound, unauthenticated } from '../../http/errors';
import { containsPattern } from '../../http/like-pattern';
import { parseInput } from '../../http/validate';
import { recordAudit } from '../../audit/record-audit';
import { slugify } from '../auth/register.route';
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

function actor(request: FastifyRequest) {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** Superadmin: every organization of the installation (not scoped to one by design). README.md. */
export async function registerOrganizationRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/superadmin/organizations', READ, async (request): Promise<Page<OrganizationUsage>> => {
    const query = parseInput(organizationListQuerySchema, request.query);
    const filters: SQL[] = [sql`TRUE`];
    if (query.q)
      filters.push(sql`(o.name ILIKE ${containsPattern(query.q)} OR o.slug ILIKE ${containsPattern(query.q)})`);
    if (query.status) filters.push(sql`o.status = ${query.status}`);
    const where = sql.join(filters, sql` AND `);
    const [count] = await queryRows<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM organizations o WHERE ${where}`,
    );
    const items = await usage(app.db, where, app.now(), query.pageSize, (query.page - 1) * query.pageSize);
    return { items, total: count?.n ?? 0, page: query.page, pageSize: query.pageSize };
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
      const base = slugify(input.name);
      const [taken] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, base));
      const slug = taken ? `${base}-${randomBytes(3).toString('hex')}` : base;
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
