import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/**
 * Password guesses are counted in the database (shared by every app node) and RESERVED before the slow
 * password check: one atomic upsert counts the attempt and answers whether it may be evaluated, so a
 * burst of parallel guesses cannot all pass a check made before any of them is counted (ADR 0002). The
 * policy, with its reasons, is in ADR 0002.
 *
 * After attempt n of a window (n >= freeAttempts), the key must wait
 * min(maxDelayMs, firstDelayMs x growth^(n - freeAttempts)) before its next attempt is evaluated.
 */
export interface AttemptPolicy {
  windowMs: number;
  freeAttempts: number;
  firstDelayMs: number;
  growth: number;
  maxDelayMs: number;
}

const MINUTE = 60_000;

/** One account from one address: 5 guesses, then nothing more from there for 15 minutes. */
export const ACCOUNT_SOURCE_POLICY: AttemptPolicy = {
  windowMs: 15 * MINUTE,
  freeAttempts: 5,
  firstDelayMs: 15 * MINUTE,
  growth: 1,
  maxDelayMs: 15 * MINUTE,
};

/**
 * One account from browsers and addresses it never signed in from: 5 guesses a day, then a wait that
 * doubles from 1 s up to 15 minutes. Never a lock: the real user's known browser or address is not
 * subject to it (login.route.ts).
 */
export const ACCOUNT_POLICY: AttemptPolicy = {
  windowMs: 24 * 60 * MINUTE,
  freeAttempts: 5,
  firstDelayMs: 1_000,
  growth: 2,
  maxDelayMs: 15 * MINUTE,
};

/** One address across accounts (password spraying): 20 attempts, then 15 minutes. */
export const ADDRESS_POLICY: AttemptPolicy = {
  windowMs: 15 * MINUTE,
  freeAttempts: 20,
  firstDelayMs: 15 * MINUTE,
  growth: 1,
  maxDelayMs: 15 * MINUTE,
};

/** The current password asked before a password change, per user: 5 tries, then 15 minutes. */
export const PASSWORD_CHECK_POLICY: AttemptPolicy = ACCOUNT_SOURCE_POLICY;

const normalisedUsername = (username: string): string => username.trim().toLowerCase();
export const accountKey = (username: string): string => `user:${normalisedUsername(username)}`;
export const accountSourceKey = (username: string, ip: string): string =>
  `user-ip:${normalisedUsername(username)}|${ip}`;
export const addressKey = (ip: string): string => `ip:${ip}`;
export const passwordCheckKey = (userId: string): string => `password:${userId}`;

/** Pure: the wait after attempt `attempt` of a window (0 while free attempts remain). */
export function delayAfterAttempt(policy: AttemptPolicy, attempt: number): number {
  if (attempt < policy.freeAttempts) return 0;
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * policy.growth ** (attempt - policy.freeAttempts));
}

export type Reservation = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Counts one attempt for `key` and answers whether it may be evaluated, in one statement: the row lock
 * of the upsert orders concurrent attempts, and a key that must still wait is not counted again.
 */
export async function reserveAttempt(db: Db, key: string, now: Date, policy: AttemptPolicy): Promise<Reservation> {
  const windowStart = new Date(now.getTime() - policy.windowMs);
  const attempt = sql`(CASE WHEN t.window_started_at <= ${windowStart}::timestamptz THEN 1 ELSE t.failures + 1 END)`;
  const waitUntil = (n: SQL) =>
    sql`CASE WHEN ${n} >= ${policy.freeAttempts}
          THEN ${now}::timestamptz + least(${policy.maxDelayMs}::float8,
               ${policy.firstDelayMs}::float8 * power(${policy.growth}::float8, ${n} - ${policy.freeAttempts}))
               * interval '1 millisecond'
          ELSE NULL END`;
  const rows = await queryRows<{ failures: number }>(
    db,
    sql`INSERT INTO login_throttle AS t (key, failures, window_started_at, locked_until)
        VALUES (${key}, 1, ${now}::timestamptz, ${waitUntil(sql`1`)})
        ON CONFLICT (key) DO UPDATE SET
          failures = ${attempt},
          window_started_at = CASE WHEN t.window_started_at <= ${windowStart}::timestamptz
                                   THEN ${now}::timestamptz ELSE t.window_started_at END,
          locked_until = ${waitUntil(attempt)}
        WHERE t.locked_until IS NULL OR t.locked_until <= ${now}::timestamptz
        RETURNING t.failures`,
  );
  if (rows.length > 0) return { allowed: true };
  const [row] = await queryRows<{ lockedUntil: Date | string | null }>(
    db,
    sql`SELECT locked_until AS "lockedUntil" FROM login_throttle WHERE key = ${key}`,
  );
  const until = row?.lockedUntil ? new Date(row.lockedUntil).getTime() : now.getTime();
  return { allowed: false, retryAfterMs: Math.max(1_000, until - now.getTime()) };
}

/**
 * Gives back an attempt that turned out to be legitimate (a right password): it no longer counts, and
 * the wait it may have started is lifted when the remaining attempts are still free.
 */
export async function releaseAttempt(db: Db, key: string, policy: AttemptPolicy): Promise<void> {
  await db.execute(
    sql`UPDATE login_throttle SET
          failures = greatest(failures - 1, 0),
          locked_until = CASE WHEN failures - 1 >= ${policy.freeAttempts} THEN locked_until ELSE NULL END
        WHERE key = ${key}`,
  );
}

export async function resetKey(db: Db, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM login_throttle WHERE key = ${key}`);
}

/** Rows whose window and wait are both over are useless. */
export async function purgeThrottle(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - ACCOUNT_POLICY.windowMs);
  await db.execute(
    sql`DELETE FROM login_throttle
        WHERE window_started_at < ${before}::timestamptz
          AND (locked_until IS NULL OR locked_until < ${now}::timestamptz)`,
  );
}
