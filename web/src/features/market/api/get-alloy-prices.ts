import { useQuery } from '@tanstack/react-query';
import { PRICE_POLL_INTERVAL_MS } from '@shared/constants';
import type { AlloyPrice } from '@shared/schemas/market';
import { apiGet } from '@/lib/api-client';

export const ALLOY_PRICES_KEY = ['/api/alloy-prices'] as const;

export function getAlloyPrices(): Promise<AlloyPrice[]> {
  return apiGet<AlloyPrice[]>('/api/alloy-prices');
}

/**
 * GET /api/alloy-prices; `poll` refetches every PRICE_POLL_INTERVAL_MS (the market ticker); `select` (a stable
 * function) keeps only what the caller shows, so it renders only when that changes.
 */
export function useAlloyPrices<T = AlloyPrice[]>(
  options: { poll?: boolean; select?: (alloys: AlloyPrice[]) => T } = {},
) {
  return useQuery({
    queryKey: ALLOY_PRICES_KEY,
    queryFn: getAlloyPrices,
    refetchInterval: options.poll ? PRICE_POLL_INTERVAL_MS : false,
    select: options.select,
  });
}
