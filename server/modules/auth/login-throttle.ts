import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginThrottle } from '../../db/schema';

export interface ThrottlePolicy {
  /** Failures allowed in one window before the key is locked. */
  limit: number;
  windowMs: number;
  /** How long a key stays locked once the limit is reached. */
  lockMs: number;
}

export interface ThrottleState {
  failures: number;
  windowStartedAt: Date;
  lockedUntil: Date | null;
}

const FIFTEEN_MINUTES = 15 * 60_000;
export const ACCOUNT_POLICY: ThrottlePolicy = { limit: 5, windowMs: FIFTEEN_MINUTES, lockMs: FIFTEEN_MINUTES };
export const IP_POLICY: ThrottlePolicy = { limit: 20, windowMs: FIFTEEN_MINUTES, lockMs: FIFTEEN_MINUTES };
export const REGISTER_POLICY: ThrottlePolicy = { limit: 10, windowMs: 60 * 60_000, lockMs: 60 * 60_000 };

export const accountKey = (username: string): string => `user:${username.trim().toLowerCase()}`;
export const ipKey = (ip: string): string => `ip:${ip}`;
export const registerKey = (ip: string): string => `register:${ip}`;

/** Pure: is the key locked at `now`? */
export function isLocked(state: ThrottleState | null | undefined, now: Date): boolean {
  return !!state?.lockedUntil && state.lockedUntil.getTime() > now.getTime();
}

/** Pure: the state after one more counted event at `now` (a new window starts when the old one is over). */
export function nextThrottleState(
  state: ThrottleState | null | undefined,
  now: Date,
  policy: ThrottlePolicy,
): ThrottleState {
  const windowOver = !state || state.windowStartedAt.getTime() + policy.windowMs <= now.getTime();
  const failures = windowOver ? 1 : state.failures + 1;
  const windowStartedAt = windowOver ? now : state.windowStartedAt;
  const stillLocked = state && isLocked(state, now) ? state.lockedUntil : null;
  const lockedUntil = failures >= policy.limit ? new Date(now.getTime() + policy.lockMs) : stillLocked;
  return { failures, windowStartedAt, lockedUntil };
}

export async function anyLocked(db: Db, keys: readonly string[], now: Date): Promise<boolean> {
  for (const key of keys) {
    const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key)).limit(1);
    if (isLocked(row, now)) return true;
  }
  return false;
}

/**
 * Counts one event for `key`, atomically across app nodes (row lock in a transaction), and
 * answers the new state.
 */
export async function recordEvent(db: Db, key: string, now: Date, policy: ThrottlePolicy): Promise<ThrottleState> {
  return db.transaction(async (tx) => {
    await tx
      .insert(loginThrottle)
      .values({ key, failures: 0, windowStartedAt: now, lockedUntil: null })
      .onConflictDoNothing();
    const [row] = await tx.select().from(loginThrottle).where(eq(loginThrottle.key, key)).for('update').limit(1);
    const next = nextThrottleState(row?.failures ? row : null, now, policy);
    await tx.update(loginThrottle).set(next).where(eq(loginThrottle.key, key));
    return next;
  });
}

export async function resetKey(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

/** Old rows are useless once their window and lock are over. */
export async function purgeThrottle(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - 2 * 60 * 60_000);
  await db
    .delete(loginThrottle)
    .where(
      and(
        lt(loginThrottle.windowStartedAt, before),
        or(isNull(loginThrottle.lockedUntil), lt(loginThrottle.lockedUntil, now)),
      ),
    );
}
