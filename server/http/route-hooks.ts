import type {
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
