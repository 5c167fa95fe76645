import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { csrfTokenSchema } from '@shared/schemas/auth';
import { setSessionCookie } from './session.cookie';
import { createSession } from './session.store';

/** GET /api/csrf-token: the session's token; a visitor with no session gets an anonymous one. */
export async function csrfTokenRoute(app: FastifyInstance): Promise<void> {
  app.get('/api/csrf-token', { config: { public: true } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (request.session) return { csrfToken: request.session.csrfToken } satisfies z.infer<typeof csrfTokenSchema>;
    const created = await createSession(app.db, {
      userId: null,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      now: app.now(),
      config: app.config,
    });
    setSessionCookie(app, reply, created.id, created.expiresAt);
    request.session = { idHash: created.idHash, userId: null, csrfToken: created.csrfToken };
    return { csrfToken: created.csrfToken } satisfies z.infer<typeof csrfTokenSchema>;
  });
}
