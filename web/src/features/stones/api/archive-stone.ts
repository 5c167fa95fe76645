import type { Stone } from '@shared/schemas/stones';
import { useArchiveResource } from '@/lib/resource-client';
import { STONES_PATH } from './stones-path';

/** DELETE /api/stones/:id (archive). */
export function useArchiveStone() {
  return useArchiveResource<Stone>(STONES_PATH);
}
