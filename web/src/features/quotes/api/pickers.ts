import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DiamondListing } from '@shared/schemas/diamonds';
import type { ListResponse } from '@shared/schemas/lists';
import type { ProductListItem } from '@shared/schemas/products';
import { ApiError, apiGet } from '@/lib/api-client';

/** What the builder's pickers search: a client's projects, product sheets, catalogue diamonds (clients: @/lib/client-options). */

const PICKER_PAGE = 20;

/** The part of a project the picker needs (GET /api/projects answers more). */
export interface ProjectOption {
  id: string;
  title: string;
  clientId: string;
  status: string;
}

/**
 * GET /api/projects?clientId=: the client's projects. `available` is false while the projects module does not
 * answer (404): the picker then says so instead of failing.
 */
export function useClientProjects(clientId: string) {
  const query = useQuery({
    queryKey: ['/api/projects', { picker: true, clientId }],
    queryFn: async () => {
      try {
        return await apiGet<ListResponse<ProjectOption>>(
          `/api/projects?clientId=${encodeURIComponent(clientId)}&pageSize=100&archived=false`,
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: Boolean(clientId),
  });
  return { ...query, available: query.data !== null };
}

/** GET /api/products?q=&withPrices=true (active sheets with their sale price). */
export function useProductSearch(q: string) {
  const params = new URLSearchParams({ pageSize: String(PICKER_PAGE), sort: 'name', withPrices: 'true' });
  if (q.trim()) params.set('q', q.trim());
  return useQuery({
    queryKey: ['/api/products', { picker: true, q: q.trim() }],
    queryFn: () => apiGet<ListResponse<ProductListItem>>(`/api/products?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
}

export interface DiamondFilters {
  caratMin: string;
  caratMax: string;
  shape: string;
  color: string;
  clarity: string;
}

export const DIAMOND_PAGE_SIZE = 10;

/** GET /api/diamonds?caratMin&caratMax&shape&color&clarity&page&pageSize (carats already normalised: "0.5"). */
export function useDiamondSearch(filters: DiamondFilters, page: number, enabled: boolean) {
  const params = new URLSearchParams({ page: String(page), pageSize: String(DIAMOND_PAGE_SIZE) });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const qs = params.toString();
  return useQuery({
    queryKey: ['/api/diamonds', 'search', qs],
    queryFn: () => apiGet<ListResponse<DiamondListing>>(`/api/diamonds?${qs}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}
