import type { WorkOrder, WorkOrderInput } from '@shared/schemas/work-orders';
import { useCreateResource } from '@/lib/resource-client';
import { WORK_ORDERS_PATH } from './work-orders-path';

/** POST /api/work-orders (from scratch): 201 with the new order. */
export function useCreateWorkOrder() {
  return useCreateResource<Partial<WorkOrderInput>, WorkOrder>(WORK_ORDERS_PATH);
}
