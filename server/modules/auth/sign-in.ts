import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { CurrentUser } from '@shared/schemas/auth';
import { users } from '../../db/schema';
import type { SessionUser } from '../../http/types';
import { keepOutOfCaches, setSessionCookie } from './session.cookie';
import { createSession, deleteSession, sessionCookieExpiry } from './session.store';

/** The `currentUserSchema` answer of /api/user, /api/login and /api/register. */
export function toCurrentUser(user: SessionUser): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    organizationId: user.organizationId,
    organizationName: user.organizationName,
    productWord: user.productWord,
  };
}

/**
 * Rotates the session at sign-in: a new id (the old row is deleted, so a fixated id is worthless),
 * the same CSRF token as before (the browser caches it: the previous session's, else the anonymous
 * cookie's), last_login_at set, cookie replaced.
 */
export async function signIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: SessionUser,
): Promise<CurrentUser> {
  const now = app.now();
  const previous = request.session;
  if (previous) await deleteSession(app.db, previous.idHash);
  const created = await createSession(app.db, {
    userId: user.id,
    csrfToken: previous?.csrfToken ?? request.anonymousCsrfToken ?? undefined,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    now,
    config: app.config,
  });
  // The last sign-in is not an edit of the user: it leaves `version` alone, so a sheet open elsewhere still saves.
  await app.db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
  setSessionCookie(
    app,
    reply,
    created.id,
    sessionCookieExpiry({ lastSeenAt: now, expiresAt: created.expiresAt }, app.config),
  );
  keepOutOfCaches(reply);
  request.session = { idHash: created.idHash, userId: user.id, csrfToken: created.csrfToken };
  request.user = user;
  return toCurrentUser(user);
}
