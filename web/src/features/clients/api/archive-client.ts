import type { Client } from '@shared/schemas/clients';
import { useArchiveResource } from '@/lib/resource-client';
import { CLIENTS_PATH } from './clients-path';

/** DELETE /api/clients/:id (archive; history keeps referring to the client). */
export function useArchiveClient() {
  return useArchiveResource<Client>(CLIENTS_PATH);
}
