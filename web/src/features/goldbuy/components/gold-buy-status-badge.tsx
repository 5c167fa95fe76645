import { GOLD_BUY_STATUS_LABELS, type GoldBuyStatus } from '@shared/schemas/gold-buys';
import { statusBadge } from '@/components/status-badge';

/** A purchase's status in French (Brouillon, Validé, Payé, Fondu, Revendu, Rétracté, Remplacé). */
export const GoldBuyStatusBadge = statusBadge<GoldBuyStatus>({
  labels: GOLD_BUY_STATUS_LABELS,
  tones: {
    draft: 'neutral',
    validated: 'info',
    paid: 'success',
    melted: 'warning',
    resold: 'distinct',
    withdrawn: 'danger',
    corrected: 'neutral',
  },
  testId: 'gold-buy-status',
});
