import type { HTTPMethods, onRequestHookHandler, preHandlerHookHandler, RouteOptions } from 'fastify';

/** The methods a route answers, as a list. */
export const routeMethods = (route: RouteOptions): HTTPMethods[] =>
  (Array.isArray(route.method) ? route.method : [route.method]) as HTTPMethods[];

/** The methods whose requests carry a body and may write. */
export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Adds a hook to one route from an `onRoute` hook, after the route's own hooks of that kind (and after the global
 * ones, which run first). A check that only some routes need (a body, a write) is added to those routes: each
 * kind of hook a route has costs every one of its requests, so a global preHandler would cost every GET too.
 */
export function appendRouteHook(route: RouteOptions, name: 'onRequest', hook: onRequestHookHandler): void;
export function appendRouteHook(route: RouteOptions, name: 'preHandler', hook: preHandlerHookHandler): void;
export function appendRouteHook(
  route: RouteOptions,
  name: 'onRequest' | 'preHandler',
  hook: onRequestHookHandler | preHandlerHookHandler,
): void {
  const existing: unknown = route[name];
  const hooks = existing === undefined ? [hook] : Array.isArray(existing) ? [...existing, hook] : [existing, hook];
  (route as { [key in typeof name]?: unknown })[name] = hooks;
}
