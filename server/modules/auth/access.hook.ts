import type { FastifyInstance } from 'fastify';
import { unauthenticated } from '../../http/errors';
import { isApiRequest } from './session.hook';

/**
 * onRequest (after session and CSRF): every /api route needs a signed-in user unless its route
 * config says `public: true`. Unknown /api paths fall through to the JSON 404.
 */
export function registerAccessHook(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!isApiRequest(request) || request.is404) return;
    if (request.routeOptions.config.public === true) return;
    if (!request.user) throw unauthenticated();
  });
}
