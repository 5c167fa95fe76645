import { useQuery } from '@tanstack/react-query';
import { PRICE_POLL_INTERVAL_MS } from '@shared/constants';
import type { PricingSettings } from '@shared/schemas/settings';
import { apiGet } from '@/lib/api-client';

export const PRICING_SETTINGS_KEY = ['/api/pricing-settings'] as const;

/**
 * GET /api/pricing-settings: what every role prices with (buy-back factor, VAT, coefficients, hourly rates, loss
 * threshold). Saving the settings invalidates it; otherwise a screen that mounts reads it again once it is a
 * minute old, so a factor changed by an administrator reaches the counter without a reload.
 */
export function usePricingSettings() {
  return useQuery({
    queryKey: PRICING_SETTINGS_KEY,
    queryFn: () => apiGet<PricingSettings>('/api/pricing-settings'),
    staleTime: PRICE_POLL_INTERVAL_MS,
  });
}
