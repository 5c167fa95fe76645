import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The session cookie: HttpOnly, SameSite=Lax, path /, Secure when configured. It expires when the session
 * would (idle timeout from the last use, capped by the absolute one) and is renewed as the session is used.
 */
export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, id: string, expiresAt: Date): void {
  void reply.setCookie(app.config.cookieName, id, {
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.cookieSecure,
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  void reply.clearCookie(app.config.cookieName, {
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.cookieSecure,
    path: '/',
  });
}
