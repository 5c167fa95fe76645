import type { Supplier } from '@shared/schemas/suppliers';
import { useResourceItem } from '@/lib/resource-client';
import { SUPPLIERS_PATH } from './suppliers-path';

/** GET /api/suppliers/:id */
export function useSupplier(id: string | undefined) {
  return useResourceItem<Supplier>(SUPPLIERS_PATH, id);
}
