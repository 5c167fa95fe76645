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
