import type { Stone, StoneInput } from '@shared/schemas/stones';
import { useCreateResource } from '@/lib/resource-client';
import { STONES_PATH } from './stones-path';

/** POST /api/stones */
export function useCreateStone() {
  return useCreateResource<StoneInput, Stone>(STONES_PATH);
}
