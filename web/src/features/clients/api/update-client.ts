import type { ClientInput, ClientSaveResult } from '@shared/schemas/clients';
import { useUpdateResource } from '@/lib/resource-client';
import { CLIENTS_PATH } from './clients-path';

/** PATCH /api/clients/:id with `version` (409 when stale) -> the client plus duplicate warnings. */
export function useUpdateClient() {
  return useUpdateResource<ClientInput & { version: number }, ClientSaveResult>(CLIENTS_PATH);
}
