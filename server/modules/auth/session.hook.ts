import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  onSendHookHandler,
} from 'fastify';
import { requestCookie } from '../../http/cookies';
import { addRequestCheck, appendRouteHook, settledConfig, takesBody } from '../../http/route-hooks';
import { bindUserToLog } from '../../observability/request-id';
import { readAnonymousToken } from './anonymous-csrf';
import { clearSessionCookie, keepOutOfCaches, setSessionCookie } from './session.cookie';
import { cachedSession, clearSessionCache, loadSession, type LoadedSession } from './session.store';
import { hashSessionIdRecent } from './tokens';

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

/** Whether a write on the route `pattern` may change a session. */
export const changesSessions = (pattern: string): boolean =>
  SESSION_ROUTE_PREFIXES.some((prefix) => pattern === prefix || pattern.startsWith(`${prefix}/`));

const dropSessionCache: onSendHookHandler = (_request, _reply, payload, done) => {
  clearSessionCache();
  done(null, payload);
};

/**
 * onRequest of every route except the web app's files (`config.sessionless`): loads `request.session` and
 * `request.user` from the session cookie. A session this node holds in its cache is answered synchronously (no
 * promise, no microtask); a miss reads the database. Each route gets the hook when it is registered (ADR 0018), so
 * a path that matched no route loads no session.
 */
export function registerSessionHook(app: FastifyInstance): void {
  const signedIn = (request: FastifyRequest, reply: FastifyReply, id: string, loaded: LoadedSession): void => {
    request.session = loaded.session;
    request.user = loaded.user;
    keepOutOfCaches(reply);
    if (loaded.user) bindUserToLog(request, loaded.user);
    if (loaded.touched) setSessionCookie(app, reply, id, loaded.cookieExpiresAt);
  };
  const signedOut = (request: FastifyRequest, reply: FastifyReply, id: string | undefined): void => {
    // An ended session's cookie is dropped from the browser; the visitor may have an anonymous token.
    if (id) clearSessionCookie(app, reply);
    request.anonymousCsrfToken = readAnonymousToken(app, request);
  };

  const loadRequestSession = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const id = requestCookie(request, app.config.cookieName);
    if (!id || id.length > 200) {
      signedOut(request, reply, id);
      return done();
    }
    const idHash = hashSessionIdRecent(id);
    const nowMs = app.nowMs();
    const hit = cachedSession(idHash, nowMs, app.config);
    if (hit) {
      signedIn(request, reply, id, hit);
      return done();
    }
    loadSession(app.db, id, new Date(nowMs), app.config, idHash)
      .then((loaded) => (loaded ? signedIn(request, reply, id, loaded) : signedOut(request, reply, id)))
      .then(
        () => done(),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
  };
  app.addHook('onRoute', (route) => {
    const config = settledConfig(route);
    addRequestCheck(route, (request, reply, done) =>
      config().sessionless === true ? done() : loadRequestSession(request, reply, done),
    );
    // A write that may change a user, an organization or a session drops this node's session cache before the
    // answer leaves, so the client's next request sees the change. Only those routes get the hook (ADR 0018):
    // reads and the other writes leave the cache alone, and a path that matched no route changed nothing.
    if (takesBody(route) && changesSessions(route.url)) {
      appendRouteHook(route, 'onSend', dropSessionCache);
    }
  });
}
