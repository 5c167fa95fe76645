import type { FastifyInstance } from 'fastify';
import { unauthenticated } from '../../http/errors';
import { isPublicRoute, matchedNoRoute } from './route-kind';

/**
 * onRequest (after session and CSRF): every route that matched needs a signed-in user unless the route
 * itself says `public: true` (decided from the route, never from the URL text). A request that matched
 * no route falls through to the JSON 404. Roles are checked later by the authorize preHandler.
 */
export function registerAccessHook(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (matchedNoRoute(request) || isPublicRoute(request) || request.user) return done();
    done(unauthenticated());
  });
}
