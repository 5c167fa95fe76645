import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuoteCreateInput, QuoteDetail } from '@shared/schemas/quotes';
import { apiRequest } from '@/lib/api-client';
import type { QuoteSaveBody } from '../lib/quote-form';
import { QUOTES_PATH, quoteKey } from './quotes-api';

/** One mutation hook per quote operation; each puts the answer in the quote's cache entry and refreshes the lists. */

const quotePath = (id: string) => `${QUOTES_PATH}/${encodeURIComponent(id)}`;

function useQuoteCache() {
  const queryClient = useQueryClient();
  return {
    /** The answer is the quote as it now is: shown at once, and every list and summary read again. */
    store(quote: QuoteDetail) {
      queryClient.setQueryData(quoteKey(quote.id), quote);
      void queryClient.invalidateQueries({
        queryKey: [QUOTES_PATH],
        predicate: (query) => query.queryKey[1] !== quote.id,
      });
    },
  };
}

/** POST /api/quotes: a new draft (client and project prefilled when given). */
export function useCreateQuote() {
  const cache = useQuoteCache();
  return useMutation({
    mutationFn: (body: QuoteCreateInput) => apiRequest<QuoteDetail>('POST', QUOTES_PATH, body),
    onSuccess: (quote) => cache.store(quote),
  });
}

/** PUT /api/quotes/:id: the whole draft with the version it was read at (409 when stale or no longer a draft). */
export function useUpdateQuote(id: string) {
  const cache = useQuoteCache();
  return useMutation({
    mutationFn: ({ body, version }: { body: QuoteSaveBody; version: number }) =>
      apiRequest<QuoteDetail>('PUT', quotePath(id), { ...body, version }),
    onSuccess: (quote) => cache.store(quote),
  });
}

export type QuoteVersionAction = 'send' | 'accept' | 'refuse' | 'reprice';

/** POST /api/quotes/:id/{send,accept,refuse,reprice} with the version the screen shows. */
export function useQuoteAction(id: string) {
  const cache = useQuoteCache();
  return useMutation({
    mutationFn: ({ action, version }: { action: QuoteVersionAction; version: number }) =>
      apiRequest<QuoteDetail>('POST', `${quotePath(id)}/${action}`, { version }),
    onSuccess: (quote) => cache.store(quote),
  });
}

/** POST /api/quotes/:id/{duplicate,revise}: a new draft (201). */
export function useCopyQuote(id: string) {
  const cache = useQuoteCache();
  return useMutation({
    mutationFn: (action: 'duplicate' | 'revise') => apiRequest<QuoteDetail>('POST', `${quotePath(id)}/${action}`, {}),
    onSuccess: (quote) => cache.store(quote),
  });
}

/** DELETE /api/quotes/:id archives; POST /api/quotes/:id/restore restores. */
export function useArchiveQuote(id: string) {
  const cache = useQuoteCache();
  return useMutation({
    mutationFn: (action: 'archive' | 'restore') =>
      action === 'archive'
        ? apiRequest<QuoteDetail>('DELETE', quotePath(id))
        : apiRequest<QuoteDetail>('POST', `${quotePath(id)}/restore`),
    onSuccess: (quote) => cache.store(quote),
  });
}

export interface QuoteShare {
  url: string;
  token: string;
  expiresOn: string;
}

/** POST /api/quotes/:id/share (a link for the client) and DELETE (revoke it); the quote is read again after. */
export function useQuoteShare(id: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: quoteKey(id) });
  const share = useMutation({
    mutationFn: () => apiRequest<QuoteShare>('POST', `${quotePath(id)}/share`, {}),
    onSuccess: () => void refresh(),
  });
  const revoke = useMutation({
    mutationFn: () => apiRequest<void>('DELETE', `${quotePath(id)}/share`),
    onSuccess: () => void refresh(),
  });
  return { share, revoke };
}

/** The quote's PDF: inline (print, new tab) or as a download. */
export function quotePdfHref(id: string, download: boolean): string {
  return `${quotePath(id)}/pdf${download ? '?download=1' : ''}`;
}
