import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { acceptInvitationSchema } from '@shared/schemas/users';
import { auditLog, organizations, userInvitations, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { hashPassword } from '../auth/password';
import { assertPasswordAcceptable } from '../auth/password-policy';
import { INVITATION_INVALID_MESSAGE, hashInvitationToken } from './invitations';

const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Invitation invalide') });
const invalid = (): AppError => new AppError('NOT_FOUND', INVITATION_INVALID_MESSAGE);

/** Public routes behind the one-time invitation link (the token is the only credential). */
export async function registerInvitationRoutes(app: FastifyInstance): Promise<void> {
  async function findValid(token: string) {
    const [row] = await app.db
      .select({
        id: userInvitations.id,
        userId: userInvitations.userId,
        organizationId: userInvitations.organizationId,
        expiresAt: userInvitations.expiresAt,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        active: users.active,
        organizationName: organizations.name,
        organizationStatus: organizations.status,
      })
      .from(userInvitations)
      .innerJoin(users, eq(users.id, userInvitations.userId))
      .innerJoin(organizations, eq(organizations.id, userInvitations.organizationId))
      .where(and(eq(userInvitations.tokenHash, hashInvitationToken(token)), isNull(userInvitations.acceptedAt)))
      .limit(1);
    const valid =
      row && row.active && row.organizationStatus === 'active' && row.expiresAt.getTime() > app.now().getTime();
    if (!valid) throw invalid();
    return row;
  }

  app.get('/api/invitations/:token', { config: { public: true } }, async (request, reply) => {
    const params = tokenParams.safeParse(request.params);
    if (!params.success) throw invalid();
    const row = await findValid(params.data.token);
    void reply.header('cache-control', 'no-store');
    return {
      username: row.username,
      firstName: row.firstName,
      lastName: row.lastName,
      organizationName: row.organizationName,
      expiresAt: row.expiresAt.toISOString(),
    };
  });

  app.post('/api/invitations/:token/accept', { config: { public: true } }, async (request) => {
    const params = tokenParams.safeParse(request.params);
    if (!params.success) throw invalid();
    const input = parseInput(acceptInvitationSchema, request.body);
    const row = await findValid(params.data.token);
    // After the token check: a refused password must not tell anything about an invalid link.
    assertPasswordAcceptable(input.password, row.username, 'password');
    const passwordHash = await hashPassword(input.password);
    const now = app.now();
    await app.db.transaction(async (tx) => {
      // Used once: the conditional update wins only for the first of two concurrent accepts.
      const used = await tx
        .update(userInvitations)
        .set({ acceptedAt: now })
        .where(and(eq(userInvitations.id, row.id), isNull(userInvitations.acceptedAt)))
        .returning({ id: userInvitations.id });
      if (used.length === 0) throw invalid();
      await tx
        .update(users)
        .set({ passwordHash, mustChangePassword: false, updatedAt: now, version: sql`${users.version} + 1` })
        .where(eq(users.id, row.userId));
      await tx.insert(auditLog).values({
        organizationId: row.organizationId,
        userId: row.userId,
        action: 'accept-invitation',
        entityType: 'user',
        entityId: row.userId,
        changes: null,
        ip: request.ip,
      });
    });
    return { ok: true, username: row.username };
  });
}
