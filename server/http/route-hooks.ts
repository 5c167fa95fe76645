import type {
  FastifyContextConfig,
  HTTPMethods,
  onRequestHookHandler,
  onSendHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';

/** The methods a route answers, as a list. */
export const routeMethods = (route: RouteOptions): HTTPMethods[] =>
  (Array.isArray(route.method) ? route.method : [route.method]) as HTTPMethods[];

const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a route answers a method whose requests carry a body and may write. */
export const takesBody = (route: RouteOptions): boolean =>
  routeMethods(route).some((method) => WRITE_METHODS.has(method));

type RouteHooks = { onRequest: onRequestHookHandler; preHandler: preHandlerHookHandler; onSend: onSendHookHandler };
type RouteHookLists = { [Name in keyof RouteHooks]: RouteHooks[Name] | RouteHooks[Name][] | undefined };

/**
 * Adds a hook to one route from an `onRoute` hook, after the route's own hooks of that kind (and after the global
 * ones, which run first). A check that only some routes need (a body, a write) is added to those routes: each
 * kind of hook a route has costs every one of its requests, so a global preHandler would cost every GET too.
 */
export function appendRouteHook<Name extends keyof RouteHooks>(
  route: RouteOptions,
  name: Name,
  hook: RouteHooks[Name],
): void {
  // Fastify types a route's hooks per kind with its shorthand generics; these three kinds are read as lists of
  // the plain handler types, which is what a route built by `app.get`/`app.post` holds.
  const hooks = route as RouteHookLists;
  const existing = hooks[name];
  hooks[name] = existing === undefined ? [hook] : Array.isArray(existing) ? [...existing, hook] : [existing, hook];
}

/** How many checks `addRequestCheck` has put in front of each route's own onRequest hooks. */
const requestChecksAdded = new WeakMap<RouteOptions, number>();

/**
 * Adds an onRequest hook to one route from an `onRoute` hook, before the route's own onRequest hooks and after
 * the checks added this way before it: the session, the CSRF token and authorization run in the order their
 * plugins are registered, before any code of the route (ADR 0007).
 */
export function addRequestCheck(route: RouteOptions, hook: onRequestHookHandler): void {
  const hooks = route as RouteHookLists;
  const existing = hooks.onRequest;
  const list = existing === undefined ? [] : Array.isArray(existing) ? [...existing] : [existing];
  const added = requestChecksAdded.get(route) ?? 0;
  list.splice(added, 0, hook);
  requestChecksAdded.set(route, added + 1);
  hooks.onRequest = list;
}

/**
 * A route's config as it stands once every plugin's `onRoute` hooks have run, read at the route's first request
 * and kept: a plugin registered later may still add to it when the route is registered (the web app's static
 * files mark theirs `public` and `sessionless` in their own `onRoute` hook). For the hooks a route gets when it is
 * registered, which so decide from the route itself and never look it up per request.
 */
export function settledConfig(route: RouteOptions): () => FastifyContextConfig {
  let config: FastifyContextConfig | undefined;
  return () => (config ??= route.config ?? {});
}
