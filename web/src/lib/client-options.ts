import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Client } from '@shared/schemas/clients';
import type { ListResponse } from '@shared/schemas/lists';
import { apiGet } from '@/lib/api-client';
import { fetchItem, itemKey } from '@/lib/resource-client';

const CLIENTS_PATH = '/api/clients';
/** How many clients a picker offers for one search. */
export const CLIENT_OPTIONS_MAX = 20;

/** The active clients matching `q` (server-side search), by last name: a picker's or a filter's options. */
export function useClientSearch(q: string, pageSize = CLIENT_OPTIONS_MAX) {
  const params = new URLSearchParams({ sort: 'lastName', dir: 'asc', page: '1', pageSize: String(pageSize) });
  if (q.trim()) params.set('q', q.trim());
  return useQuery({
    queryKey: [CLIENTS_PATH, 'options', q.trim(), pageSize],
    queryFn: () => apiGet<ListResponse<Client>>(`${CLIENTS_PATH}?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
}

/** One client by id (the chosen one when the search does not show it), shared with the client screens' cache. */
export function useClientById(id: string | null) {
  return useQuery({
    queryKey: itemKey(CLIENTS_PATH, id ?? ''),
    queryFn: () => fetchItem<Client>(CLIENTS_PATH, id ?? ''),
    enabled: Boolean(id),
    retry: false,
  });
}
