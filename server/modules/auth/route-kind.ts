import type { FastifyRequest } from 'fastify';
import { routeConfig } from '../../http/route-config';

export { routeConfig };

/**
 * What the session, CSRF and access hooks know about a request comes from the route that MATCHED it
 * (`request.routeOptions.config`), never from the raw URL: the router decodes `/%61pi/...` into an /api
 * route, so a check on the URL text can be walked around (ADR 0007).
 */

/** The request matched no route: the not-found handler answers 404 and nothing else runs. */
export const matchedNoRoute = (request: FastifyRequest): boolean => request.is404;

/** Files of the web app (SPA shell, hashed assets, placeholders) need no session. */
export const needsSession = (request: FastifyRequest): boolean =>
  !request.is404 && routeConfig(request).sessionless !== true;

/** Declared `public: true` by its route: a signed-out visitor may call it. */
export const isPublicRoute = (request: FastifyRequest): boolean => routeConfig(request).public === true;
