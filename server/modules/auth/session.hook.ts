import type { FastifyInstance } from 'fastify';
import { bindUserToLog } from '../../observability/request-id';
import { readAnonymousToken } from './anonymous-csrf';
import { needsSession } from './route-kind';
import { clearSessionCookie, setSessionCookie } from './session.cookie';
import { clearSessionCache, loadSession } from './session.store';

/**
 * The routes whose writes may change what a loaded session holds (a user, its role or state, its organization
 * and that organization's name or product word, the sessions themselves), by their route pattern (never the
 * URL as spelled). Every other write (clients, quotes, stock...) leaves the loaded sessions as they are.
 */
const SESSION_ROUTE_PREFIXES = [
  '/api/users',
  '/api/user',
  '/api/me',
  '/api/account',
  '/api/superadmin',
  '/api/login',
  '/api/logout',
  '/api/register',
  '/api/invitations',
  '/api/settings',
  '/api/pricing-settings',
];

/** Whether a write on the route `pattern` may change a session (no pattern: a 404, treated as one to be safe). */
export const changesSessions = (pattern: string | undefined): boolean =>
  pattern === undefined ||
  SESSION_ROUTE_PREFIXES.some((prefix) => pattern === prefix || pattern.startsWith(`${prefix}/`));

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
    if (loaded.user) bindUserToLog(request, reply, loaded.user);
    if (loaded.touched) setSessionCookie(app, reply, id!, loaded.cookieExpiresAt);
  });
  app.addHook('onSend', async (request, reply) => {
    // A signed-in answer is never kept by the browser or a proxy (ADR 0002).
    if (request.session) void reply.header('cache-control', 'no-store');
    // A write that may change a user, an organization or a session drops this node's session cache before
    // the answer leaves, so the client's next request sees the change (the other writes leave it alone).
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') {
      if (changesSessions(request.routeOptions.url)) clearSessionCache();
    }
  });
}
