import fp from 'fastify-plugin';
import type { HTTPMethods } from 'fastify';
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
 * Enforces the authorization matrix on every /api route. Fails closed: a non-public route without an
 * `access` declaration is refused (the route-matrix test makes sure none exists). Refusals are written
 * to the error journal (source 'security').
 */
export const authorizeModule = fp(
  async (app) => {
    app.decorate('organizationModules', new OrganizationModules(app.db, () => app.now().getTime()));
    const catalog: CatalogedRoute[] = [];
    app.decorate('routeCatalog', catalog);
    app.addHook('onRoute', (route) => {
      const methods = (Array.isArray(route.method) ? route.method : [route.method]) as HTTPMethods[];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        catalog.push({
          method,
          url: route.url,
          public: route.config?.public === true,
          access: route.config?.access,
        });
      }
    });

    app.addHook('preHandler', async (request) => {
      const config = request.routeOptions.config;
      // Unknown paths (request.is404) keep their JSON 404, signed in or not.
      if (config.public || request.is404 || !request.url.startsWith('/api/')) return;
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
