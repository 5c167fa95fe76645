import { createHash } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { AccountSession } from '@shared/schemas/account';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';

/** The id shown to the user for one of their sessions: derived from the stored hash, never the cookie. */
export function publicSessionId(idHash: string): string {
  return createHash('sha256').update(`session-public:${idHash}`).digest('hex').slice(0, 32);
}

/** The user's live sessions (not past the idle or absolute timeout), most recent first. */
export async function liveSessions(
  db: Db,
  userId: string,
  now: Date,
  config: Pick<AppConfig, 'sessionIdleMinutes'>,
): Promise<Array<{ idHash: string; view: Omit<AccountSession, 'current'> }>> {
  const idleAfter = new Date(now.getTime() - config.sessionIdleMinutes * 60_000);
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleAfter)))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(100);
  return rows.map((r) => ({
    idHash: r.idHash,
    view: {
      id: publicSessionId(r.idHash),
      createdAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
      ip: r.ip,
      userAgent: r.userAgent,
    },
  }));
}
