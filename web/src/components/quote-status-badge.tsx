import { QUOTE_STATUS_LABELS, type QuoteStatus } from '@shared/schemas/quotes';
import { statusBadge } from '@/components/status-badge';

/** A quote's status in French (Brouillon, Envoyé, Accepté, Refusé, Expiré): the quotes list, the quote, the client record. */
export const QuoteStatusBadge = statusBadge<QuoteStatus>({
  labels: QUOTE_STATUS_LABELS,
  tones: { draft: 'neutral', sent: 'info', accepted: 'success', refused: 'danger', expired: 'warning' },
  testId: 'quote-status',
});
