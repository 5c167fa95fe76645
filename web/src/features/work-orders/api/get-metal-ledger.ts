import { useQuery } from '@tanstack/react-query';
import type { MetalLedger } from '@shared/schemas/work-orders';
import { apiGet } from '@/lib/api-client';
import { WORK_ORDERS_PATH } from './work-orders-path';

/** GET /api/work-orders/metal-ledger: metal issued, returned, lost and at the bench, per alloy. */
export function useMetalLedger() {
  return useQuery({
    queryKey: [WORK_ORDERS_PATH, 'metal-ledger'],
    queryFn: () => apiGet<MetalLedger>(`${WORK_ORDERS_PATH}/metal-ledger`),
  });
}
