import Fastify, { LogController, type FastifyInstance, type preHandlerHookHandler } from 'fastify';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { diskSpaceGuard, UNGUARDED } from './db/disk-space';
import { registerErrorHandler } from './http/errors';
import './http/types';
import { appendRouteHook, takesBody } from './http/route-hooks';
import { authModule, requestAuthModule } from './modules/auth/auth.plugin';
import { changeBusModule } from './cluster/change-bus';
import { marketModule } from './modules/market/market.plugin';
import { diamondsModule } from './modules/diamonds/diamonds.plugin';
import { calibratedModule } from './modules/calibrated/calibrated.plugin';
import { logsModule, recordServerError } from './modules/logs/logs.plugin';
import { spaModule } from './modules/spa/spa.plugin';
import { securityHeadersModule } from './modules/spa/security-headers';
import { authorizeModule } from './http/authorize';
import { inputGuardModule } from './http/input-guard';
import { rateLimitsModule } from './http/rate-limits';
import { usersModule } from './modules/users/users.plugin';
import { accountModule } from './modules/account/account.plugin';
import { settingsModule } from './modules/settings/settings.plugin';
import { journalModule } from './modules/journal/journal.plugin';
import { superadminModule } from './modules/superadmin/superadmin.plugin';
import { clientsModule } from './modules/clients/clients.plugin';
import { suppliersModule } from './modules/suppliers/suppliers.plugin';
import { stonesModule } from './modules/stones/stones.plugin';
import { productionStepsModule } from './modules/production-steps/production-steps.plugin';
import { productsModule } from './modules/products/products.plugin';
import { projectsModule } from './modules/projects/projects.plugin';
import { workOrdersModule } from './modules/work-orders/work-orders.plugin';
import { quotesModule } from './modules/quotes/quotes.plugin';
import { goldBuysModule } from './modules/gold-buys/gold-buys.plugin';
import { dashboardModule } from './modules/dashboard/dashboard.plugin';
import { observabilityModule } from './observability/observability.plugin';
import { requestIdOptions, requestStart } from './observability/request-id';
import { createAppLogger } from './observability/app-logger';

export interface AppOptions {
  handle: DatabaseHandle;
  config: AppConfig;
  now?: () => Date;
  /** Serve the built SPA from dist/web (off in API tests). */
  serveWeb?: boolean;
  /** Free bytes on the embedded database's disk (tests stand in for a full disk); `statfs` by default. */
  freeDiskBytes?: (dir: string) => number;
}

/** Builds the Fastify app: one error shape, sessions + CSRF, then each feature module. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { handle, config } = options;
  const logger = createAppLogger(config);
  const app = Fastify({
    // The app's own logger, set as `app.log` below (app-logger.ts), and each request's lazy child of it set by the
    // first request hook (request-id.ts): given a logger, Fastify would time every answer with two listeners of its
    // own; the request hooks time them instead (request-metrics.ts).
    logger: false,
    bodyLimit: 256 * 1024,
    trustProxy: config.trustProxy,
    // `x-request-id` from a trusted proxy, else `<random prefix>-<counter>`; logged as `reqId` (server/observability).
    ...requestIdOptions(config),
    // Fastify's per-request lines stay off: our own logs say what matters.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.log = logger;
  app.decorate('db', handle.db);
  app.decorate('dbHandle', handle);
  app.decorate('config', config);
  const now = options.now ?? (() => new Date());
  app.decorate('now', now);
  app.decorate('nowMs', options.now ? () => now().getTime() : Date.now);
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  app.decorateRequest('anonymousCsrfToken', null);
  app.decorateRequest('receivedAt', 0);

  registerErrorHandler(app, (error, context) => recordServerError(app, error, context));
  // An embedded database on disk refuses writes before its disk is full (ADR 0021); reads go on.
  const guarded = handle.kind === 'pglite' && config.dataDir !== 'memory://' && config.minFreeDiskMb > 0;
  app.decorate(
    'diskSpace',
    guarded ? diskSpaceGuard(config.dataDir, config.minFreeDiskMb, options.freeDiskBytes) : UNGUARDED,
  );
  if (guarded) {
    // Only the routes that write get the check: a route's preHandler hooks cost each of its requests.
    const guardDisk: preHandlerHookHandler = (_request, _reply, done) => {
      try {
        app.diskSpace.assertWritable();
        done();
      } catch (error) {
        done(error as Error);
      }
    };
    app.addHook('onRoute', (route) => {
      if (takesBody(route)) appendRouteHook(route, 'preHandler', guardDisk);
    });
  }
  // What other app nodes must hear of at once (market readings, module switches).
  await app.register(changeBusModule);
  await app.register(securityHeadersModule);
  // What every request goes through before its route, as onRequest hooks in this order (ADR 0007): its logger, its
  // id on the answer and its start (its duration is recorded as its answer leaves); the session and the CSRF token;
  // a signed-in user, the role and the module (authorize); then each route's own checks and the input guard
  // (path and query; the body once parsed, where there is one).
  app.addHook('onRequest', requestStart(logger));
  await app.register(requestAuthModule);
  // The authorize plugin before every route: its onRoute hook must see them all, the auth routes included.
  await app.register(authorizeModule);
  // Before every route: its onRoute hook gives each route its duration recorder (/healthz, /readyz, /metrics).
  await app.register(observabilityModule);
  await app.register(inputGuardModule);
  await app.register(rateLimitsModule);
  await app.register(authModule);
  await app.register(marketModule);
  await app.register(diamondsModule);
  await app.register(calibratedModule);
  await app.register(logsModule);
  // Administration
  await app.register(usersModule);
  await app.register(accountModule);
  await app.register(settingsModule);
  await app.register(journalModule);
  await app.register(superadminModule);
  // Référentiels
  await app.register(clientsModule);
  await app.register(suppliersModule);
  await app.register(stonesModule);
  await app.register(productionStepsModule);
  await app.register(productsModule);
  await app.register(projectsModule);
  await app.register(quotesModule);
  await app.register(workOrdersModule);
  await app.register(goldBuysModule);
  await app.register(dashboardModule);
  if (options.serveWeb) await app.register(spaModule);
  return app;
}
