import type { Supplier, SupplierInput } from '@shared/schemas/suppliers';
import { useCreateResource } from '@/lib/resource-client';
import { SUPPLIERS_PATH } from './suppliers-path';

/** POST /api/suppliers */
export function useCreateSupplier() {
  return useCreateResource<SupplierInput, Supplier>(SUPPLIERS_PATH);
}
