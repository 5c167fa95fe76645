import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@shared/schemas/lists';
import { apiGet } from '@/lib/api-client';
import { listStateToQueryString, type ListState } from './list-state';

export type { ListResponse } from '@shared/schemas/lists';

/** GET `path?<list state>` with TanStack Query; the previous page stays on screen while the next one loads. */
export function useListQuery<T>(path: string, state: ListState) {
  return useQuery<ListResponse<T>>({
    queryKey: [path, state],
    queryFn: () => apiGet<ListResponse<T>>(`${path}?${listStateToQueryString(state)}`),
    placeholderData: keepPreviousData,
  });
}

/**
 * GET `path/summary?<the list's filters>`: the totals of every row the filters match (not one page), keyed
 * `[path, 'summary', filters]` so that a write invalidating `[path]` refreshes them.
 */
export function useListSummary<T>(path: string, state: ListState) {
  const params = new URLSearchParams(listStateToQueryString(state));
  for (const key of ['sort', 'dir', 'page', 'pageSize']) params.delete(key);
  const qs = params.toString();
  return useQuery<T>({
    queryKey: [path, 'summary', qs],
    queryFn: () => apiGet<T>(`${path}/summary${qs ? `?${qs}` : ''}`),
    placeholderData: keepPreviousData,
  });
}
