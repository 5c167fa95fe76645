import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from './api-client';

/**
 * Item and mutation hooks of a référentiel served by the server's lists machinery (`/api/<resource>`):
 * get, create, update (PATCH with `version`), archive (DELETE), restore. Every write invalidates the
 * resource's queries (lists keyed `[path, state]`, items keyed `[path, 'item', id]`).
 */
export function itemKey(path: string, id: string) {
  return [path, 'item', id] as const;
}

export function fetchItem<T>(path: string, id: string): Promise<T> {
  return apiGet<T>(`${path}/${encodeURIComponent(id)}`);
}

export function useResourceItem<T>(path: string, id: string | undefined) {
  return useQuery<T>({
    queryKey: itemKey(path, id ?? ''),
    queryFn: () => fetchItem<T>(path, id ?? ''),
    enabled: Boolean(id),
  });
}

function useInvalidate(path: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [path] });
}

export function useCreateResource<TBody, TResult>(path: string) {
  const invalidate = useInvalidate(path);
  return useMutation({
    mutationFn: (body: TBody) => apiRequest<TResult>('POST', path, body),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateResource<TBody extends { version: number }, TResult>(path: string) {
  const invalidate = useInvalidate(path);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TBody }) =>
      apiRequest<TResult>('PATCH', `${path}/${encodeURIComponent(id)}`, body),
    onSuccess: () => invalidate(),
  });
}

export function useArchiveResource<TResult>(path: string) {
  const invalidate = useInvalidate(path);
  return useMutation({
    mutationFn: (id: string) => apiRequest<TResult>('DELETE', `${path}/${encodeURIComponent(id)}`),
    onSuccess: () => invalidate(),
  });
}

export function useRestoreResource<TResult>(path: string) {
  const invalidate = useInvalidate(path);
  return useMutation({
    mutationFn: (id: string) => apiRequest<TResult>('POST', `${path}/${encodeURIComponent(id)}/restore`),
    onSuccess: () => invalidate(),
  });
}
