import { and, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@shared/schemas/common-fields';
import type { JournalEntryDetail, JournalEntrySummary, JournalListQuery, JournalStats } from '@shared/schemas/journal';
import { queryRows, type Db } from '../../db/client';
import { logEntries, users } from '../../db/schema';
import { containsPattern } from '../../http/like-pattern';

/** Which entries a reader sees: their organization's, or (superadmin, scope=all) every entry. */
export type JournalScope = { kind: 'organization'; organizationId: string } | { kind: 'all' };

export function scopeFilter(scope: JournalScope): SQL | undefined {
  return scope.kind === 'all' ? undefined : eq(logEntries.organizationId, scope.organizationId);
}

/** A bare date as `to` includes that whole day. */
function upperBound(to: string): Date {
  const d = new Date(to);
  return /^\d{4}-\d{2}-\d{2}$/.test(to.trim()) ? new Date(d.getTime() + 86_400_000) : d;
}

const summaryColumns = {
  id: logEntries.id,
  level: logEntries.level,
  source: logEntries.source,
  message: logEntries.message,
  userId: logEntries.userId,
  username: users.username,
  organizationId: logEntries.organizationId,
  ip: logEntries.ip,
  createdAt: logEntries.createdAt,
};

type SummaryRow = Omit<JournalEntrySummary, 'createdAt'> & { createdAt: Date };

function toSummary(row: SummaryRow): JournalEntrySummary {
  return { ...row, id: Number(row.id), createdAt: row.createdAt.toISOString() };
}

export async function listJournal(
  db: Db,
  scope: JournalScope,
  query: JournalListQuery,
): Promise<Page<JournalEntrySummary>> {
  const filters: Array<SQL | undefined> = [scopeFilter(scope)];
  if (query.level) filters.push(inArray(logEntries.level, query.level as Array<'error'>));
  if (query.source) filters.push(eq(logEntries.source, query.source));
  if (query.userId) filters.push(eq(logEntries.userId, query.userId));
  if (query.from) filters.push(gte(logEntries.createdAt, new Date(query.from)));
  if (query.to) filters.push(lt(logEntries.createdAt, upperBound(query.to)));
  if (query.q) {
    const p = containsPattern(query.q);
    filters.push(or(ilike(logEntries.message, p), ilike(logEntries.source, p)));
  }
  const where = and(...filters);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(logEntries)
    .where(where);
  const rows = await db
    .select(summaryColumns)
    .from(logEntries)
    .leftJoin(users, eq(users.id, logEntries.userId))
    .where(where)
    .orderBy(desc(logEntries.createdAt), desc(logEntries.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    items: rows.map((r) => toSummary(r as SummaryRow)),
    total: count?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function findJournalEntry(db: Db, scope: JournalScope, id: number): Promise<JournalEntryDetail | null> {
  const [row] = await db
    .select({
      ...summaryColumns,
      stack: logEntries.stack,
      context: logEntries.context,
      userAgent: logEntries.userAgent,
    })
    .from(logEntries)
    .leftJoin(users, eq(users.id, logEntries.userId))
    .where(and(eq(logEntries.id, id), scopeFilter(scope)))
    .limit(1);
  if (!row) return null;
  return { ...toSummary(row as SummaryRow), stack: row.stack, context: row.context ?? null, userAgent: row.userAgent };
}

/** Counts per UTC day for the last `days` days (zero-filled, oldest first) and the top sources. */
export async function journalStats(db: Db, scope: JournalScope, days: number, now: Date): Promise<JournalStats> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (days - 1) * 86_400_000);
  const scopeSql = scope.kind === 'all' ? sql`TRUE` : sql`organization_id = ${scope.organizationId}::uuid`;
  const rows = await queryRows<{ day: string; level: string; n: number }>(
    db,
    sql`SELECT to_char(date_trunc('day', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, level, count(*)::int AS n
        FROM log_entries WHERE ${scopeSql} AND created_at >= ${since.toISOString()}::timestamptz
        GROUP BY 1, 2`,
  );
  const bySource = await queryRows<{ source: string; count: number }>(
    db,
    sql`SELECT source, count(*)::int AS count FROM log_entries
        WHERE ${scopeSql} AND created_at >= ${since.toISOString()}::timestamptz
        GROUP BY source ORDER BY count DESC, source LIMIT 20`,
  );
  const out: JournalStats['days'] = [];
  for (let i = 0; i < days; i++) {
    const day = new Date(since.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    const entry = { day, total: 0, error: 0, warn: 0, info: 0, debug: 0 };
    for (const r of rows) {
      if (r.day !== day) continue;
      entry.total += r.n;
      if (r.level === 'error' || r.level === 'warn' || r.level === 'info' || r.level === 'debug') entry[r.level] += r.n;
    }
    out.push(entry);
  }
  return { days: out, bySource };
}

/** Deletes the scope's entries older than `olderThanDays`; answers how many went. */
export async function purgeJournal(db: Db, scope: JournalScope, olderThanDays: number, now: Date): Promise<number> {
  const before = new Date(now.getTime() - olderThanDays * 86_400_000);
  const gone = await db
    .delete(logEntries)
    .where(and(lt(logEntries.createdAt, before), scopeFilter(scope)))
    .returning({ id: logEntries.id });
  return gone.length;
}
