import { useQuery } from '@tanstack/react-query';
import type { DiamondFeedView } from '@shared/schemas/diamond-feeds';
import { apiGet } from '@/lib/api-client';
import { feedKeys, feedPath } from './feeds-path';
import { isUuid } from '@shared/uuid';

/** True for an id the server could know: any other address is "Flux introuvable" without asking. */
export const isFeedId = (id: string | undefined): id is string => isUuid(id);

/** GET /api/diamonds/feeds/:id: one feed with its last run. */
export function useDiamondFeed(id: string | undefined) {
  return useQuery({
    queryKey: feedKeys.item(id ?? ''),
    queryFn: () => apiGet<DiamondFeedView>(feedPath(id ?? '')),
    enabled: isFeedId(id),
  });
}
