import { and, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { GoldBuyListQuery } from '@shared/schemas/gold-buys';
import { goldBuys } from '../../db/schema';

/** The day a purchase was signed, in Paris (the period filter). */
const signedDay = sql`(${goldBuys.signedAt} AT TIME ZONE 'Europe/Paris')::date`;

/** The minute the list reads the deadlines against (its answers are cached per minute). */
export const listMinute = (now: Date): Date => new Date(Math.floor(now.getTime() / 60_000) * 60_000);

/**
 * Conditions of the list's own filters (the list and the dashboard's figures). "In withdrawal period" and "ready to
 * melt" are read from the deadline against `now` (to the minute, `listMinute`; the melt route checks to the second).
 */
export function goldBuyFilters(q: GoldBuyListQuery, now: Date): Array<SQL | undefined> {
  let status: SQL | undefined;
  if (q.status === 'in-withdrawal')
    status = and(inArray(goldBuys.status, ['validated', 'paid']), gt(goldBuys.withdrawalDeadline, now));
  else if (q.status === 'ready-to-melt')
    status = and(eq(goldBuys.status, 'paid'), lte(goldBuys.withdrawalDeadline, now));
  else if (q.status) status = eq(goldBuys.status, q.status);
  return [
    status,
    q.sellerClientId ? eq(goldBuys.sellerClientId, q.sellerClientId) : undefined,
    q.from ? sql`${signedDay} >= ${q.from}::date` : undefined,
    q.to ? sql`${signedDay} <= ${q.to}::date` : undefined,
    q.fineness ? sql`${goldBuys.items} @> ${JSON.stringify([{ fineness: q.fineness }])}::jsonb` : undefined,
  ];
}
