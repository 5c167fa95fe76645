import type { WorkOrder } from '@shared/schemas/work-orders';
import type { ListState } from '@/components/data-table/list-state';
import { useListQuery } from '@/components/data-table/use-list-query';
import { WORK_ORDERS_PATH } from './work-orders-path';

/** GET /api/work-orders?q=&status=&assigneeId=&supplierId=&dueFrom=&dueTo=&late=&archived=&sort=&dir=&page=&pageSize= */
export function useWorkOrdersList(state: ListState) {
  return useListQuery<WorkOrder>(WORK_ORDERS_PATH, state);
}
