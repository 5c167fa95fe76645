import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DiamondDetail, DiamondFacets, DiamondSearchResult } from '@shared/schemas/diamonds';
import { ApiError, apiGet } from '@/lib/api-client';

/** The catalogue page's reads: the search, the values its filters offer, one stone. */

/** GET /api/diamonds?<query>: the previous page stays on screen while the next one loads. */
export function useDiamondCatalogue(queryString: string) {
  return useQuery({
    queryKey: ['/api/diamonds', 'catalogue', queryString],
    queryFn: () => apiGet<DiamondSearchResult>(`/api/diamonds?${queryString}`),
    placeholderData: keepPreviousData,
    // A 400 (a hand-edited address) will not change on a retry.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

/** GET /api/diamonds/facets: shapes, labs, locations and fancy colours present in the shop's catalogue. */
export function useDiamondFacets() {
  return useQuery({
    queryKey: ['/api/diamonds/facets'],
    queryFn: () => apiGet<DiamondFacets>('/api/diamonds/facets'),
    staleTime: 5 * 60_000,
  });
}

export const diamondKey = (id: string) => ['/api/diamonds', 'detail', id] as const;

const fetchDiamond = (id: string) => apiGet<DiamondDetail>(`/api/diamonds/${encodeURIComponent(id)}`);

/** GET /api/diamonds/:id; a 404 is not retried. */
export function useDiamond(id: string) {
  return useQuery({
    queryKey: diamondKey(id),
    queryFn: () => fetchDiamond(id),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

export type ComparedStone = { id: string; stone: DiamondDetail | null };

/**
 * The shortlisted stones, read together (one query: useQueries would put react-query's multi-query observer in the
 * first screen's shared chunk); a stone no longer in the catalogue reads as null.
 */
export function useComparedDiamonds(ids: readonly string[]) {
  return useQuery({
    queryKey: ['/api/diamonds', 'compare', ids.join(',')],
    queryFn: () =>
      Promise.all(
        ids.map(async (id): Promise<ComparedStone> => {
          try {
            return { id, stone: await fetchDiamond(id) };
          } catch (error) {
            if (error instanceof ApiError && error.status === 404) return { id, stone: null };
            throw error;
          }
        }),
      ),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
}
