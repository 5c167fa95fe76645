import type { Stone, StoneInput } from '@shared/schemas/stones';
import { useUpdateResource } from '@/lib/resource-client';
import { STONES_PATH } from './stones-path';

/** PATCH /api/stones/:id with `version` (409 when stale). */
export function useUpdateStone() {
  return useUpdateResource<StoneInput & { version: number }, Stone>(STONES_PATH);
}
