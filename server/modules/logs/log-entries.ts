import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { logEntries } from '../../db/schema';

/** At most this many journal entries are kept per organization (and for signed-out visitors together). */
export const LOG_ENTRIES_MAX_PER_ORGANIZATION = 100_000;
/** Serialized `context` above this size is replaced by a truncated preview. */
export const LOG_CONTEXT_MAX_CHARS = 10_000;
const USER_AGENT_MAX_CHARS = 500;

export interface NewLogEntry {
  organizationId: string | null;
  userId: string | null;
  level: 'debug' | 'info' | 'warn' | 'error';
  source: string;
  message: string;
  stack?: string | null | undefined;
  context?: Record<string, unknown> | null | undefined;
  ip?: string | null | undefined;
  userAgent?: string | null | undefined;
}

/** Keeps a context object as is when small, else a truncated JSON preview (the table stays bounded). */
export function boundedContext(context: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!context) return null;
  const json = JSON.stringify(context);
  if (json.length <= LOG_CONTEXT_MAX_CHARS) return context;
  return { truncated: true, preview: json.slice(0, LOG_CONTEXT_MAX_CHARS) };
}

export async function insertLogEntry(db: Db, entry: NewLogEntry): Promise<void> {
  await db.insert(logEntries).values({
    organizationId: entry.organizationId,
    userId: entry.userId,
    level: entry.level,
    source: entry.source,
    message: entry.message,
    stack: entry.stack ?? null,
    context: boundedContext(entry.context),
    ip: entry.ip ?? null,
    userAgent: entry.userAgent ? entry.userAgent.slice(0, USER_AGENT_MAX_CHARS) : null,
  });
}

/**
 * Deletes the oldest entries beyond `maxPerOrganization` for each organization (and for entries with no
 * organization). Each cut-off is found through the (organization_id, created_at DESC) index.
 * Returns the number of rows deleted.
 */
export async function pruneLogEntries(db: Db, maxPerOrganization = LOG_ENTRIES_MAX_PER_ORGANIZATION): Promise<number> {
  const orgs = await queryRows<{ id: string }>(
    db,
    sql`SELECT id::text AS id FROM organizations o
        WHERE EXISTS (SELECT 1 FROM log_entries l WHERE l.organization_id = o.id)`,
  );
  let deleted = 0;
  for (const scope of [...orgs.map((o) => sql`organization_id = ${o.id}::uuid`), sql`organization_id IS NULL`]) {
    const rows = await queryRows<{ n: number }>(
      db,
      sql`WITH cutoff AS (
            SELECT created_at, id FROM log_entries WHERE ${scope}
            ORDER BY created_at DESC, id DESC OFFSET ${maxPerOrganization} LIMIT 1
          ), gone AS (
            DELETE FROM log_entries l USING cutoff c
            WHERE ${scope} AND (l.created_at, l.id) <= (c.created_at, c.id)
            RETURNING 1
          ) SELECT count(*)::int AS n FROM gone`,
    );
    deleted += rows[0]?.n ?? 0;
  }
  return deleted;
}
