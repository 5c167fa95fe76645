import { z } from 'zod';
import { METALS } from '../constants';

/** A count of records, as the linked list counts them. */
export interface ActivityCount {
  count: number;
}

/**
 * `GET /api/dashboard/activity`: the figures of the dashboard's activity block. A figure is null when the
 * signed-in role may not read its area (shared/access.ts) or its module is turned off for the organization.
 */
export interface DashboardActivity {
  /** Sent quotes still valid (the quotes list filtered on `status=sent`), with their total incl. VAT. */
  quotesAwaiting: (ActivityCount & { totalInclVat: string }) | null;
  /** Gold buys inside their withdrawal period (`status=in-withdrawal`). */
  goldBuysInWithdrawal: ActivityCount | null;
  /** Paid gold buys past their withdrawal period (`status=ready-to-melt`). */
  goldBuysReadyToMelt: ActivityCount | null;
  /** Stones at or below their low-stock threshold (`lowStock=true`). */
  lowStockStones: ActivityCount | null;
  /** Work orders past their due date and not finished (`/work-orders?late=true`). */
  workOrdersLate: ActivityCount | null;
  /**
   * Work orders not finished, due from today to Sunday (`/work-orders?open=true&dueFrom=<from>&dueTo=<to>`, the
   * days given here).
   */
  workOrdersDueThisWeek: (ActivityCount & { from: string; to: string }) | null;
}

export const MARKET_HISTORY_DAYS = [7, 30, 365] as const;
export type MarketHistoryDays = (typeof MARKET_HISTORY_DAYS)[number];

/** `GET /api/market/history` query: a metal and a period in days. */
export const marketHistoryQuerySchema = z.object({
  symbol: z.enum(METALS, { errorMap: () => ({ message: 'Métal inconnu (gold, silver ou platinum)' }) }),
  days: z.coerce.number({ invalid_type_error: 'Période invalide (7, 30 ou 365 jours)' }).pipe(
    z.union([z.literal(7), z.literal(30), z.literal(365)], {
      errorMap: () => ({ message: 'Période invalide (7, 30 ou 365 jours)' }),
    }),
  ),
});
export type MarketHistoryQuery = z.infer<typeof marketHistoryQuerySchema>;

/** One day of a metal's price: the last stored reading of that day (Paris), EUR per gram of fine metal. */
export interface MarketHistoryPoint {
  /** Calendar day in Paris, `YYYY-MM-DD`. */
  day: string;
  /** EUR per gram, as stored (decimal string). */
  pricePerG: string;
}

export interface MarketHistory {
  symbol: (typeof METALS)[number];
  days: MarketHistoryDays;
  points: MarketHistoryPoint[];
}
