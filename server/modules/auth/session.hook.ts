import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadSession } from './session.store';

/** Only API requests need the session (static files and the SPA shell do not hit the database). */
export function isApiRequest(request: FastifyRequest): boolean {
  return request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
}

/** onRequest: loads `request.session` and `request.user` from the session cookie. */
export function registerSessionHook(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!isApiRequest(request)) return;
    const id = request.cookies[app.config.cookieName];
    if (!id || id.length > 200) return;
    const loaded = await loadSession(app.db, id, app.now(), app.config);
    if (!loaded) return;
    request.session = loaded.session;
    request.user = loaded.user;
  });
}
