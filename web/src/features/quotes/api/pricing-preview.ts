import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QuotePricing } from '@shared/quote-pricing';
import type { MarketUsed } from '@shared/schemas/products';
import { apiRequest } from '@/lib/api-client';
import type { ParsedLine } from '../lib/quote-form';
import { QUOTES_PATH } from './quotes-api';

/** How long the builder waits after the last keystroke before pricing the lines again. */
export const PREVIEW_DEBOUNCE_MS = 300;

export interface QuotePreview {
  pricing: QuotePricing;
  market: MarketUsed;
  /** The key of the line each priced line prices (`pricing.lines[i]` prices the line keyed `keys[i]`). */
  keys: string[];
}

/**
 * POST /api/quotes/pricing-preview: the lines being typed (those that parse) priced by the server with today's
 * market and the same engine as a saved quote (shared/quote-pricing.ts).
 */
export function useQuotePricingPreview(lines: readonly ParsedLine[]) {
  return useQuery({
    queryKey: [QUOTES_PATH, 'pricing-preview', lines],
    queryFn: async (): Promise<QuotePreview> => {
      const answer = await apiRequest<Omit<QuotePreview, 'keys'>>('POST', `${QUOTES_PATH}/pricing-preview`, { lines });
      // Kept with the answer: the previous answer stays on screen while lines move, and must still find its lines.
      return { ...answer, keys: lines.map((line) => line.key ?? '') };
    },
    placeholderData: keepPreviousData,
    gcTime: 60_000,
  });
}
