import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { queryRows, type Db } from '../db/client';
import { AppError } from './errors';

/**
 * Every rate limit of the app goes through @fastify/rate-limit with this database store, so a limit holds
 * across app nodes (ADR 0007). A limit is declared once with `defineLimit` and used either on a route
 * (`config: { rateLimit: routeLimit(limit) }`) or, for a second limit on the same request, with
 * `app.checkLimit(limit, request, reply)`.
 */
export interface Limit {
  /** Namespace of the keys (unique per limit). */
  name: string;
  max: number;
  windowMs: number;
  /** Who is counted: an address, a user, an organization, or one shared key. */
  key: (request: FastifyRequest) => string;
  /** The French message of the 429 answer. */
  message: string;
}

export const defineLimit = (limit: Limit): Limit => limit;

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts `request` against `limit`; throws the 429 (with Retry-After) when it is over. */
    checkLimit(limit: Limit, request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

const namespaced = (limit: Limit) => (request: FastifyRequest) => `${limit.name}:${limit.key(request)}`;

/** The route option for a limit; counted in preHandler, when the user and the body are known. */
export function routeLimit(limit: Limit): RateLimitOptions {
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    hook: 'preHandler',
    keyGenerator: namespaced(limit),
    errorResponseBuilder: () => new AppError('RATE_LIMITED', limit.message),
  };
}

/** The plugin passes its merged options (route options included); only `timeWindow` matters here. */
const windowOf = (options: object): number => {
  const timeWindow = (options as { timeWindow?: unknown }).timeWindow;
  return typeof timeWindow === 'number' ? timeWindow : 60_000;
};
type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Counts hits in `rate_limit_hits` with one atomic upsert per hit (fixed window per key). */
export function databaseStore(db: Db, now: () => Date) {
  let hitsSincePurge = 0;
  const purge = async (at: Date): Promise<void> => {
    await db.execute(sql`DELETE FROM rate_limit_hits WHERE reset_at < ${at}::timestamptz`);
  };
  return class DatabaseRateLimitStore {
    constructor(private readonly options: object) {}

    incr(key: string, callback: IncrCallback, timeWindow?: number): void {
      const windowMs = timeWindow ?? windowOf(this.options);
      const at = now();
      const resetAt = new Date(at.getTime() + windowMs);
      queryRows<{ hits: number; resetAt: Date | string }>(
        db,
        sql`INSERT INTO rate_limit_hits AS r (key, hits, reset_at) VALUES (${key}, 1, ${resetAt}::timestamptz)
            ON CONFLICT (key) DO UPDATE SET
              hits = CASE WHEN r.reset_at <= ${at}::timestamptz THEN 1 ELSE r.hits + 1 END,
              reset_at = CASE WHEN r.reset_at <= ${at}::timestamptz THEN ${resetAt}::timestamptz ELSE r.reset_at END
            RETURNING r.hits, r.reset_at AS "resetAt"`,
      ).then(
        (rows) => {
          const row = rows[0]!;
          callback(null, { current: row.hits, ttl: Math.max(0, new Date(row.resetAt).getTime() - at.getTime()) });
          if (++hitsSincePurge >= 1000) {
            hitsSincePurge = 0;
            void purge(at).catch(() => undefined);
          }
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(options: object): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore(options);
    }
  };
}

/** Registers @fastify/rate-limit (no global limit: each route says its own) and `app.checkLimit`. */
export const rateLimitsModule = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, {
      global: false,
      store: databaseStore(app.db, () => app.now()),
    });
    const checks = new Map<string, ReturnType<FastifyInstance['createRateLimit']>>();
    app.decorate('checkLimit', async (limit: Limit, request: FastifyRequest, reply: FastifyReply) => {
      let check = checks.get(limit.name);
      if (!check) {
        check = app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator: namespaced(limit) });
        checks.set(limit.name, check);
      }
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        void reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
        throw new AppError('RATE_LIMITED', limit.message);
      }
    });
  },
  { name: 'rate-limits' },
);
