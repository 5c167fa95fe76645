import { useMutation } from '@tanstack/react-query';
import type { MetalMovementInput, WorkOrderDetail } from '@shared/schemas/work-orders';
import { apiRequest } from '@/lib/api-client';
import { useStoreWorkOrder } from './work-order-cache';
import { workOrderPath } from './work-orders-path';

/** POST /api/work-orders/:id/metal: metal issued or returned; answers the order with its new balance. */
export function useAddMetalMovement(id: string) {
  const store = useStoreWorkOrder();
  return useMutation({
    mutationFn: (body: MetalMovementInput) => apiRequest<WorkOrderDetail>('POST', workOrderPath(id, '/metal'), body),
    onSuccess: store,
  });
}
