import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@shared/schemas/lists';
import type { QuoteDetail, QuoteLineDraft, QuoteListItem } from '@shared/schemas/quotes';
import { apiGet, apiRequest } from '@/lib/api-client';

/**
 * "Ajouter à un devis" of a catalogue stone: a diamond line (priced like the builder's: the settings' coefficient)
 * put on a draft quote of the shop, or on a new draft.
 */

/** The shop's latest drafts, newest first (GET /api/quotes?status=draft). */
export function useDraftQuotes(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/quotes', { status: 'draft', sort: 'updatedAt', dir: 'desc', pageSize: 10 }],
    queryFn: () =>
      apiGet<ListResponse<QuoteListItem>>('/api/quotes?status=draft&sort=updatedAt&dir=desc&pageSize=10&page=1'),
    enabled,
  });
}

const diamondLine = (diamondId: string): QuoteLineDraft => ({ kind: 'diamond', diamondId, quantity: '1' });

/**
 * The draft with the stone added at the end: the draft read now and written back whole with the version it was
 * read at, so an edit made meanwhile elsewhere answers 409 instead of being overwritten.
 */
export async function addDiamondToDraft(quoteId: string, diamondId: string): Promise<QuoteDetail> {
  const path = `/api/quotes/${encodeURIComponent(quoteId)}`;
  const quote = await apiGet<QuoteDetail>(path);
  return apiRequest<QuoteDetail>('PUT', path, {
    clientId: quote.clientId,
    projectId: quote.projectId,
    title: quote.title,
    notes: quote.notes,
    paymentTerms: quote.paymentTerms,
    deliveryTerms: quote.deliveryTerms,
    validityDays: quote.validityDays,
    isFree: quote.isFree,
    quoteFee: quote.quoteFee,
    lines: [...quote.lines, diamondLine(diamondId)],
    version: quote.version,
  });
}

/** A new draft holding only the stone (POST /api/quotes). */
export function createQuoteWithDiamond(diamondId: string): Promise<QuoteDetail> {
  return apiRequest<QuoteDetail>('POST', '/api/quotes', { lines: [diamondLine(diamondId)] });
}

/** `quoteId` null: a new draft. Quote caches are dropped on success, the builder reads the draft again. */
export function useAddDiamondToQuote(diamondId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (quoteId: string | null) =>
      quoteId === null ? createQuoteWithDiamond(diamondId) : addDiamondToDraft(quoteId, diamondId),
    onSuccess: () =>
      client.invalidateQueries({
        predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/quotes'),
      }),
  });
}
