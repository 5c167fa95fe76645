import type { FastifyInstance } from 'fastify';
import { setSessionCookie } from './session.cookie';
import { createSession, deleteSession } from './session.store';

/**
 * POST /api/logout: destroys the session (its cookie value is worthless afterwards). The visitor
 * gets a fresh anonymous session carrying the same CSRF token, so the token the browser cached stays
 * valid for the next sign-in. Answers `{ ok: true }`, also when already signed out.
 */
export async function logoutRoute(app: FastifyInstance): Promise<void> {
  app.post('/api/logout', { config: { public: true } }, async (request, reply) => {
    const previous = request.session;
    if (previous) {
      await deleteSession(app.db, previous.idHash);
      const created = await createSession(app.db, {
        userId: null,
        csrfToken: previous.csrfToken,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        now: app.now(),
        config: app.config,
      });
      setSessionCookie(app, reply, created.id, created.expiresAt);
    }
    request.session = null;
    request.user = null;
    return { ok: true };
  });
}
