import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { CLIENT_LOG_BODY_MAX_BYTES, clientLogSchema } from '@shared/schemas/logs';
import { queryRows } from '../../db/client';
import { defineLimit, routeLimit } from '../../http/rate-limits';
import { parseInput } from '../../http/validate';
import { insertLogEntry, LOG_ENTRIES_MAX_PER_ORGANIZATION, pruneLogEntries } from './log-entries';

/** Client log posts allowed per address and user per minute (all app nodes together). */
export const CLIENT_LOG_RATE_LIMIT = 60;
export const CLIENT_LOG_RATE_WINDOW_MS = 60_000;
const DAY_MS = 24 * 60 * 60_000;

const PER_SENDER = defineLimit({
  name: 'logs-sender',
  max: CLIENT_LOG_RATE_LIMIT,
  windowMs: CLIENT_LOG_RATE_WINDOW_MS,
  key: (request) => `${request.ip}|${request.user?.id ?? '-'}`,
  message: 'Trop de journaux envoyés, réessayez dans une minute',
});
/** Signed-out visitors together, whatever their address. */
export const ANONYMOUS_LOGS = defineLimit({
  name: 'logs-anonymous',
  max: 300,
  windowMs: CLIENT_LOG_RATE_WINDOW_MS,
  key: () => 'all',
  message: 'Trop de journaux envoyés, réessayez dans une minute',
});
/** Browser entries an organization's journal takes in a day (signed-out visitors count as one). */
export const CLIENT_LOGS_PER_ORGANIZATION_PER_DAY = 2_000;
const DAILY_PER_ORGANIZATION = defineLimit({
  name: 'logs-organization-day',
  max: CLIENT_LOGS_PER_ORGANIZATION_PER_DAY,
  windowMs: DAY_MS,
  key: (request) => request.user?.organizationId ?? 'signed-out',
  message: "Le journal d'erreurs a reçu assez d'entrées aujourd'hui",
});
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
 * Error journal intake (POST /api/logs). Public (signed-out visitors' errors count too)
 * but CSRF-protected by the global hook; organization and user are attached when signed in. A browser
 * writes only `source: frontend` entries, of bounded size, within per-sender, signed-out and daily
 * per-organization limits (ADR 0007).
 */
export const logsModule = fp(
  async (app: FastifyInstance) => {
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

    const config = { public: true, rateLimit: routeLimit(PER_SENDER) };
    app.post('/api/logs', { config, bodyLimit: CLIENT_LOG_BODY_MAX_BYTES }, async (request, reply) => {
      const user = request.user;
      if (!user) await app.checkLimit(ANONYMOUS_LOGS, request, reply);
      await app.checkLimit(DAILY_PER_ORGANIZATION, request, reply);
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
