import { z } from 'zod';

/** The one error shape every API answer uses (server/http/errors.ts). */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Error codes and the HTTP status each maps to. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  CSRF_INVALID: 403,
  FORBIDDEN: 403,
  /** The user signed in with a temporary password and must choose their own first. */
  PASSWORD_CHANGE_REQUIRED: 403,
  SIGNUP_DISABLED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A link that existed and has expired (a shared quote past its validity). */
  GONE: 410,
  USERNAME_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The embedded database's disk is too full to write: nothing was changed (server/db/disk-space.ts). */
  INSUFFICIENT_STORAGE: 507,
  /** Market data is missing: a price source did not answer (no reading or exchange rate to serve yet). */
  UPSTREAM_UNAVAILABLE: 503,
  /** The database cannot be reached or is restarting: the same request may succeed a few seconds later. */
  DATABASE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
