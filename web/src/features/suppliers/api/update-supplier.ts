import type { Supplier, SupplierInput } from '@shared/schemas/suppliers';
import { useUpdateResource } from '@/lib/resource-client';
import { SUPPLIERS_PATH } from './suppliers-path';

/** PATCH /api/suppliers/:id with `version` (409 when stale). */
export function useUpdateSupplier() {
  return useUpdateResource<SupplierInput & { version: number }, Supplier>(SUPPLIERS_PATH);
}
