import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@shared/schemas/lists';
import type {
  ProductDetail,
  ProductListItem,
  ProductPricing,
  ProductPricingComparison,
  SnapshotSummary,
} from '@shared/schemas/products';
import { listStateToQueryString, type ListState } from '@/components/data-table/list-state';
import { apiGet, apiRequest, queryKeyToPath } from '@/lib/api-client';
import type { PreviewRequest } from '../lib/product-form';

/**
 * Product sheets API (server/modules/products/README.md). Query keys: the key joined with "/"
 * is the path, a trailing object is the query string.
 */

export const PRODUCTS_KEY = ['/api/products'] as const;
/** Polling of the live price of a sheet (prices move with the market). */
export const PRODUCT_PRICE_POLL_MS = 60_000;

/** GET /api/products with the list state and `withPrices=true`, repolled (prices move with the market). */
export function useProductListQuery(state: ListState) {
  const apiState: ListState = { ...state, filters: { ...state.filters, withPrices: 'true' } };
  return useQuery({
    queryKey: [...PRODUCTS_KEY, apiState],
    queryFn: () => apiGet<ListResponse<ProductListItem>>(`/api/products?${listStateToQueryString(apiState)}`),
    placeholderData: keepPreviousData,
    refetchInterval: PRODUCT_PRICE_POLL_MS,
  });
}

export const productKey = (slug: string) => [...PRODUCTS_KEY, slug] as const;

export function useProduct(slug: string) {
  return useQuery({
    queryKey: productKey(slug),
    queryFn: () => apiGet<ProductDetail>(`/api/products/${encodeURIComponent(slug)}`),
  });
}

export const productPricingKey = (slug: string, snapshotId: string | null) =>
  [...PRODUCTS_KEY, slug, 'pricing', snapshotId ? { snapshotId } : {}] as const;

export function useProductPricing(slug: string, snapshotId: string | null) {
  const key = productPricingKey(slug, snapshotId);
  return useQuery({
    queryKey: key,
    queryFn: () => apiGet<ProductPricingComparison>(queryKeyToPath(key)),
    placeholderData: keepPreviousData,
    refetchInterval: PRODUCT_PRICE_POLL_MS,
  });
}

export const productSnapshotsKey = (slug: string) => [...PRODUCTS_KEY, slug, 'snapshots'] as const;

export function useProductSnapshots(slug: string) {
  return useQuery({
    queryKey: productSnapshotsKey(slug),
    queryFn: () =>
      apiGet<ListResponse<SnapshotSummary>>(`/api/products/${encodeURIComponent(slug)}/snapshots?pageSize=100`),
  });
}

/** How long the sheet waits after the last keystroke before repricing the unsaved composition. */
export const PREVIEW_DEBOUNCE_MS = 400;

/**
 * POST /api/products/pricing-preview: the unsaved composition priced by the server with the same context and
 * shared/product-pricing.ts as a saved sheet (ADR 0003 says why on the server). `body` null = nothing to preview.
 */
export function useProductPricingPreview(body: PreviewRequest['body'] | null) {
  return useQuery({
    queryKey: [...PRODUCTS_KEY, 'pricing-preview', body],
    queryFn: () => apiRequest<ProductPricing>('POST', '/api/products/pricing-preview', body),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    gcTime: 60_000,
  });
}
