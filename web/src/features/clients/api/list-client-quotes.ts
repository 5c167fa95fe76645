import { useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@shared/schemas/lists';
import type { QuoteListItem } from '@shared/schemas/quotes';
import { apiGet } from '@/lib/api-client';

/** How many of a client's quotes its record lists. */
export const CLIENT_QUOTES_SHOWN = 5;

/**
 * GET /api/quotes?clientId=: the client's active quotes, newest first (the client record's "Devis" panel). Keyed
 * under /api/quotes: every quote write refreshes it.
 */
export function useClientQuotes(clientId: string, enabled = true) {
  const params = new URLSearchParams({
    clientId,
    sort: 'createdAt',
    dir: 'desc',
    page: '1',
    pageSize: String(CLIENT_QUOTES_SHOWN),
    archived: 'false',
  });
  return useQuery({
    queryKey: ['/api/quotes', 'client', clientId],
    queryFn: () => apiGet<ListResponse<QuoteListItem>>(`/api/quotes?${params.toString()}`),
    enabled,
  });
}
