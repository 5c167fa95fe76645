import type { FastifyInstance, FastifyReply } from 'fastify';
import { clearCookie, setCookie } from '../../http/cookies';

/**
 * The session cookie: HttpOnly, SameSite=Lax, path /, Secure when configured. It expires when the session
 * would (idle timeout from the last use, capped by the absolute one) and is renewed as the session is used.
 */
export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, id: string, expiresAt: Date): void {
  setCookie(reply, app.config.cookieName, id, {
    sameSite: 'Lax',
    secure: app.config.cookieSecure,
    path: '/',
    expires: expiresAt,
  });
}

/** A signed-in answer is never kept by the browser or a proxy (ADR 0002). */
export function keepOutOfCaches(reply: FastifyReply): void {
  void reply.header('cache-control', 'no-store');
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  clearCookie(reply, app.config.cookieName, { sameSite: 'Lax', secure: app.config.cookieSecure, path: '/' });
}
