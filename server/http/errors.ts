import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { ERROR_STATUS, type ApiErrorBody, type ErrorCode } from '@shared/schemas/errors';
import { DISK_FULL, isDatabaseUnavailable, pgErrorCode } from '../db/pg-errors';

/** The one application error; the error handler turns it into `{ code, message, fieldErrors? }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fieldErrors: Record<string, string[]> | undefined;
  constructor(code: ErrorCode, message: string, fieldErrors?: Record<string, string[]>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (message = 'Ressource introuvable'): AppError => new AppError('NOT_FOUND', message);
export const forbidden = (message = 'Accès refusé'): AppError => new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'Authentification requise'): AppError =>
  new AppError('UNAUTHENTICATED', message);

/** Zod issues grouped by dotted field path ("" for form-level errors). */
export function zodFieldErrors(error: ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

export function validationError(error: ZodError): AppError {
  return new AppError('VALIDATION_FAILED', 'Données invalides', zodFieldErrors(error));
}

export const DISK_FULL_MESSAGE =
  "Enregistrement impossible : le disque du serveur est plein. Rien n'a été modifié ; libérez de la place puis réessayez.";

export const DATABASE_UNAVAILABLE_MESSAGE =
  'Base de données momentanément indisponible, réessayez dans quelques instants';
/** The `Retry-After` of a 503 DATABASE_UNAVAILABLE, in seconds. */
export const DATABASE_RETRY_AFTER_S = 2;
/** While the database is away, at most one warning per this interval (every request of a storm fails alike). */
export const DATABASE_WARN_INTERVAL_MS = 10_000;

/** The driver's own error under Drizzle's wrapper, whose message quotes the query and its parameters. */
function driverError(error: Error): { message: string; code?: string } {
  let current: unknown = error;
  for (let depth = 0; depth < 4; depth++) {
    const next = (current as { cause?: unknown }).cause;
    if (!next || typeof next !== 'object') break;
    current = next;
  }
  const e = current as { message?: unknown; code?: unknown };
  return {
    message: typeof e.message === 'string' ? e.message : String(current),
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
  };
}

/**
 * Maps every thrown error to the one error shape. Unknown errors become a generic
 * 500 with no stack in the answer; the full error goes to the server log and to
 * `onServerError` (the error journal). An unreachable or restarting database is a 503
 * DATABASE_UNAVAILABLE with `Retry-After`, logged as one warning (the driver's message and code, no stack) per
 * DATABASE_WARN_INTERVAL_MS with the number of failures left unlogged since the previous one, and not
 * journaled (the journal is in that database).
 */
export function registerErrorHandler(
  app: FastifyInstance,
  onServerError?: (error: Error, context: { method: string; url: string; userId?: string | undefined }) => void,
): void {
  let databaseWarnedAt = -Infinity;
  let databaseUnlogged = 0;
  app.setErrorHandler((error: FastifyError | AppError | ZodError | Error, request, reply) => {
    let status: number;
    let body: ApiErrorBody;
    if (error instanceof AppError) {
      status = error.status;
      body = {
        code: error.code,
        message: error.message,
        ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
      };
    } else if (error instanceof ZodError) {
      status = 400;
      body = { code: 'VALIDATION_FAILED', message: 'Données invalides', fieldErrors: zodFieldErrors(error) };
    } else {
      const fastifyError = error as FastifyError;
      const statusCode = fastifyError.statusCode ?? 500;
      if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        status = 413;
        body = { code: 'PAYLOAD_TOO_LARGE', message: 'Requête trop volumineuse' };
      } else if (statusCode === 429) {
        status = 429;
        body = { code: 'RATE_LIMITED', message: 'Trop de requêtes, réessayez plus tard' };
      } else if (statusCode >= 400 && statusCode < 500) {
        // Malformed JSON, bad content type, etc.: the client's fault, never a 500.
        status = 400;
        body = { code: 'VALIDATION_FAILED', message: 'Requête invalide' };
      } else if (pgErrorCode(error).code === DISK_FULL) {
        // The embedded database could not grow a file: the statement wrote nothing (ADR 0021).
        status = 507;
        body = { code: 'INSUFFICIENT_STORAGE', message: DISK_FULL_MESSAGE };
        request.log.warn({ database: driverError(error) }, 'database disk full');
      } else if (isDatabaseUnavailable(error)) {
        // Only an error of the server's own (no 4xx status): a client that hung up mid-body is not the database.
        status = 503;
        body = { code: 'DATABASE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE };
        void reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
        const at = performance.now();
        if (at - databaseWarnedAt >= DATABASE_WARN_INTERVAL_MS) {
          request.log.warn({ database: driverError(error), unlogged: databaseUnlogged }, 'database unavailable');
          databaseWarnedAt = at;
          databaseUnlogged = 0;
        } else {
          databaseUnlogged++;
        }
      } else {
        status = 500;
        body = { code: 'INTERNAL', message: 'Erreur interne du serveur' };
        request.log.error({ err: error }, 'unhandled error');
        onServerError?.(error, { method: request.method, url: request.url, userId: request.user?.id });
      }
    }
    void reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({ code: 'NOT_FOUND', message: 'Ressource introuvable' } satisfies ApiErrorBody);
  });
}
