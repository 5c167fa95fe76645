import type { WorkOrder, WorkOrderInput } from '@shared/schemas/work-orders';
import { useUpdateResource } from '@/lib/resource-client';
import { WORK_ORDERS_PATH } from './work-orders-path';

/** PATCH /api/work-orders/:id with `version` (409 when stale). */
export function useUpdateWorkOrder() {
  return useUpdateResource<Partial<WorkOrderInput> & { version: number }, WorkOrder>(WORK_ORDERS_PATH);
}
