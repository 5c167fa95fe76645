import type { Supplier } from '@shared/schemas/suppliers';
import { useArchiveResource } from '@/lib/resource-client';
import { SUPPLIERS_PATH } from './suppliers-path';

/** DELETE /api/suppliers/:id (archive). */
export function useArchiveSupplier() {
  return useArchiveResource<Supplier>(SUPPLIERS_PATH);
}
