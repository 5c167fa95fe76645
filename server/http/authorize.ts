import fp from 'fastify-plugin';
import type { HTTPMethods, RouteOptions } from 'fastify';
import { can, type AccessMode, type Area } from '@shared/access';
import { moduleOfApiPath, type ModuleKey } from '@shared/modules';
import { OrganizationModules } from '../access/org-modules';
import { recordSecurityEvent } from '../access/security-journal';
import { AppError, notFound, unauthenticated } from './errors';

/**
 * What a route needs: an area of the authorization matrix (shared/access.ts) and a mode, and optionally
 * the business module it belongs to (a module turned off for the organization answers 404). Without
 * `module`, the module is derived from the path prefix (shared/modules.ts `api`).
 */
export interface RouteAccess {
  area: Area;
  mode: AccessMode;
  module?: ModuleKey;
}

/** Routes any signed-in user may call whatever their role (own account, own context). */
export const SIGNED_IN = 'signed-in' as const;
export type RouteAccessDeclaration = RouteAccess | typeof SIGNED_IN;

/** A route as registered (after this plugin), with its declared config; read by the route-matrix test. */
export interface CatalogedRoute {
  method: string;
  url: string;
  public: boolean;
  access: RouteAccessDeclaration | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every non-public /api route declares its access; the authorize hook enforces it (fail closed). */
    access?: RouteAccessDeclaration;
  }
  interface FastifyInstance {
    /** Module switches per organization (cached); the superadmin module invalidates on change. */
    organizationModules: OrganizationModules;
    /** Routes registered after the authorize plugin, with their declared access (tests read it). */
    routeCatalog: CatalogedRoute[];
  }
}

export const ACCESS_DENIED_MESSAGE = 'Accès refusé';
export const PASSWORD_CHANGE_REQUIRED_MESSAGE = 'Vous devez changer votre mot de passe avant de continuer';

/**
 * Enforces the authorization matrix on every route that matched, from the route's own declaration. Fails
 * closed: the app does not start when a route declares neither `public` nor `access`, and a request on a
 * route without a declaration would be refused. Refusals are written to the error journal (source
 * 'security').
 */
export const authorizeModule = fp(
  async (app) => {
    const modules = new OrganizationModules(app.db, () => app.now().getTime());
    app.decorate('organizationModules', modules);
    app.changes.on('modules', (change) =>
      change === 'resync' || !change.organizationId
        ? modules.invalidateAll()
        : modules.invalidate(change.organizationId),
    );
    // Route options are kept by reference and read once every plugin's onRoute hooks have run (a plugin
    // such as the SPA's static files marks its routes public in its own, later, onRoute hook).
    const routes: Array<{ method: string; options: RouteOptions }> = [];
    const catalog: CatalogedRoute[] = [];
    app.decorate('routeCatalog', catalog);
    app.addHook('onRoute', (route) => {
      const methods = (Array.isArray(route.method) ? route.method : [route.method]) as HTTPMethods[];
      for (const method of methods) if (method !== 'HEAD') routes.push({ method, options: route });
    });
    // Fail closed at start: a route that declares neither `public` nor `access` stops the app.
    app.addHook('onReady', async () => {
      catalog.length = 0;
      const undeclared: string[] = [];
      for (const { method, options } of routes) {
        const config = options.config ?? {};
        const entry = { method, url: options.url, public: config.public === true, access: config.access };
        if (!entry.public && !entry.access) undeclared.push(`${method} ${options.url}`);
        if (config.sessionless && !entry.public) undeclared.push(`${method} ${options.url} (sessionless)`);
        catalog.push(entry);
      }
      if (undeclared.length > 0) {
        throw new Error(
          `Routes without an access declaration (config.public or config.access): ${undeclared.join(', ')}`,
        );
      }
    });

    app.addHook('preHandler', async (request) => {
      // Decided from the route that matched, never from the URL text (ADR 0007). A request that matched no
      // route keeps its JSON 404, signed in or not.
      const config = request.routeOptions.config;
      if (config.public === true || request.is404) return;
      const user = request.user;
      if (!user) throw unauthenticated();
      const access = config.access;
      const deny = async (reason: string, extra: Record<string, unknown> = {}): Promise<never> => {
        await recordSecurityEvent(app, request, {
          message: `${ACCESS_DENIED_MESSAGE} : ${request.method} ${request.routeOptions.url ?? ''}`,
          organizationId: user.organizationId,
          userId: user.id,
          context: { reason, method: request.method, route: request.routeOptions.url, role: user.role, ...extra },
        });
        throw new AppError('FORBIDDEN', ACCESS_DENIED_MESSAGE);
      };
      if (!access) {
        request.log.error({ url: request.routeOptions.url }, 'route without access declaration');
        return deny('undeclared');
      }
      if (user.mustChangePassword && access !== SIGNED_IN) {
        throw new AppError('PASSWORD_CHANGE_REQUIRED', PASSWORD_CHANGE_REQUIRED_MESSAGE);
      }
      if (access === SIGNED_IN) return;
      const module = access.module ?? moduleOfApiPath(request.routeOptions.url ?? '');
      if (module && !(await app.organizationModules.isEnabled(user.organizationId, module))) {
        throw notFound();
      }
      if (!can(user.role, access.area, access.mode)) {
        return deny('role', { area: access.area, mode: access.mode });
      }
    });
  },
  { name: 'authorize', dependencies: [] },
);
