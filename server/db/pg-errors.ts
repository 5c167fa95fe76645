/** SQLSTATE of a statement that found no room on the disk (`disk_full`). */
export const DISK_FULL = '53100';

/** SQLSTATE of a unique violation (a duplicate key on a UNIQUE constraint or unique index). */
export const UNIQUE_VIOLATION = '23505';

/**
 * The PostgreSQL error code (SQLSTATE) and constraint of a failed query, on either driver
 * (node-postgres and PGlite set them on the error; Drizzle wraps it in `cause`). Empty for other errors.
 */
export function pgErrorCode(error: unknown): { code?: string; constraint?: string } {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, ...(typeof e.constraint === 'string' ? { constraint: e.constraint } : {}) };
    }
    current = e.cause;
  }
  return {};
}

/**
 * True when `error` is a unique violation; with `constraint`, only a violation of that constraint or
 * unique index (its name in the migrations, e.g. `users_username_lower_idx`).
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = pgErrorCode(error);
  return found.code === UNIQUE_VIOLATION && (constraint === undefined || found.constraint === constraint);
}

/** Socket and name-resolution failures on the way to the database server (Node's `error.code`). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * What node-postgres and its pool say when a connection broke or could not be made (they set no code on these):
 * the server closed the socket, a connection took longer than `connectionTimeoutMillis`, no pool slot came
 * free in that time, or a query went to a client whose connection had already failed.
 */
const UNREACHABLE_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
]);

/**
 * SQLSTATEs of a server that is going away, restarting or refusing connections for now: 57P01 admin_shutdown
 * (a fast shutdown or `pg_terminate_backend`), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or
 * in recovery), 53300 too_many_connections, and the whole class 08 (connection exception).
 */
const isUnavailableSqlState = (code: string): boolean =>
  code === '57P01' || code === '57P02' || code === '57P03' || code === '53300' || code.startsWith('08');

/**
 * True when `error` says the database cannot be reached or is restarting, rather than that the query was wrong:
 * a retry a few seconds later may succeed. Walks `cause` (Drizzle wraps the driver's error) and the first
 * error of an AggregateError (Node's connection attempt to every address of a host name). Socket codes are not
 * the database's alone: a `fetch` failure is left out, and callers map this only for errors of the server's own.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof e.code === 'string') {
      if (UNREACHABLE_CODES.has(e.code)) return true;
      if (/^[0-9A-Z]{5}$/.test(e.code)) return isUnavailableSqlState(e.code);
    }
    if (typeof e.message === 'string') {
      if (UNREACHABLE_MESSAGES.has(e.message)) return true;
      // An outgoing HTTP request (fetch) that failed on its own socket: a price or feed source, not the database.
      if (e.message === 'fetch failed') return false;
    }
    current = e.cause ?? (Array.isArray(e.errors) ? (e.errors as unknown[])[0] : undefined);
  }
  return false;
}
