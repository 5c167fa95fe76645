import { useMutation } from '@tanstack/react-query';
import type { WorkOrderDetail, WorkOrderStepsInput } from '@shared/schemas/work-orders';
import { apiRequest } from '@/lib/api-client';
import { useStoreWorkOrder } from './work-order-cache';
import { workOrderPath } from './work-orders-path';

/** PUT /api/work-orders/:id/steps: the whole route in order, with the version it was edited from. */
export function useSaveWorkOrderSteps(id: string) {
  const store = useStoreWorkOrder();
  return useMutation({
    mutationFn: (body: WorkOrderStepsInput) => apiRequest<WorkOrderDetail>('PUT', workOrderPath(id, '/steps'), body),
    onSuccess: store,
  });
}
