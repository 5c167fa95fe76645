import { useQuery } from '@tanstack/react-query';
import type { WorkOrderBoard } from '@shared/schemas/work-orders';
import { apiGet } from '@/lib/api-client';
import { WORK_ORDERS_PATH } from './work-orders-path';

/** GET /api/work-orders/board: one column per production step, then "Terminé". */
export function useWorkOrderBoard() {
  return useQuery({
    queryKey: [WORK_ORDERS_PATH, 'board'],
    queryFn: () => apiGet<WorkOrderBoard>(`${WORK_ORDERS_PATH}/board`),
  });
}
