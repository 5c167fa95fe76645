import { useQuery } from '@tanstack/react-query';
import type { DiamondFeedView } from '@shared/schemas/diamond-feeds';
import { apiGet } from '@/lib/api-client';
import { feedKeys, feedPath } from './feeds-path';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for an id the server could know: any other address is "Flux introuvable" without asking. */
export const isFeedId = (id: string | undefined): id is string => id !== undefined && UUID.test(id);

/** GET /api/diamonds/feeds/:id: one feed with its last run. */
export function useDiamondFeed(id: string | undefined) {
  return useQuery({
    queryKey: feedKeys.item(id ?? ''),
    queryFn: () => apiGet<DiamondFeedView>(feedPath(id ?? '')),
    enabled: isFeedId(id),
  });
}
