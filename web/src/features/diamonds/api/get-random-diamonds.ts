import { useQuery } from '@tanstack/react-query';
import { DIAMOND_SELECTION_CACHE_MS } from '@shared/constants';
import type { DiamondListing } from '@shared/schemas/diamonds';
import { ApiError, apiGet } from '@/lib/api-client';
import {
  DiamondListError,
  random6Path,
  shouldRetryDiamondList,
  weightRangeToParams,
  type WeightParams,
} from '../lib/selection-query';

export const randomDiamondsKey = (params: WeightParams) => ['/api/ddpl/random6', params] as const;

/** GET /api/ddpl/random6 with optional weight_min/weight_max; failures become a DiamondListError. */
export async function getRandomDiamonds(params: WeightParams): Promise<DiamondListing[]> {
  try {
    const list = await apiGet<DiamondListing[]>(random6Path(params));
    return Array.isArray(list) ? list : [];
  } catch (error) {
    if (error instanceof ApiError) throw new DiamondListError(error.status, error.body?.message);
    throw error;
  }
}

/** Six random diamonds in a weight range; a new range is a new query; cached 5 min; retried as selection-query.ts says. */
export function useRandomDiamonds(weightRange: string) {
  const params = weightRangeToParams(weightRange);
  return useQuery<DiamondListing[], Error>({
    queryKey: randomDiamondsKey(params),
    queryFn: () => getRandomDiamonds(params),
    staleTime: DIAMOND_SELECTION_CACHE_MS,
    gcTime: DIAMOND_SELECTION_CACHE_MS,
    retry: shouldRetryDiamondList,
  });
}
