import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** PLACEHOLDER: to be implemented. */
export const logsModule = fp(async () => {}, { name: 'logs' });

/** Writes a server error to the error journal (never throws). PLACEHOLDER. */
export function recordServerError(
  _app: FastifyInstance,
  _error: Error,
  _context: { method: string; url: string; userId?: string | undefined },
): void {}
