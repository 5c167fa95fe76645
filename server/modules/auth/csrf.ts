import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors';
import { isApiRequest } from './session.hook';
import { tokensEqual } from './tokens';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_HEADER = 'x-csrf-token';

/**
 * onRequest (after the session hook): every POST/PUT/PATCH/DELETE on /api must carry the session's
 * synchronizer token in `x-csrf-token`. Global, so no route can forget it.
 */
export function registerCsrfHook(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !isApiRequest(request)) return;
    const header = request.headers[CSRF_HEADER];
    const received = Array.isArray(header) ? header[0] : header;
    if (!tokensEqual(request.session?.csrfToken, received)) {
      throw new AppError('CSRF_INVALID', 'Jeton anti-falsification (CSRF) manquant ou invalide');
    }
  });
}
