import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { diskSpaceGuard, UNGUARDED } from './db/disk-space';
import { registerErrorHandler } from './http/errors';
import './http/types';
import { authModule } from './modules/auth/auth.plugin';
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
import { requestIdOptions } from './observability/request-id';
import { lazyChildLogger } from './observability/request-logger';

export interface AppOptions {
  handle: DatabaseHandle;
  config: AppConfig;
  now?: () => Date;
  /** Serve the built SPA from dist/web (off in API tests). */
  serveWeb?: boolean;
  /** Free bytes on the embedded database's disk (tests stand in for a full disk); `statfs` by default. */
  freeDiskBytes?: (dir: string) => number;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Builds the Fastify app: one error shape, sessions + CSRF, then each feature module. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { handle, config } = options;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'req.headers.authorization'],
    },
    bodyLimit: 256 * 1024,
    trustProxy: config.trustProxy,
    // `x-request-id` from a trusted proxy, else a random UUID; logged as `reqId` (server/observability).
    ...requestIdOptions(config),
    // Our own logs say what matters; Fastify's per-request lines are off (the non-deprecated option).
    logController: new LogController({ disableRequestLogging: true }),
    // A request's pino child is made on its first log line only (most requests write none).
    childLoggerFactory: lazyChildLogger,
  });
  app.decorate('db', handle.db);
  app.decorate('dbHandle', handle);
  app.decorate('config', config);
  app.decorate('now', options.now ?? (() => new Date()));
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  app.decorateRequest('anonymousCsrfToken', null);
  app.decorateRequest('matchedRouteConfig', null);

  registerErrorHandler(app, (error, context) => recordServerError(app, error, context));
  // An embedded database on disk refuses writes before its disk is full (ADR 0021); reads go on.
  const guarded = handle.kind === 'pglite' && config.dataDir !== 'memory://' && config.minFreeDiskMb > 0;
  app.decorate(
    'diskSpace',
    guarded ? diskSpaceGuard(config.dataDir, config.minFreeDiskMb, options.freeDiskBytes) : UNGUARDED,
  );
  if (guarded) {
    app.addHook('preHandler', (request, _reply, done) => {
      if (!WRITE_METHODS.has(request.method)) return done();
      try {
        app.diskSpace.assertWritable();
        done();
      } catch (error) {
        done(error as Error);
      }
    });
  }
  // What other app nodes must hear of at once (market readings, module switches).
  await app.register(changeBusModule);
  await app.register(securityHeadersModule);
  await app.register(cookie);
  // The authorize plugin first: its onRoute hook must see every route, the auth routes included.
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
