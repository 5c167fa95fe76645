import { useMutation } from '@tanstack/react-query';
import type { WorkOrderDetail, WorkOrderPriority } from '@shared/schemas/work-orders';
import { apiRequest } from '@/lib/api-client';
import { useStoreWorkOrder } from './work-order-cache';
import { WORK_ORDERS_PATH } from './work-orders-path';

/** POST /api/work-orders/from-quote/:quoteId: 201 with the order; 409 when the quote is not accepted or has one. */
export function useCreateWorkOrderFromQuote(quoteId: string) {
  const store = useStoreWorkOrder();
  return useMutation({
    mutationFn: (body: { dueDate?: string | null; priority?: WorkOrderPriority }) =>
      apiRequest<WorkOrderDetail>('POST', `${WORK_ORDERS_PATH}/from-quote/${encodeURIComponent(quoteId)}`, body),
    onSuccess: store,
  });
}
