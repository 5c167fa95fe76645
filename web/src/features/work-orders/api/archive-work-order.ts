import type { WorkOrder } from '@shared/schemas/work-orders';
import { useArchiveResource } from '@/lib/resource-client';
import { WORK_ORDERS_PATH } from './work-orders-path';

/** DELETE /api/work-orders/:id (archive). */
export function useArchiveWorkOrder() {
  return useArchiveResource<WorkOrder>(WORK_ORDERS_PATH);
}
