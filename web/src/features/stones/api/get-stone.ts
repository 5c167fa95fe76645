import type { Stone } from '@shared/schemas/stones';
import { useResourceItem } from '@/lib/resource-client';
import { STONES_PATH } from './stones-path';

/** GET /api/stones/:id (with `unitCostEur` at the live USD/EUR rate). */
export function useStone(id: string | undefined) {
  return useResourceItem<Stone>(STONES_PATH, id);
}
