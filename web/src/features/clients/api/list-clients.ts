import type { Client } from '@shared/schemas/clients';
import type { ListState } from '@/components/data-table/list-state';
import { useListQuery } from '@/components/data-table/use-list-query';
import { CLIENTS_PATH } from './clients-path';

/** GET /api/clients?q=&kind=&status=&tag=&archived=&sort=&dir=&page=&pageSize= */
export function useClientsList(state: ListState) {
  return useListQuery<Client>(CLIENTS_PATH, state);
}
