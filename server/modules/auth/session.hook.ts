import type { FastifyInstance } from 'fastify';
import { needsSession } from './route-kind';
import { clearSessionCache, loadSession } from './session.store';

/**
 * onRequest: loads `request.session` and `request.user` from the session cookie, for every route that
 * matched except the web app's files (`config.sessionless`).
 */
export function registerSessionHook(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!needsSession(request)) return;
    const id = request.cookies[app.config.cookieName];
    if (!id || id.length > 200) return;
    const loaded = await loadSession(app.db, id, app.now(), app.config);
    if (!loaded) return;
    request.session = loaded.session;
    request.user = loaded.user;
  });
  // Any write may change a user, an organization or a session: drop this node's session cache
  // before the answer leaves, so the client's next request sees the change.
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') clearSessionCache();
  });
}
