import type { FastifyInstance } from 'fastify';
import { clearSessionCookie } from './session.cookie';
import { deleteSession } from './session.store';

/**
 * POST /api/logout: destroys the session (its cookie value is worthless afterwards) and clears its
 * cookie. The visitor keeps their anonymous CSRF cookie for the next sign-in. Answers `{ ok: true }`,
 * also when already signed out.
 */
export async function logoutRoute(app: FastifyInstance): Promise<void> {
  app.post('/api/logout', { config: { public: true } }, async (request, reply) => {
    if (request.session) {
      await deleteSession(app.db, request.session.idHash);
      clearSessionCookie(app, reply);
    }
    request.session = null;
    request.user = null;
    return { ok: true };
  });
}
