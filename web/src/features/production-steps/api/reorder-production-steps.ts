import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductionStep } from '@shared/schemas/production-steps';
import { apiRequest } from '@/lib/api-client';
import { PRODUCTION_STEPS_PATH } from './production-steps-path';

/** POST /api/production-steps/reorder `{ ids }` (every active step, in the new order) -> `{ items }`. */
export function useReorderProductionSteps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      apiRequest<{ items: ProductionStep[] }>('POST', `${PRODUCTION_STEPS_PATH}/reorder`, { ids }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [PRODUCTION_STEPS_PATH] }),
  });
}
