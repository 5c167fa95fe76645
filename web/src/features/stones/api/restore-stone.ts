import type { Stone } from '@shared/schemas/stones';
import { useRestoreResource } from '@/lib/resource-client';
import { STONES_PATH } from './stones-path';

/** POST /api/stones/:id/restore */
export function useRestoreStone() {
  return useRestoreResource<Stone>(STONES_PATH);
}
