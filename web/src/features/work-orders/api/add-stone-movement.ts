import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkOrderStoneMovement, WorkOrderStoneMovementInput } from '@shared/schemas/work-orders';
import { apiRequest } from '@/lib/api-client';
import { stoneMovementsKey } from './list-stone-movements';
import { workOrderPath } from './work-orders-path';

/** POST /api/work-orders/:id/stones: a stone issued from stock to the order or returned; answers the movements. */
export function useAddStoneMovement(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkOrderStoneMovementInput) =>
      apiRequest<{ items: WorkOrderStoneMovement[] }>('POST', workOrderPath(id, '/stones'), body),
    onSuccess: (answer) => {
      queryClient.setQueryData(stoneMovementsKey(id), answer);
      // The stock quantities the stone picker shows have changed.
      void queryClient.invalidateQueries({ queryKey: ['/api/stones'] });
    },
  });
}
