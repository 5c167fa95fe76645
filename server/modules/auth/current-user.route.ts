import type { FastifyInstance } from 'fastify';
import { unauthenticated } from '../../http/errors';
import { toCurrentUser } from './sign-in';

/** GET /api/user: the signed-in user, or 401 (the web app reads 401 as "signed out"). */
export async function currentUserRoute(app: FastifyInstance): Promise<void> {
  app.get('/api/user', { config: { public: true } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!request.user) throw unauthenticated();
    return toCurrentUser(request.user);
  });
}
