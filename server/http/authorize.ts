import fp from 'fastify-plugin';
import type { RouteOptions } from 'fastify';
import { can, type AccessMode, type Area } from '@shared/access';
import { moduleOfApiPath, type ModuleKey } from '@shared/modules';
import { OrganizationModules } from '../access/org-modules';
import { recordSecurityEvent } from '../access/security-journal';
import { routeConfig, type MatchedRouteConfig } from './route-config';
import { routeMethods } from './route-hooks';
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
      const methods = routeMethods(route);
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

    // The module of each route, derived once from its declaration (or its path prefix), not per request.
    const moduleOfRoute = new WeakMap<object, ModuleKey | null>();
    const routeModule = (config: MatchedRouteConfig, access: RouteAccess): ModuleKey | null => {
      let module = moduleOfRoute.get(config);
      if (module === undefined) {
        module = access.module ?? moduleOfApiPath(config.url ?? '');
        moduleOfRoute.set(config, module);
      }
      return module;
    };

    // onRequest, after the session, CSRF and sign-in hooks (registered before this plugin): a refused request is
    // answered before its body is read. A plain callback hook: a request whose organization's module switches are
    // in memory and whose role may call the route passes without a promise; only a switch read or a refusal
    // (journalled) waits.
    app.addHook('onRequest', (request, _reply, done) => {
      // Decided from the route that matched, never from the URL text (ADR 0007). A request that matched no
      // route keeps its JSON 404, signed in or not.
      if (request.is404) return done();
      const config = routeConfig(request);
      if (config.public === true) return done();
      const user = request.user;
      if (!user) return done(unauthenticated());
      const access = config.access;
      const deny = (reason: string, extra: Record<string, unknown> = {}): void => {
        recordSecurityEvent(app, request, {
          message: `${ACCESS_DENIED_MESSAGE} : ${request.method} ${config.url ?? ''}`,
          organizationId: user.organizationId,
          userId: user.id,
          context: { reason, method: request.method, route: config.url, role: user.role, ...extra },
        }).then(
          () => done(new AppError('FORBIDDEN', ACCESS_DENIED_MESSAGE)),
          (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
        );
      };
      if (!access) {
        request.log.error({ url: config.url }, 'route without access declaration');
        return deny('undeclared');
      }
      if (user.mustChangePassword && access !== SIGNED_IN) {
        return done(new AppError('PASSWORD_CHANGE_REQUIRED', PASSWORD_CHANGE_REQUIRED_MESSAGE));
      }
      if (access === SIGNED_IN) return done();
      const checkRole = (): void => {
        if (!can(user.role, access.area, access.mode)) return deny('role', { area: access.area, mode: access.mode });
        done();
      };
      const module = routeModule(config, access);
      if (!module) return checkRole();
      const disabled = modules.cachedDisabled(user.organizationId);
      if (disabled) return disabled.has(module) ? done(notFound()) : checkRole();
      modules.isEnabled(user.organizationId, module).then(
        (enabled) => (enabled ? checkRole() : done(notFound())),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    });
  },
  { name: 'authorize', dependencies: [] },
);
