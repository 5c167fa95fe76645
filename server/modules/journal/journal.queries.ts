import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  journalListQuerySchema,
  logLevelLabel,
  logSourceLabel,
  type JournalEntryDetail,
  type JournalEntrySummary,
  type JournalListQuery,
  type JournalStats,
} from '@shared/schemas/journal';
import { queryRows, type Db } from '../../db/client';
import { logEntries, users } from '../../db/schema';
import { AppError, unauthenticated } from '../../http/errors';
import type { ListDefinition } from '../../lists/list-routes';

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

/** What a list page reads of an entry (never the stack, context or user agent: the detail has them). */
const pageColumns = {
  id: logEntries.id,
  level: logEntries.level,
  source: logEntries.source,
  message: logEntries.message,
  userId: logEntries.userId,
  organizationId: logEntries.organizationId,
  ip: logEntries.ip,
  createdAt: logEntries.createdAt,
};
type PageRow = Omit<SummaryRow, 'username'>;

/** Who may read which journal: `scope=all` is the superadmin's; everyone else reads their organization's. */
export function journalScope(request: FastifyRequest, wanted: 'organization' | 'all'): JournalScope {
  const user = request.user;
  if (!user) throw unauthenticated();
  if (wanted === 'all') {
    if (user.role !== 'superadmin') throw new AppError('FORBIDDEN', 'Accès refusé');
    return { kind: 'all' };
  }
  return { kind: 'organization', organizationId: user.organizationId };
}

/**
 * `GET /api/logs` and `GET /api/logs/export.csv` through the shared list routes
 * (server/lists/list-routes.ts): newest first on (organization, created_at, id), accent-insensitive
 * search on `search_text` (message, source and its French name; migration 0042), levels and sources
 * in French in the CSV file.
 */
export const journalList: ListDefinition<PageRow, JournalEntrySummary, JournalListQuery, Map<string, string>> = {
  path: '/api/logs',
  area: 'journal',
  table: logEntries,
  columns: pageColumns,
  listQuerySchema: journalListQuerySchema,
  sortColumns: { createdAt: logEntries.createdAt },
  filters: (q) => [
    q.level ? inArray(logEntries.level, q.level as Array<'error'>) : undefined,
    q.source ? eq(logEntries.source, q.source) : undefined,
    q.userId ? eq(logEntries.userId, q.userId) : undefined,
    q.from ? gte(logEntries.createdAt, new Date(q.from)) : undefined,
    q.to ? lt(logEntries.createdAt, upperBound(q.to)) : undefined,
  ],
  scope: (request, query) => {
    const scope = journalScope(request, query.scope);
    return scope.kind === 'all' ? null : scope.organizationId;
  },
  versioned: false,
  // The usernames of the page's entries (one query).
  loadContext: async (db, _scope, rows) => {
    const ids = [...new Set(rows.map((r) => r.userId).filter((id): id is string => id !== null))];
    if (ids.length === 0) return new Map<string, string>();
    const found = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids));
    return new Map(found.map((u) => [u.id, u.username]));
  },
  toDto: (row, usernames) => toSummary({ ...row, username: row.userId ? (usernames.get(row.userId) ?? null) : null }),
  csv: {
    filename: 'journal',
    columns: [
      { header: 'Date', format: 'datetime', value: (e) => e.createdAt },
      { header: 'Niveau', value: (e) => logLevelLabel(e.level) },
      { header: 'Source', value: (e) => logSourceLabel(e.source) },
      { header: 'Message', value: (e) => e.message },
      { header: 'Utilisateur', value: (e) => e.username },
      { header: 'Adresse IP', value: (e) => e.ip },
      { header: 'N°', format: 'integer', value: (e) => e.id },
    ],
  },
};

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
