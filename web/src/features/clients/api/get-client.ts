import type { ClientDetail } from '@shared/schemas/clients';
import { useResourceItem } from '@/lib/resource-client';
import { CLIENTS_PATH } from './clients-path';

/** GET /api/clients/:id (with `related` quotes, projects, work orders, gold buys). */
export function useClient(id: string | undefined) {
  return useResourceItem<ClientDetail>(CLIENTS_PATH, id);
}
