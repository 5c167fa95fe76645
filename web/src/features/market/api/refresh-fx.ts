import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FxRate } from '@shared/schemas/market';
import { apiRequest, ApiError } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';
import { FX_KEY_ROOT } from './get-fx-rate';

export const REFRESH_FX_KEY = ['refresh-fx'] as const;

/** POST /api/fx/refresh {base: USD, quote: EUR}: the server refreshes every pair and answers USD/EUR. */
export function refreshFx(): Promise<FxRate> {
  return apiRequest<FxRate>('POST', '/api/fx/refresh', { base: 'USD', quote: 'EUR' });
}

/** POST /api/fx/refresh {base: USD, quote: EUR}; afterwards every FX read reloads. */
export function useRefreshFx() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: REFRESH_FX_KEY,
    mutationFn: refreshFx,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [FX_KEY_ROOT] });
      toast({ title: 'Taux de change actualisé', description: 'USD/EUR mis à jour' });
    },
    onError: (error) => {
      const description = error instanceof ApiError ? error.serverMessage : error.message;
      toast({ title: 'Erreur', description, variant: 'destructive' });
    },
  });
}

export function useIsRefreshingFx(): boolean {
  return useIsMutating({ mutationKey: REFRESH_FX_KEY }) > 0;
}
