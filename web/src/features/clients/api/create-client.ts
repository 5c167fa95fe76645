import type { ClientInput, ClientSaveResult } from '@shared/schemas/clients';
import { useCreateResource } from '@/lib/resource-client';
import { CLIENTS_PATH } from './clients-path';

/** POST /api/clients -> the client plus duplicate warnings. */
export function useCreateClient() {
  return useCreateResource<ClientInput, ClientSaveResult>(CLIENTS_PATH);
}
