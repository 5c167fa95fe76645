import type { WorkOrder } from '@shared/schemas/work-orders';
import { useRestoreResource } from '@/lib/resource-client';
import { WORK_ORDERS_PATH } from './work-orders-path';

/** POST /api/work-orders/:id/restore */
export function useRestoreWorkOrder() {
  return useRestoreResource<WorkOrder>(WORK_ORDERS_PATH);
}
