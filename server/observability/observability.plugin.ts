import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { notFound, unauthenticated } from '../http/errors';
import { appendRouteHook, routeMethods } from '../http/route-hooks';
import { PROMETHEUS_CONTENT_TYPE } from './exposition';
import { checkReadiness, expectedMigrations, type Readiness } from './readiness';
import { recordDurations, RequestMetrics, type RouteRecorder } from './request-metrics';
import { scrape, startLoopMonitor } from './scrape';

export interface Observability {
  /** True once shutdown began: `/readyz` answers 503 so the load balancer stops sending traffic. */
  readonly draining: boolean;
  beginDrain(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    observability: Observability;
  }
}

/** Anyone may call them and none loads a session (the authorize and session hooks skip them). */
const SUPERVISION_ROUTE = { config: { public: true, sessionless: true } } as const;

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** `Authorization: Bearer <token>` compared in constant time (both sides hashed to the same length first). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
  const given = match?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

/**
 * Supervision: `GET /healthz` (the process serves), `GET /readyz` (database, migrations, market feed),
 * `GET /metrics` (Prometheus text, behind METRICS_TOKEN), and the per-route duration recorders. Registered
 * before any route so its onRoute hook sees them all.
 */
export const observabilityModule = fp(
  async (app: FastifyInstance) => {
    const requests = new RequestMetrics();
    const loop = startLoopMonitor();
    const startedAtS = Math.round(Date.now() / 1000 - process.uptime());
    const migrations = expectedMigrations();
    let draining = false;
    let inflight: Promise<Readiness> | null = null;
    app.decorate('observability', {
      get draining() {
        return draining;
      },
      beginDrain() {
        draining = true;
      },
    });

    // One recorder per route and method, made once here and held by the route's own onSend hook, which only adds
    // the request to its series.
    app.addHook('onRoute', (route: RouteOptions) => {
      const recorders: Partial<Record<string, RouteRecorder>> = {};
      for (const method of routeMethods(route)) recorders[method] = requests.recorder(method, route.url);
      appendRouteHook(route, 'onSend', recordDurations(recorders));
    });

    app.addHook('onClose', async () => {
      loop.disable();
    });

    app.get('/healthz', SUPERVISION_ROUTE, async (_request, reply) => {
      return reply.header('cache-control', 'no-store').send({ status: 'ok' });
    });

    app.get('/readyz', SUPERVISION_ROUTE, async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      if (draining) return reply.status(503).send({ status: 'unready', checks: { shutdown: 'arrêt en cours' } });
      // Concurrent calls share one check: a flood of /readyz costs the database two queries at a time.
      inflight ??= checkReadiness(app, migrations).finally(() => {
        inflight = null;
      });
      const readiness = await inflight;
      return reply
        .status(readiness.ready ? 200 : 503)
        .send({ status: readiness.ready ? 'ready' : 'unready', checks: readiness.checks });
    });

    app.get('/metrics', SUPERVISION_ROUTE, async (request, reply) => {
      const token = app.config.metricsToken;
      if (!token) throw notFound();
      void reply.header('cache-control', 'no-store');
      if (!bearerMatches(request.headers.authorization, token)) {
        void reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw unauthenticated('Jeton de supervision invalide');
      }
      const text = await scrape(app, { requests, loop, startedAtS });
      return reply.type(PROMETHEUS_CONTENT_TYPE).send(text);
    });
  },
  { name: 'observability' },
);
