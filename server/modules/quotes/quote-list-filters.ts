import { and, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { QuoteListQuery } from '@shared/schemas/quotes';
import { quotes } from '../../db/schema';

/** The day a quote was created, in Paris (the period filter). */
const createdDay = sql`(${quotes.createdAt} AT TIME ZONE 'Europe/Paris')::date`;

/** Conditions of the quotes list's own filters; `expired` = sent and past its validity date (never stored). */
export function quoteFilters(q: QuoteListQuery, today: string): Array<SQL | undefined> {
  let status: SQL | undefined;
  if (q.status === 'expired') status = and(eq(quotes.status, 'sent'), lt(quotes.validUntil, today));
  else if (q.status === 'sent') status = and(eq(quotes.status, 'sent'), gte(quotes.validUntil, today));
  else if (q.status) status = eq(quotes.status, q.status);
  return [
    status,
    q.clientId ? eq(quotes.clientId, q.clientId) : undefined,
    q.projectId ? eq(quotes.projectId, q.projectId) : undefined,
    q.from ? sql`${createdDay} >= ${q.from}::date` : undefined,
    q.to ? sql`${createdDay} <= ${q.to}::date` : undefined,
    q.minAmount ? gte(quotes.totalInclVat, q.minAmount) : undefined,
    q.maxAmount ? lte(quotes.totalInclVat, q.maxAmount) : undefined,
  ];
}
