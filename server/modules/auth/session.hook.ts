import type { FastifyInstance } from 'fastify';
import { readAnonymousToken } from './anonymous-csrf';
import { needsSession } from './route-kind';
import { clearSessionCookie, setSessionCookie } from './session.cookie';
import { clearSessionCache, loadSession } from './session.store';

/**
 * onRequest: loads `request.session` and `request.user` from the session cookie, for every route that
 * matched except the web app's files (`config.sessionless`).
 */
export function registerSessionHook(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!needsSession(request)) return;
    const id = request.cookies[app.config.cookieName];
    const loaded = id && id.length <= 200 ? await loadSession(app.db, id, app.now(), app.config) : null;
    if (!loaded) {
      // An ended session's cookie is dropped from the browser; the visitor may have an anonymous token.
      if (id) clearSessionCookie(app, reply);
      request.anonymousCsrfToken = readAnonymousToken(app, request);
      return;
    }
    request.session = loaded.session;
    request.user = loaded.user;
    if (loaded.touched) setSessionCookie(app, reply, id!, loaded.cookieExpiresAt);
  });
  app.addHook('onSend', async (request, reply) => {
    // A signed-in answer is never kept by the browser or a proxy (ADR 0002).
    if (request.session) void reply.header('cache-control', 'no-store');
    // Any write may change a user, an organization or a session: drop this node's session cache
    // before the answer leaves, so the client's next request sees the change.
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') clearSessionCache();
  });
}
