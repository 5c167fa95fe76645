import { useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@shared/schemas/lists';
import type { StockUnit } from '@shared/schemas/stones';
import { apiGet } from '@/lib/api-client';

/** The référentiels a priced line points to (alloys, stones from stock, production steps): product sheets and quotes. */

export interface StoneOption {
  id: string;
  name: string;
  category: string;
  unitCost: string | null;
  currency: string;
  unitCostEur: string | null;
  /** On hand (decimal string) in `stockUnit`: pieces or carats. */
  stockQuantity: string;
  stockUnit: StockUnit;
}

export interface StepOption {
  id: string;
  name: string;
  hourlyRate: string | null;
}

export function useStoneSearch(q: string) {
  const params = new URLSearchParams({ pageSize: '50', sort: 'name' });
  if (q.trim()) params.set('q', q.trim());
  return useQuery({
    queryKey: ['/api/stones', { q: q.trim(), pageSize: 50, sort: 'name' }],
    queryFn: () => apiGet<ListResponse<StoneOption>>(`/api/stones?${params.toString()}`),
  });
}

/** One stone by id (the label of a line whose stone is not in the current search page). */
export function useStone(id: string | null) {
  return useQuery({
    queryKey: ['/api/stones', id ?? ''],
    queryFn: () => apiGet<StoneOption>(`/api/stones/${id ?? ''}`),
    enabled: Boolean(id),
    retry: false,
  });
}

export function useProductionSteps() {
  return useQuery({
    queryKey: ['/api/production-steps', { pageSize: 100, sort: 'position' }],
    queryFn: () => apiGet<ListResponse<StepOption>>('/api/production-steps?pageSize=100&sort=position'),
  });
}

export interface AlloyOption {
  id: string;
  name: string;
  fineness: number;
  pricePerG: string;
}

/** Same key as the market ticker's alloy prices: one request, one cache entry. */
export function useAlloys() {
  return useQuery({
    queryKey: ['/api/alloy-prices'],
    queryFn: () => apiGet<AlloyOption[]>('/api/alloy-prices'),
  });
}
