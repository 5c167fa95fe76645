import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Metal } from '@shared/constants';
import type { MarketHistory, MarketHistoryDays } from '@shared/schemas/dashboard';
import { apiGet } from '@/lib/api-client';

/** Every history read starts with this key segment. */
export const MARKET_HISTORY_KEY_ROOT = '/api/market/history';

/** Query key of one history read; its path is the key joined with "/", the object as the query string. */
export const marketHistoryKey = (symbol: Metal, days: MarketHistoryDays) =>
  [MARKET_HISTORY_KEY_ROOT, { symbol, days }] as const;

export function getMarketHistory(symbol: Metal, days: MarketHistoryDays): Promise<MarketHistory> {
  const query = new URLSearchParams({ symbol, days: String(days) });
  return apiGet<MarketHistory>(`${MARKET_HISTORY_KEY_ROOT}?${query.toString()}`);
}

/**
 * GET /api/market/history?symbol=…&days=…: one point per day (EUR per gram of fine metal). While another metal or
 * period loads, the previous answer stays on screen (`isPlaceholderData`), so the chart does not collapse.
 */
export function useMarketHistory(symbol: Metal, days: MarketHistoryDays) {
  return useQuery({
    queryKey: marketHistoryKey(symbol, days),
    queryFn: () => getMarketHistory(symbol, days),
    placeholderData: keepPreviousData,
  });
}
