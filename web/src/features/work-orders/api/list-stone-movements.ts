import { useQuery } from '@tanstack/react-query';
import type { WorkOrderStoneMovement } from '@shared/schemas/work-orders';
import { apiGet } from '@/lib/api-client';
import { WORK_ORDERS_PATH, workOrderPath } from './work-orders-path';

export const stoneMovementsKey = (id: string) => [WORK_ORDERS_PATH, 'stones', id] as const;

/** GET /api/work-orders/:id/stones: stones issued to the order and returned from it. */
export function useStoneMovements(id: string) {
  return useQuery({
    queryKey: stoneMovementsKey(id),
    queryFn: () => apiGet<{ items: WorkOrderStoneMovement[] }>(workOrderPath(id, '/stones')),
    select: (answer) => answer.items,
  });
}
