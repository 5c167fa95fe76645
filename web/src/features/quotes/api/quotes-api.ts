import { useQuery } from '@tanstack/react-query';
import type { QuoteDetail, QuoteListItem, QuoteSummary } from '@shared/schemas/quotes';
import type { ListState } from '@/components/data-table/list-state';
import { useListQuery, useListSummary } from '@/components/data-table/use-list-query';
import { apiGet } from '@/lib/api-client';

/**
 * Quotes API (shared/schemas/quotes.ts). Query keys: the key joined with "/" is the path; lists are keyed
 * `[QUOTES_PATH, state]`, a quote `[QUOTES_PATH, id]`: every write invalidates `[QUOTES_PATH]`.
 */
export const QUOTES_PATH = '/api/quotes';

/** GET /api/quotes?q=&status=&clientId=&projectId=&from=&to=&minAmount=&maxAmount=&archived=&sort=&dir=&page=&pageSize= */
export function useQuotesList(state: ListState) {
  return useListQuery<QuoteListItem>(QUOTES_PATH, state);
}

/** GET /api/quotes/summary with the list's filters: count and totals of every quote they match (not one page). */
export function useQuotesSummary(state: ListState) {
  return useListSummary<QuoteSummary>(QUOTES_PATH, state);
}

export const quoteKey = (id: string) => [QUOTES_PATH, id] as const;

export function useQuote(id: string) {
  return useQuery({
    queryKey: quoteKey(id),
    queryFn: () => apiGet<QuoteDetail>(`${QUOTES_PATH}/${encodeURIComponent(id)}`),
    enabled: Boolean(id),
  });
}
