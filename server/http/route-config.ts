import type { FastifyRequest } from 'fastify';

/** The matched route's declaration, with Fastify's `url` (the route pattern) and `method`. */
export type MatchedRouteConfig = NonNullable<FastifyRequest['matchedRouteConfig']>;

/**
 * The matched route's config, read once per request: `request.routeOptions` builds a new object on every read
 * (about 0.1 µs), and several hooks ask. The object is the route's own, the same for every request of that
 * route, so what hooks decide from it is decided from the route that matched, never from the URL (ADR 0007).
 */
export const routeConfig = (request: FastifyRequest): MatchedRouteConfig =>
  (request.matchedRouteConfig ??= request.routeOptions.config);
