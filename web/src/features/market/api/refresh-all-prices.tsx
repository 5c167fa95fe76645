import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';
import { summariseRefreshAll, type RefreshAllSummary, type RefreshOutcome } from '../lib/refresh-summary';
import { ALLOY_PRICES_KEY } from './get-alloy-prices';
import { FX_KEY_ROOT } from './get-fx-rate';
import { spotPriceKey } from './get-spot-price';
import { refreshFx } from './refresh-fx';
import { refreshSpot } from './refresh-spot';

export const REFRESH_ALL_KEY = ['refresh-all-prices'] as const;

async function outcome<T>(request: Promise<T>): Promise<RefreshOutcome<T>> {
  try {
    return { ok: true, value: await request };
  } catch (error) {
    const reason = error instanceof ApiError ? error.serverMessage : error instanceof Error ? error.message : '';
    return { ok: false, reason };
  }
}

/**
 * "Actualiser tous les cours": refreshes gold, silver and USD/EUR together (the same calls as the single
 * buttons), reloads the reads that changed, then raises ONE toast listing every refreshed price and naming what
 * failed (refresh-summary.ts). The single buttons keep their own toasts (refresh-spot.ts, refresh-fx.ts).
 */
export function useRefreshAllPrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: REFRESH_ALL_KEY,
    mutationFn: async (): Promise<RefreshAllSummary> => {
      const [gold, silver, usd] = await Promise.all([
        outcome(refreshSpot('gold')),
        outcome(refreshSpot('silver')),
        outcome(refreshFx()),
      ]);
      const reloads: Array<Promise<void>> = [];
      if (gold.ok) reloads.push(queryClient.invalidateQueries({ queryKey: spotPriceKey('gold') }));
      if (silver.ok) reloads.push(queryClient.invalidateQueries({ queryKey: spotPriceKey('silver') }));
      if (gold.ok || silver.ok) reloads.push(queryClient.invalidateQueries({ queryKey: ALLOY_PRICES_KEY }));
      if (usd.ok) reloads.push(queryClient.invalidateQueries({ queryKey: [FX_KEY_ROOT] }));
      await Promise.all(reloads);
      return summariseRefreshAll({ gold, silver, usd });
    },
    onSuccess: (summary) => {
      toast({
        title: summary.title,
        variant: summary.variant,
        description: (
          <>
            {summary.refreshed.length > 0 ? (
              <ul className="tabular-nums">
                {summary.refreshed.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null}
            {summary.failure ? <p className="mt-1 font-medium">{summary.failure}</p> : null}
          </>
        ),
      });
    },
    onError: () => {
      toast({ title: 'Erreur', description: "Impossible d'actualiser les cours", variant: 'destructive' });
    },
  });
}

export function useIsRefreshingAllPrices(): boolean {
  return useIsMutating({ mutationKey: REFRESH_ALL_KEY }) > 0;
}
