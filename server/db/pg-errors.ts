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
