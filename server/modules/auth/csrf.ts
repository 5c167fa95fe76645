import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors';
import { matchedNoRoute } from './route-kind';
import { tokensEqual } from './tokens';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_HEADER = 'x-csrf-token';

/**
 * onRequest (after the session hook): every POST/PUT/PATCH/DELETE that matched a route, however its path
 * was spelled, must carry the session's synchronizer token in `x-csrf-token`. Global, so no route can
 * forget it; a request that matched no route gets the JSON 404 and runs nothing.
 */
export function registerCsrfHook(app: FastifyInstance): void {
  // A plain callback hook: no promise and no microtask per request.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || matchedNoRoute(request)) return done();
    const header = request.headers[CSRF_HEADER];
    const received = Array.isArray(header) ? header[0] : header;
    if (!tokensEqual(request.session?.csrfToken ?? request.anonymousCsrfToken, received)) {
      return done(new AppError('CSRF_INVALID', 'Jeton anti-falsification (CSRF) manquant ou invalide'));
    }
    done();
  });
}
