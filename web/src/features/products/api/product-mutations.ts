import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhotoMeta, ProductDetail, SnapshotDetail } from '@shared/schemas/products';
import type { ProductCreateBody, ProductUpdateBody } from '../lib/product-form';
import { apiRequest } from '@/lib/api-client';
import { PRODUCTS_KEY, productKey } from './products-api';

const productPath = (slug: string) => `/api/products/${encodeURIComponent(slug)}`;

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductCreateBody) => apiRequest<ProductDetail>('POST', '/api/products', input),
    onSuccess: async (product) => {
      queryClient.setQueryData(productKey(product.slug), product);
      await queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY, exact: false, refetchType: 'none' });
    },
  });
}

/**
 * Everything cached under one sheet (detail, pricing, snapshots) reloads; the list too. After a new slug, the
 * queries of the old address are left alone: the open sheet still reads them until it has moved to the new
 * address (product-sheet.tsx), the old address no longer answers, and once unused they are garbage-collected.
 */
async function refreshSheet(queryClient: ReturnType<typeof useQueryClient>, product: ProductDetail, slug: string) {
  const renamed = product.slug !== slug;
  queryClient.setQueryData(productKey(product.slug), product);
  await queryClient.invalidateQueries({
    predicate: (q) =>
      q.queryKey[0] === PRODUCTS_KEY[0] &&
      !(renamed && q.queryKey[1] === slug) &&
      !(q.queryKey.length === 2 && q.queryKey[1] === product.slug),
  });
}

export function useUpdateProduct(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductUpdateBody) => apiRequest<ProductDetail>('PUT', productPath(slug), input),
    // Not awaited: the form shows the saved sheet first, then the prices catch up. Awaiting made the new price
    // appear while the form still held the old values, so what was typed right then was reset away.
    onSuccess: (product) => void refreshSheet(queryClient, product, slug),
  });
}

/** Archives (DELETE /api/products/:slug) or restores (POST /api/products/:slug/restore) a sheet, like the référentiels. */
export function useChangeProductStatus(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'archive' | 'restore') =>
      action === 'archive'
        ? apiRequest<ProductDetail>('DELETE', productPath(slug))
        : apiRequest<ProductDetail>('POST', `${productPath(slug)}/restore`),
    onSuccess: (product) => refreshSheet(queryClient, product, slug),
  });
}

function invalidateSheet(queryClient: ReturnType<typeof useQueryClient>, slug: string) {
  return queryClient.invalidateQueries({ queryKey: productKey(slug) });
}

export function useCreateSnapshot(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (label: string | undefined) =>
      apiRequest<SnapshotDetail>('POST', `${productPath(slug)}/snapshots`, label ? { label } : {}),
    onSuccess: () => invalidateSheet(queryClient, slug),
  });
}

export interface PhotoUpload {
  filename: string;
  contentType: string;
  dataBase64: string;
}

export function useUploadPhoto(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: PhotoUpload) => apiRequest<PhotoMeta>('POST', `${productPath(slug)}/photos`, upload),
    onSuccess: () => invalidateSheet(queryClient, slug),
  });
}

export function useDeletePhoto(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: string) => apiRequest<void>('DELETE', `${productPath(slug)}/photos/${photoId}`),
    onSuccess: () => invalidateSheet(queryClient, slug),
  });
}

export function useReorderPhotos(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoIds: string[]) =>
      apiRequest<{ items: PhotoMeta[] }>('PUT', `${productPath(slug)}/photos/order`, { photoIds }),
    onSuccess: () => invalidateSheet(queryClient, slug),
  });
}
