import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { METAL_LABELS_FR, type Metal } from '@shared/constants';
import type { SpotPrice } from '@shared/schemas/market';
import { apiRequest } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';
import { ALLOY_PRICES_KEY } from './get-alloy-prices';
import { spotPriceKey } from './get-spot-price';

export const REFRESH_SPOT_KEY = ['refresh-spot'] as const;

/** POST /api/spot/refresh {metal}: the server answers the refreshed spot price. */
export function refreshSpot(metal: Metal): Promise<SpotPrice> {
  return apiRequest<SpotPrice>('POST', '/api/spot/refresh', { metal });
}

/**
 * POST /api/spot/refresh {metal}; afterwards the matching spot read reloads (and the alloy prices, which
 * derive from it). Toasts "Cours actualisé" / "Prix du {metal} mis à jour", or "Erreur".
 */
export function useRefreshSpot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: REFRESH_SPOT_KEY,
    mutationFn: refreshSpot,
    onSuccess: async (_data, metal) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: spotPriceKey(metal) }),
        queryClient.invalidateQueries({ queryKey: ALLOY_PRICES_KEY }),
      ]);
      toast({ title: 'Cours actualisé', description: `Prix du ${METAL_LABELS_FR[metal]} mis à jour` });
    },
    onError: () => {
      toast({ title: 'Erreur', description: "Impossible d'actualiser les cours", variant: 'destructive' });
    },
  });
}

/** The metals whose refresh is in flight (any component may have started it). */
export function usePendingSpotRefreshes(): Metal[] {
  return useMutationState({
    filters: { mutationKey: REFRESH_SPOT_KEY, status: 'pending' },
    select: (mutation) => mutation.state.variables as Metal,
  });
}
