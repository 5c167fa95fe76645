import type { Supplier } from '@shared/schemas/suppliers';
import type { ListState } from '@/components/data-table/list-state';
import { useListQuery } from '@/components/data-table/use-list-query';
import { SUPPLIERS_PATH } from './suppliers-path';

/** GET /api/suppliers?q=&type=&archived=&sort=&dir=&page=&pageSize= */
export function useSuppliersList(state: ListState) {
  return useListQuery<Supplier>(SUPPLIERS_PATH, state);
}
