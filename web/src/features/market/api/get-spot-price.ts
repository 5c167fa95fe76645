import { useQuery } from '@tanstack/react-query';
import { PRICE_POLL_INTERVAL_MS, type Metal } from '@shared/constants';
import type { SpotPrice } from '@shared/schemas/market';
import { apiGet } from '@/lib/api-client';

/** Query key of a spot read; its path is the key joined with "/" (spec §7): /api/spot/{metal}. */
export const spotPriceKey = (metal: Metal) => ['/api/spot', metal] as const;

export function getSpotPrice(metal: Metal): Promise<SpotPrice> {
  return apiGet<SpotPrice>(`/api/spot/${metal}`);
}

/** GET /api/spot/{metal}; `poll` refetches every PRICE_POLL_INTERVAL_MS (header: gold and silver). */
export function useSpotPrice(metal: Metal, options: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: spotPriceKey(metal),
    queryFn: () => getSpotPrice(metal),
    refetchInterval: options.poll ? PRICE_POLL_INTERVAL_MS : false,
  });
}
