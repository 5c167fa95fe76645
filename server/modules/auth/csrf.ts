import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { AppError } from '../../http/errors';
import { addRequestCheck, routeMethods } from '../../http/route-hooks';
import { tokensEqual } from './tokens';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_HEADER = 'x-csrf-token';

/**
 * onRequest of every route that answers a method other than GET, HEAD or OPTIONS, after the session hook: such a
 * request (POST, PUT, PATCH, DELETE…), however its path was spelled, must carry the session's synchronizer token
 * in `x-csrf-token`. Each such route gets the hook when it is registered (an `onRoute` hook), so no route can
 * forget it and a read does not call it; a request that matched no route gets the JSON 404 and runs nothing.
 */
export function registerCsrfHook(app: FastifyInstance): void {
  // A plain callback hook: no promise and no microtask per request.
  const checkCsrf: onRequestHookHandler = (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const header = request.headers[CSRF_HEADER];
    const received = Array.isArray(header) ? header[0] : header;
    if (!tokensEqual(request.session?.csrfToken ?? request.anonymousCsrfToken, received)) {
      return done(new AppError('CSRF_INVALID', 'Jeton anti-falsification (CSRF) manquant ou invalide'));
    }
    done();
  };
  app.addHook('onRoute', (route) => {
    if (routeMethods(route).some((method) => !SAFE_METHODS.has(method))) {
      addRequestCheck(route, checkCsrf);
    }
  });
}
