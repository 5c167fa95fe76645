import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { WORK_ORDERS_PATH } from './work-orders-path';

export interface WorkOrderRef {
  id: string;
  number: string;
}

/** The work order made from a quote, or null (GET /api/work-orders/by-quote/:quoteId). */
export function useWorkOrderByQuote(quote: { id: string }, enabled = true) {
  return useQuery({
    queryKey: [WORK_ORDERS_PATH, 'by-quote', quote.id],
    queryFn: async () =>
      (await apiGet<{ workOrder: WorkOrderRef | null }>(`${WORK_ORDERS_PATH}/by-quote/${encodeURIComponent(quote.id)}`))
        .workOrder,
    enabled: enabled && Boolean(quote.id),
    retry: false,
  });
}
