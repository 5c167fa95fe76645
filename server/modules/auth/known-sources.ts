import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { queryRows, type Db } from '../../db/client';
import { requestCookie, setCookie } from '../../http/cookies';
import { randomToken } from './tokens';

/**
 * Where a user signed in successfully before: their browser (a random device token in an HttpOnly cookie
 * sent only to /api/login) and their address. A sign-in from a known source is not slowed down by a
 * stranger's guesses on the same account (ADR 0002). Only hashes are stored.
 */
export const KNOWN_SOURCE_DAYS = 90;
export const DEVICE_COOKIE_PATH = '/api/login';

export const deviceCookieName = (app: FastifyInstance): string => `${app.config.cookieName}_device`;

const hashSource = (kind: 'device' | 'ip', value: string): string =>
  createHash('sha256').update(`${kind}:${value}`).digest('hex');

function deviceToken(app: FastifyInstance, request: FastifyRequest): string | undefined {
  const value = requestCookie(request, deviceCookieName(app));
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}

/** True when this browser or this address signed in as `userId` within the last 90 days. */
export async function isKnownSource(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: string,
  now: Date,
): Promise<boolean> {
  const hashes = [hashSource('ip', request.ip)];
  const device = deviceToken(app, request);
  if (device) hashes.push(hashSource('device', device));
  const since = new Date(now.getTime() - KNOWN_SOURCE_DAYS * 86_400_000);
  const rows = await queryRows<{ one: number }>(
    app.db,
    sql`SELECT 1 AS one FROM login_known_sources
        WHERE user_id = ${userId}::uuid AND last_success_at > ${since}::timestamptz
          AND source_hash IN (${sql.join(
            hashes.map((h) => sql`${h}`),
            sql`, `,
          )})
        LIMIT 1`,
  );
  return rows.length > 0;
}

/** Records a successful sign-in's browser and address, and gives the browser its device cookie. */
export async function rememberSource(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  now: Date,
): Promise<void> {
  const device = deviceToken(app, request) ?? randomToken();
  for (const hash of [hashSource('ip', request.ip), hashSource('device', device)]) {
    await app.db.execute(
      sql`INSERT INTO login_known_sources (user_id, source_hash, last_success_at)
          VALUES (${userId}::uuid, ${hash}, ${now}::timestamptz)
          ON CONFLICT (user_id, source_hash) DO UPDATE SET last_success_at = EXCLUDED.last_success_at`,
    );
  }
  setCookie(reply, deviceCookieName(app), device, {
    sameSite: 'Strict',
    secure: app.config.cookieSecure,
    path: DEVICE_COOKIE_PATH,
    maxAgeSeconds: KNOWN_SOURCE_DAYS * 86_400,
  });
}

export async function purgeKnownSources(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - KNOWN_SOURCE_DAYS * 86_400_000);
  await db.execute(sql`DELETE FROM login_known_sources WHERE last_success_at < ${before}::timestamptz`);
}
