import { useQuery } from '@tanstack/react-query';
import { PRICE_POLL_INTERVAL_MS } from '@shared/constants';
import type { AlloyPrice } from '@shared/schemas/market';
import { apiGet } from '@/lib/api-client';

export const ALLOY_PRICES_KEY = ['/api/alloy-prices'] as const;

export function getAlloyPrices(): Promise<AlloyPrice[]> {
  return apiGet<AlloyPrice[]>('/api/alloy-prices');
}

/** GET /api/alloy-prices; `poll` refetches every PRICE_POLL_INTERVAL_MS (the market ticker). */
export function useAlloyPrices(options: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: ALLOY_PRICES_KEY,
    queryFn: getAlloyPrices,
    refetchInterval: options.poll ? PRICE_POLL_INTERVAL_MS : false,
  });
}
