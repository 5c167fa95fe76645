import fp from 'fastify-plugin';
import type { FastifyContextConfig, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import { can, type AccessMode, type Area } from '@shared/access';
import { moduleOfApiPath, type ModuleKey } from '@shared/modules';
import { OrganizationModules } from '../access/org-modules';
import { recordSecurityEvent } from '../access/security-journal';
import { addRequestCheck, routeMethods } from './route-hooks';
import { AppError, notFound, unauthenticated } from './errors';
import type { SessionUser } from './types';

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

/** What the authorize hook decides a route's requests from: its declaration and its module, resolved once. */
interface RouteRule {
  url: string;
  public: boolean;
  access: RouteAccessDeclaration | undefined;
  /** The business module (declared, or derived from the path prefix); null for a route of none. */
  module: ModuleKey | null;
}

const ruleOf = (url: string, config: FastifyContextConfig): RouteRule => {
  const access = config.access;
  return {
    url,
    public: config.public === true,
    access,
    module: access && access !== SIGNED_IN ? (access.module ?? moduleOfApiPath(url)) : null,
  };
};

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
    // A request refused by its organization's module switches or by its role: journalled, then 403.
    const deny = (
      request: FastifyRequest,
      user: SessionUser,
      rule: RouteRule,
      reason: string,
      done: HookHandlerDoneFunction,
      extra: Record<string, unknown> = {},
    ): void => {
      recordSecurityEvent(app, request, {
        message: `${ACCESS_DENIED_MESSAGE} : ${request.method} ${rule.url}`,
        organizationId: user.organizationId,
        userId: user.id,
        context: { reason, method: request.method, route: rule.url, role: user.role, ...extra },
      }).then(
        () => done(new AppError('FORBIDDEN', ACCESS_DENIED_MESSAGE)),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    };
    const checkRole = (
      request: FastifyRequest,
      user: SessionUser,
      rule: RouteRule,
      done: HookHandlerDoneFunction,
    ): void => {
      const access = rule.access as RouteAccess;
      if (!can(user.role, access.area, access.mode)) {
        return deny(request, user, rule, 'role', done, { area: access.area, mode: access.mode });
      }
      done();
    };

    // onRequest of every route, after the session and CSRF hooks (whose onRoute hooks are registered before this
    // one): a request without a signed-in user on a route that is not public answers 401, a refused one 403 or
    // 404, before its body is read. Decided from the route's own declaration, never from the URL text
    // (ADR 0007); a path that matched no route keeps its JSON 404, signed in or not. A plain callback hook: a
    // request whose organization's module switches are in memory and whose role may call the route passes
    // without a promise; only a switch read or a refusal (journalled) waits.
    const authorize = (request: FastifyRequest, rule: RouteRule, done: HookHandlerDoneFunction): void => {
      if (rule.public) return done();
      const user = request.user;
      if (!user) return done(unauthenticated());
      const access = rule.access;
      if (!access) {
        request.log.error({ url: rule.url }, 'route without access declaration');
        return deny(request, user, rule, 'undeclared', done);
      }
      if (user.mustChangePassword && access !== SIGNED_IN) {
        return done(new AppError('PASSWORD_CHANGE_REQUIRED', PASSWORD_CHANGE_REQUIRED_MESSAGE));
      }
      if (access === SIGNED_IN) return done();
      const module = rule.module;
      if (!module) return checkRole(request, user, rule, done);
      const disabled = modules.cachedDisabled(user.organizationId);
      if (disabled) return disabled.has(module) ? done(notFound()) : checkRole(request, user, rule, done);
      modules.isEnabled(user.organizationId, module).then(
        (enabled) => (enabled ? checkRole(request, user, rule, done) : done(notFound())),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    };

    app.addHook('onRoute', (route) => {
      const methods = routeMethods(route);
      for (const method of methods) if (method !== 'HEAD') routes.push({ method, options: route });
      // Read at the route's first request, once every plugin's onRoute hooks have run (see `settledConfig`).
      let rule: RouteRule | undefined;
      addRequestCheck(route, (request, _reply, done) =>
        authorize(request, (rule ??= ruleOf(route.url, route.config ?? {})), done),
      );
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
  },
  { name: 'authorize', dependencies: [] },
);
