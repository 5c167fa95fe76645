import { useQuery } from '@tanstack/react-query';
import { PRICE_POLL_INTERVAL_MS, type Metal } from '@shared/constants';
import type { SpotPrice } from '@shared/schemas/market';
import { apiGet } from '@/lib/api-client';

/** Every spot read starts with this key segment, so one invalidation reloads them all. */
export const SPOT_KEY_ROOT = '/api/spot';

/** Query key of a spot read; its path is the key joined with "/": /api/spot/{metal}. */
export const spotPriceKey = (metal: Metal) => [SPOT_KEY_ROOT, metal] as const;

export function getSpotPrice(metal: Metal): Promise<SpotPrice> {
  return apiGet<SpotPrice>(`/api/spot/${metal}`);
}

/**
 * GET /api/spot/{metal}; `poll` refetches every PRICE_POLL_INTERVAL_MS (header: gold and silver); `select` (a
 * stable function) keeps only what the caller shows, so it renders only when that changes.
 */
export function useSpotPrice<T = SpotPrice>(
  metal: Metal,
  options: { poll?: boolean; select?: (price: SpotPrice) => T } = {},
) {
  return useQuery({
    queryKey: spotPriceKey(metal),
    queryFn: () => getSpotPrice(metal),
    refetchInterval: options.poll ? PRICE_POLL_INTERVAL_MS : false,
    select: options.select,
  });
}
