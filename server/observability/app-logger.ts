import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';

/**
 * The app's logger (pino, JSON lines on stdout), made here rather than by Fastify (ADR 0018): Fastify is built
 * with `logger: false` and this logger is then set as `app.log`; each request logs through a lazy child of it
 * (request-logger.ts). A Fastify that makes its own logger attaches two listeners to every answer to time it,
 * which cost a request about as much as two of the app's hooks; answer durations are timed by the request
 * hooks instead (request-metrics.ts).
 */
export function createAppLogger(config: Pick<AppConfig, 'logLevel'>): FastifyBaseLogger {
  return pino({
    level: config.logLevel,
    // Secrets never reach a log line, whatever object a caller logs.
    redact: ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'req.headers.authorization'],
    serializers: { err: pino.stdSerializers.err },
  });
}
