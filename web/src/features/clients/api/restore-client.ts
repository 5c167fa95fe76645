import type { Client } from '@shared/schemas/clients';
import { useRestoreResource } from '@/lib/resource-client';
import { CLIENTS_PATH } from './clients-path';

/** POST /api/clients/:id/restore */
export function useRestoreClient() {
  return useRestoreResource<Client>(CLIENTS_PATH);
}
