import { useQuery } from '@tanstack/react-query';
import type { DiamondFeedView } from '@shared/schemas/diamond-feeds';
import { apiGet } from '@/lib/api-client';
import { FEEDS_PATH, feedKeys } from './feeds-path';

/** GET /api/diamonds/feeds: the organization's feeds (not archived), by name, each with its last run. */
export function useDiamondFeeds() {
  return useQuery({ queryKey: feedKeys.list(), queryFn: () => apiGet<DiamondFeedView[]>(FEEDS_PATH) });
}
