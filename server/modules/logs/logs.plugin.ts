import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { clientLogSchema } from '@shared/schemas/logs';
import { queryRows } from '../../db/client';
import { AppError } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { insertLogEntry, LOG_ENTRIES_MAX_PER_ORGANIZATION, pruneLogEntries } from './log-entries';
import { FixedWindowRateLimiter } from './rate-limiter';

/** Client log posts allowed per IP + user per minute (in memory, per node). */
export const CLIENT_LOG_RATE_LIMIT = 60;
export const CLIENT_LOG_RATE_WINDOW_MS = 60_000;
/** The journal is pruned on this period, and after this many inserts on a node (never on every insert). */
export const LOG_PRUNE_INTERVAL_MS = 10 * 60_000;
export const LOG_PRUNE_EVERY_INSERTS = 1000;

const MESSAGE_MAX = 5000;
const STACK_MAX = 20_000;
const URL_MAX = 2000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Prunes the journal now (also runs periodically); resolves to the number of rows deleted. */
    pruneLogs(maxPerOrganization?: number): Promise<number>;
  }
}

/**
 * Error journal intake (spec §7 POST /api/logs, brief §6). Public (signed-out visitors' errors count too)
 * but CSRF-protected by the global hook; organization and user are attached when signed in.
 */
export const logsModule = fp(
  async (app: FastifyInstance) => {
    const limiter = new FixedWindowRateLimiter(CLIENT_LOG_RATE_LIMIT, CLIENT_LOG_RATE_WINDOW_MS);
    let insertsSincePrune = 0;
    let pruning: Promise<number> | null = null;

    const prune = (max = LOG_ENTRIES_MAX_PER_ORGANIZATION): Promise<number> => {
      insertsSincePrune = 0;
      pruning ??= pruneLogEntries(app.db, max)
        .catch((err: unknown) => {
          app.log.warn({ err }, 'log journal pruning failed');
          return 0;
        })
        .finally(() => (pruning = null));
      return pruning;
    };
    app.decorate('pruneLogs', prune);

    const timer = setInterval(() => void prune(), LOG_PRUNE_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await pruning;
    });

    app.post('/api/logs', { config: { public: true } }, async (request, reply) => {
      const user = request.user;
      const retryAfter = limiter.hit(`${request.ip}|${user?.id ?? '-'}`);
      if (retryAfter > 0) {
        void reply.header('retry-after', String(retryAfter));
        throw new AppError('RATE_LIMITED', 'Trop de journaux envoyés, réessayez dans une minute');
      }
      const body = parseInput(clientLogSchema, request.body);
      await insertLogEntry(app.db, {
        organizationId: user?.organizationId ?? null,
        userId: user?.id ?? null,
        level: body.level,
        source: body.source,
        message: body.message,
        stack: body.stack,
        context: body.context,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      if (++insertsSincePrune >= LOG_PRUNE_EVERY_INSERTS) void prune();
      return reply.status(201).send({ ok: true });
    });
  },
  { name: 'logs' },
);

/**
 * Writes a server error to the error journal (level error, source server), attached to the user's
 * organization when known. Never throws and never delays the answer: the write runs in the background.
 */
export function recordServerError(
  app: FastifyInstance,
  error: Error,
  context: { method: string; url: string; userId?: string | undefined },
): void {
  try {
    const userId = context.userId ?? null;
    void insertServerError(app, error, context, userId).catch((err: unknown) => {
      app.log.warn({ err }, 'could not record server error in the journal');
    });
  } catch {
    // Recording an error must never raise another one.
  }
}

async function insertServerError(
  app: FastifyInstance,
  error: Error,
  context: { method: string; url: string },
  userId: string | null,
): Promise<void> {
  let organizationId: string | null = null;
  if (userId) {
    const rows = await queryRows<{ organizationId: string }>(
      app.db,
      sql`SELECT organization_id::text AS "organizationId" FROM users WHERE id = ${userId}::uuid`,
    );
    organizationId = rows[0]?.organizationId ?? null;
  }
  await insertLogEntry(app.db, {
    organizationId,
    userId,
    level: 'error',
    source: 'server',
    message: (error.message || error.name || 'Erreur').slice(0, MESSAGE_MAX),
    stack: error.stack ? error.stack.slice(0, STACK_MAX) : null,
    context: { method: context.method, url: context.url.slice(0, URL_MAX) },
  });
}
