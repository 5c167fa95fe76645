import { useQuery } from '@tanstack/react-query';
import { RANDOM_DIAMOND_GC_MS, RANDOM_DIAMOND_STALE_MS } from '@shared/constants';
import type { RandomDiamond } from '@shared/schemas/diamonds';
import { apiGet } from '@/lib/api-client';

export function getRandomDiamond(): Promise<RandomDiamond> {
  return apiGet<RandomDiamond>('/api/random-diamond');
}

/** GET /api/random-diamond (sign-in showcase): cached 5 min, kept 30 min, no refetch on focus. */
export function useRandomDiamond() {
  return useQuery({
    queryKey: ['/api/random-diamond'],
    queryFn: getRandomDiamond,
    staleTime: RANDOM_DIAMOND_STALE_MS,
    gcTime: RANDOM_DIAMOND_GC_MS,
    refetchOnWindowFocus: false,
  });
}
