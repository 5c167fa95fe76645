// The module's `performance`, read on every request: the global one is a getter each read goes through.
import { performance } from 'node:perf_hooks';
import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { organizations, sessions, users } from '../../db/schema';
import { userIdentityColumns } from '../../db/user-columns';
import type { RequestSession, SessionUser } from '../../http/types';
import { productWordFromSettings } from './product-word';
import { hashSessionId, randomToken } from './tokens';

/**
 * `last_seen_at` is written at most this often per session (not on every request), so the idle timeout
 * is exact to this interval (it used to be up to a minute early).
 */
export const TOUCH_INTERVAL_MS = 1_000;

export interface NewSession {
  /** The raw id, for the cookie only; never stored. */
  id: string;
  idHash: string;
  csrfToken: string;
  expiresAt: Date;
}

export interface LoadedSession {
  session: RequestSession;
  user: SessionUser | null;
  /** When the cookie must expire: the idle timeout from the last use, capped by the absolute one. */
  cookieExpiresAt: Date;
  /** `last_seen_at` was moved by this request: the cookie's expiry moves with it. */
  touched: boolean;
}

/**
 * Per-node cache of loaded sessions so reads served from memory (prices) do not pay a database
 * round trip per request. An entry lives SESSION_CACHE_TTL_MS at most; the whole cache is cleared
 * on this node after every write that may change a session and every session deletion (see session.hook.ts),
 * so a change made on this node applies to the very next request; another node sees it within the TTL
 * (ADR 0002). Timeouts are still checked against the current clock on every hit.
 */
export const SESSION_CACHE_TTL_MS = 2_000;
const SESSION_CACHE_MAX = 10_000;
interface CachedSession {
  lastSeenAt: Date;
  expiresAt: Date;
  cachedAt: number;
  /** What a hit answers while `last_seen_at` needs no write: made once, shared by the requests of the session. */
  hit: LoadedSession;
}
const sessionCache = new Map<string, CachedSession>();
/**
 * Database reads in flight, one per session: the requests that miss the cache together (50 connections when an
 * entry expires) share one read instead of sending one each.
 */
const loading = new Map<string, Promise<SessionFromDb | null>>();
/** Moves on every clear: a read that began before a clear answers its own request but is not kept. */
let generation = 0;

/** How many sessions this node holds in memory (what the tests of the cache's clearing look at). */
export const sessionCacheSize = (): number => sessionCache.size;

export function clearSessionCache(): void {
  sessionCache.clear();
  loading.clear();
  generation++;
}

type Timeouts = Pick<AppConfig, 'sessionIdleMinutes' | 'sessionAbsoluteHours'> &
  Partial<Pick<AppConfig, 'sessionPurgeChance'>>;

/** Pure: is a session past its idle or absolute timeout at `now` (a date, or its milliseconds)? */
export function isSessionExpired(
  row: { lastSeenAt: Date; expiresAt: Date },
  now: Date | number,
  config: Pick<AppConfig, 'sessionIdleMinutes'>,
): boolean {
  const nowMs = typeof now === 'number' ? now : now.getTime();
  if (row.expiresAt.getTime() <= nowMs) return true;
  return row.lastSeenAt.getTime() + config.sessionIdleMinutes * 60_000 <= nowMs;
}

/** Pure: the session cookie lives as long as the session may, never longer. */
export function sessionCookieExpiry(
  row: { lastSeenAt: Date; expiresAt: Date },
  config: Pick<AppConfig, 'sessionIdleMinutes'>,
): Date {
  const idleEnd = row.lastSeenAt.getTime() + config.sessionIdleMinutes * 60_000;
  return new Date(Math.min(idleEnd, row.expiresAt.getTime()));
}

export async function createSession(
  db: Db,
  options: {
    userId: string;
    csrfToken?: string | undefined;
    ip?: string | undefined;
    userAgent?: string | undefined;
    now: Date;
    config: Timeouts;
  },
): Promise<NewSession> {
  const id = randomToken();
  const idHash = hashSessionId(id);
  const csrfToken = options.csrfToken ?? randomToken();
  const expiresAt = new Date(options.now.getTime() + options.config.sessionAbsoluteHours * 3_600_000);
  await db.insert(sessions).values({
    idHash,
    userId: options.userId,
    csrfToken,
    createdAt: options.now,
    lastSeenAt: options.now,
    expiresAt,
    ip: options.ip?.slice(0, 100) ?? null,
    userAgent: options.userAgent?.slice(0, 500) ?? null,
  });
  if (Math.random() < (options.config.sessionPurgeChance ?? 0.02)) {
    await purgeExpiredSessions(db, options.now, options.config);
  }
  return { id, idHash, csrfToken, expiresAt };
}

function cacheEntry(loaded: SessionFromDb, config: Timeouts): CachedSession {
  const hit: LoadedSession = {
    session: loaded.session,
    user: loaded.user,
    cookieExpiresAt: sessionCookieExpiry(loaded, config),
    touched: false,
  };
  return {
    lastSeenAt: loaded.lastSeenAt,
    expiresAt: loaded.expiresAt,
    cachedAt: performance.now(),
    hit,
  };
}

/**
 * The session of `idHash` when this node holds a fresh copy, it has not timed out at `nowMs` and `last_seen_at`
 * needs no write: answered without a promise or an allocation. Otherwise undefined, and `loadSession` decides.
 */
export function cachedSession(idHash: string, nowMs: number, config: Timeouts): LoadedSession | undefined {
  const cached = sessionCache.get(idHash);
  if (!cached || performance.now() - cached.cachedAt >= SESSION_CACHE_TTL_MS) return undefined;
  if (isSessionExpired(cached, nowMs, config)) return undefined;
  if (nowMs - cached.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) return undefined;
  return cached.hit;
}

/**
 * Loads the session for a raw cookie id. Expired sessions, and sessions of an inactive user or a
 * suspended organization, are deleted and answer null (the visitor is signed out). A cached entry that
 * looks expired is checked against the database first: another node may have seen a later use.
 */
export async function loadSession(
  db: Db,
  id: string,
  now: Date,
  config: Timeouts,
  idHash: string = hashSessionId(id),
): Promise<LoadedSession | null> {
  const cached = sessionCache.get(idHash);
  if (cached && performance.now() - cached.cachedAt < SESSION_CACHE_TTL_MS && !isSessionExpired(cached, now, config)) {
    let touched = false;
    if (now.getTime() - cached.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
      cached.lastSeenAt = now;
      cached.hit = { ...cached.hit, cookieExpiresAt: sessionCookieExpiry(cached, config) };
      touched = true;
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
    }
    return touched ? { ...cached.hit, touched } : cached.hit;
  }
  let read = loading.get(idHash);
  if (!read) {
    const startedIn = generation;
    read = loadSessionFromDb(db, idHash, now, config).then(
      (loaded) => {
        if (loading.get(idHash) === read) loading.delete(idHash);
        if (startedIn !== generation) return loaded;
        if (!loaded) {
          sessionCache.delete(idHash);
          return null;
        }
        if (sessionCache.size >= SESSION_CACHE_MAX) sessionCache.clear();
        sessionCache.set(idHash, cacheEntry(loaded, config));
        return loaded;
      },
      (error: unknown) => {
        if (loading.get(idHash) === read) loading.delete(idHash);
        throw error;
      },
    );
    loading.set(idHash, read);
  }
  const loaded = await read;
  if (!loaded) return null;
  // A request that joined a read begun a moment earlier checks the timeouts against its own clock.
  if (isSessionExpired(loaded, now, config)) {
    await deleteSession(db, idHash);
    return null;
  }
  return {
    session: loaded.session,
    user: loaded.user,
    cookieExpiresAt: sessionCookieExpiry(loaded, config),
    touched: loaded.touched,
  };
}

interface SessionFromDb {
  session: RequestSession;
  user: SessionUser | null;
  lastSeenAt: Date;
  expiresAt: Date;
  touched: boolean;
}

async function loadSessionFromDb(db: Db, idHash: string, now: Date, config: Timeouts): Promise<SessionFromDb | null> {
  const [row] = await db
    .select({
      idHash: sessions.idHash,
      userId: sessions.userId,
      csrfToken: sessions.csrfToken,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      user: {
        ...userIdentityColumns,
        active: users.active,
        mustChangePassword: users.mustChangePassword,
      },
      organization: { name: organizations.name, status: organizations.status, settings: organizations.settings },
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(sessions.idHash, idHash))
    .limit(1);
  if (!row) return null;

  // Sessions without a user were the anonymous sessions of before migration 0040: no longer valid.
  const signedOutUser = !row.user?.active || row.organization?.status !== 'active';
  if (isSessionExpired(row, now, config) || signedOutUser || !row.user || !row.organization) {
    await deleteSession(db, idHash);
    return null;
  }
  let lastSeenAt = row.lastSeenAt;
  let touched = false;
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
    lastSeenAt = now;
    touched = true;
  }
  const { active: _active, ...user } = row.user;
  return {
    session: { idHash, userId: row.userId, csrfToken: row.csrfToken },
    user: {
      ...user,
      organizationName: row.organization.name,
      productWord: productWordFromSettings(row.organization.settings),
    },
    lastSeenAt,
    expiresAt: row.expiresAt,
    touched,
  };
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  sessionCache.delete(idHash);
  loading.delete(idHash);
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Removes every session past its absolute or idle timeout. */
export async function purgeExpiredSessions(db: Db, now: Date, config: Timeouts): Promise<void> {
  const idleBefore = new Date(now.getTime() - config.sessionIdleMinutes * 60_000);
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleBefore)));
}

/** Deletes every session of a user (e.g. when an admin deactivates them or changes their password). */
export async function deleteUserSessions(db: Db, userId: string, exceptIdHash?: string): Promise<void> {
  clearSessionCache();
  await db
    .delete(sessions)
    .where(
      exceptIdHash ? and(eq(sessions.userId, userId), ne(sessions.idHash, exceptIdHash)) : eq(sessions.userId, userId),
    );
}
