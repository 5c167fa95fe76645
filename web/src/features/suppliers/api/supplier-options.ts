import { useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@shared/schemas/lists';
import type { Supplier } from '@shared/schemas/suppliers';
import { apiGet } from '@/lib/api-client';
import { SUPPLIERS_PATH } from './suppliers-path';

/** Active suppliers for a select (first 100 by name): GET /api/suppliers?sort=name&pageSize=100 */
export function useSupplierOptions() {
  return useQuery({
    queryKey: [SUPPLIERS_PATH, 'options'],
    queryFn: () => apiGet<ListResponse<Supplier>>(`${SUPPLIERS_PATH}?sort=name&dir=asc&page=1&pageSize=100`),
    select: (list) => list.items.map((s) => ({ value: s.id, label: s.name })),
  });
}
