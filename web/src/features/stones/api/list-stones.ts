import type { Stone } from '@shared/schemas/stones';
import type { ListState } from '@/components/data-table/list-state';
import { useListQuery } from '@/components/data-table/use-list-query';
import { STONES_PATH } from './stones-path';

/** GET /api/stones?q=&category=&supplierId=&lowStock=&archived=&sort=&dir=&page=&pageSize= */
export function useStonesList(state: ListState) {
  return useListQuery<Stone>(STONES_PATH, state);
}
