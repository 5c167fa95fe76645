import { useQueryClient } from '@tanstack/react-query';
import type { WorkOrderDetail } from '@shared/schemas/work-orders';
import { WORK_ORDERS_PATH, workOrderKey } from './work-orders-path';

/**
 * After a write that answers the whole work order: the detail is shown at once from the answer, and the lists, the
 * board and the metal ledger are read again.
 */
export function useStoreWorkOrder() {
  const queryClient = useQueryClient();
  return (detail: WorkOrderDetail) => {
    queryClient.setQueryData(workOrderKey(detail.id), detail);
    void queryClient.invalidateQueries({
      queryKey: [WORK_ORDERS_PATH],
      predicate: (query) => !(query.queryKey[1] === 'item' && query.queryKey[2] === detail.id),
    });
  };
}
