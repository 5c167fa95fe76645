import { useQuery } from '@tanstack/react-query';
import type { WorkOrderDetail } from '@shared/schemas/work-orders';
import { fetchItem } from '@/lib/resource-client';
import { WORK_ORDERS_PATH, workOrderKey } from './work-orders-path';
import { isUuid } from '@shared/uuid';

/** True for an id the server could know: anything else is "introuvable" without asking. */
export const isWorkOrderId = (id: string | undefined): id is string => isUuid(id);

/** GET /api/work-orders/:id: the order with its quote lines, route, metal and balance. */
export function useWorkOrder(id: string | undefined) {
  return useQuery({
    queryKey: workOrderKey(id ?? ''),
    queryFn: () => fetchItem<WorkOrderDetail>(WORK_ORDERS_PATH, id ?? ''),
    enabled: isWorkOrderId(id),
  });
}
