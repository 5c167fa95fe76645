import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';

/** Query keys of the market reads the header and ticker keep fresh (features/market). */
const MARKET_KEYS: ReadonlySet<unknown> = new Set(['/api/spot', '/api/fx']);

/**
 * When the header refreshes a price (a click on a price button, or its 60 s polling), the market queries get new
 * data: the product prices shown (`/api/products...` queries matching `isPriceQuery`) are refetched at once.
 */
export function useRepriceOnMarketChange(isPriceQuery: (key: readonly unknown[]) => boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const cache = queryClient.getQueryCache();
    // What the market queries hold now: only newer data reprices (a first load during mount costs one refetch).
    const seen = new Map<string, number>();
    for (const q of cache.getAll()) {
      if (MARKET_KEYS.has(q.queryKey[0])) seen.set(q.queryHash, q.state.dataUpdatedAt);
    }
    return cache.subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const { queryKey, queryHash, state } = event.query;
      if (!MARKET_KEYS.has(queryKey[0])) return;
      const previous = seen.get(queryHash);
      seen.set(queryHash, state.dataUpdatedAt);
      if (previous === state.dataUpdatedAt) return;
      void queryClient.invalidateQueries({ predicate: (q) => isPriceQuery(q.queryKey) });
    });
  }, [queryClient, isPriceQuery]);
}
