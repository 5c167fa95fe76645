import { useQuery } from '@tanstack/react-query';
import { PRICE_POLL_INTERVAL_MS, type FxPair } from '@shared/constants';
import type { FxRate } from '@shared/schemas/market';
import { apiGet } from '@/lib/api-client';

/** Every FX read starts with this key segment, so one invalidation reloads them all. */
export const FX_KEY_ROOT = '/api/fx';

/** ['/api/fx', 'USD', 'EUR'] -> GET /api/fx/USD/EUR. */
export function fxRateKey(pair: FxPair) {
  const [base, quote] = pair.split('/') as [string, string];
  return [FX_KEY_ROOT, base, quote] as const;
}

export function getFxRate(pair: FxPair): Promise<FxRate> {
  return apiGet<FxRate>(`${FX_KEY_ROOT}/${pair}`);
}

/**
 * GET /api/fx/{base}/{quote}; `poll` refetches every PRICE_POLL_INTERVAL_MS (header: USD/EUR); `select` (a stable
 * function) keeps only what the caller shows, so it renders only when that changes.
 */
export function useFxRate<T = FxRate>(pair: FxPair, options: { poll?: boolean; select?: (rate: FxRate) => T } = {}) {
  return useQuery({
    queryKey: fxRateKey(pair),
    queryFn: () => getFxRate(pair),
    refetchInterval: options.poll ? PRICE_POLL_INTERVAL_MS : false,
    select: options.select,
  });
}
