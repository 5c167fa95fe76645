import { count, sum } from 'drizzle-orm';
import { goldBuyListQuerySchema } from '@shared/schemas/gold-buys';
import { quoteListQuerySchema } from '@shared/schemas/quotes';
import { stoneListQuerySchema } from '@shared/schemas/stones';
import { workOrderListQuerySchema } from '@shared/schemas/work-orders';
import type { ActivityCount } from '@shared/schemas/dashboard';
import type { Db } from '../../db/client';
import { goldBuys, quotes, stones, workOrders } from '../../db/schema';
import { listWhere } from '../../lists/list-query';
import { goldBuyFilters, listMinute } from '../gold-buys/gold-buy-list-filters';
import { quoteFilters } from '../quotes/quote-list-filters';
import { stonesResource } from '../stones/stones.resource';
import { workOrderFilters } from '../work-orders/work-orders.resource';

/*
 * Each figure is the count of the list it links to: the list's own query schema reads the same URL filter,
 * and the list's own filter conditions and WHERE (organization, active records) build the query.
 */

/** Sent quotes still valid (`/quotes?status=sent`) and their total incl. VAT (2 decimals). */
export async function quotesAwaiting(
  db: Db,
  organizationId: string,
  today: string,
): Promise<ActivityCount & { totalInclVat: string }> {
  const query = quoteListQuerySchema.parse({ status: 'sent' });
  const [row] = await db
    .select({ count: count(), incl: sum(quotes.totalInclVat) })
    .from(quotes)
    .where(listWhere(quotes, organizationId, query, quoteFilters(query, today)));
  return { count: Number(row?.count ?? 0), totalInclVat: twoDecimals(row?.incl) };
}

/** Gold buys of one list status filter (`/goldbuy?status=in-withdrawal` or `ready-to-melt`). */
export async function goldBuysWithStatus(
  db: Db,
  organizationId: string,
  status: 'in-withdrawal' | 'ready-to-melt',
  now: Date,
): Promise<ActivityCount> {
  const query = goldBuyListQuerySchema.parse({ status });
  const minute = listMinute(now);
  const [row] = await db
    .select({ count: count() })
    .from(goldBuys)
    .where(listWhere(goldBuys, organizationId, query, goldBuyFilters(query, minute)));
  return { count: Number(row?.count ?? 0) };
}

/** The stones list's filters (the rate is not needed to filter). */
const stoneFilters = stonesResource(() => null).filters;

/** Stones at or below their low-stock threshold (`/stones?lowStock=true`). */
export async function lowStockStones(db: Db, organizationId: string): Promise<ActivityCount> {
  const query = stoneListQuerySchema.parse({ lowStock: 'true' });
  const [row] = await db
    .select({ count: count() })
    .from(stones)
    .where(listWhere(stones, organizationId, query, stoneFilters(query)));
  return { count: Number(row?.count ?? 0) };
}

/** A numeric sum from the database ("1234.5", or null for no rows) with two decimals, exactly. */
function twoDecimals(value: string | null | undefined): string {
  if (!value) return '0.00';
  const [whole = '0', decimals = ''] = value.split('.');
  return `${whole}.${(decimals + '00').slice(0, 2)}`;
}

/** Work orders of one list filter (`/work-orders?late=true`, or open and due between two days). */
export async function workOrdersMatching(
  db: Db,
  organizationId: string,
  filter: Record<string, string>,
  today: string,
): Promise<ActivityCount> {
  const query = workOrderListQuerySchema.parse(filter);
  const [row] = await db
    .select({ count: count() })
    .from(workOrders)
    .where(listWhere(workOrders, organizationId, query, workOrderFilters(query, today)));
  return { count: Number(row?.count ?? 0) };
}

/** The Sunday ending the week (Monday to Sunday) of `day` (YYYY-MM-DD). */
export function endOfWeek(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + ((7 - d.getUTCDay()) % 7));
  return d.toISOString().slice(0, 10);
}
