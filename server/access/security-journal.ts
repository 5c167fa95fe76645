import type { FastifyInstance, FastifyRequest } from 'fastify';
import { insertLogEntry } from '../modules/logs/log-entries';

export const SECURITY_SOURCE = 'security';

/**
 * Writes a security event (permission refused, failed sign-in) to the error journal: level warn,
 * source 'security'. Never throws: a journal failure must not change the answer. Never pass secrets.
 */
export async function recordSecurityEvent(
  app: FastifyInstance,
  request: FastifyRequest,
  event: {
    message: string;
    organizationId: string | null;
    userId: string | null;
    context: Record<string, unknown>;
  },
): Promise<void> {
  try {
    await insertLogEntry(app.db, {
      organizationId: event.organizationId,
      userId: event.userId,
      level: 'warn',
      source: SECURITY_SOURCE,
      message: event.message,
      context: event.context,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    });
  } catch (err) {
    request.log.warn({ err }, 'security event not journaled');
  }
}
