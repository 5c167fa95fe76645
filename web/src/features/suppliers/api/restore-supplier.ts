import type { Supplier } from '@shared/schemas/suppliers';
import { useRestoreResource } from '@/lib/resource-client';
import { SUPPLIERS_PATH } from './suppliers-path';

/** POST /api/suppliers/:id/restore */
export function useRestoreSupplier() {
  return useRestoreResource<Supplier>(SUPPLIERS_PATH);
}
