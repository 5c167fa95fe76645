import { useMutation } from '@tanstack/react-query';
import type { WorkOrderDetail } from '@shared/schemas/work-orders';
import { apiRequest } from '@/lib/api-client';
import { useStoreWorkOrder } from './work-order-cache';
import { workOrderPath } from './work-orders-path';

/** POST /api/work-orders/:id/advance: the current step done, the next one started. */
export function useAdvanceWorkOrder() {
  const store = useStoreWorkOrder();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) =>
      apiRequest<WorkOrderDetail>('POST', workOrderPath(id, '/advance'), { version }),
    onSuccess: store,
  });
}
