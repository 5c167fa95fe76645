import { useQuery } from '@tanstack/react-query';
import type { DiamondImportRunView } from '@shared/schemas/diamond-feeds';
import { apiGet } from '@/lib/api-client';
import { keepPolling, LIVE_RUN_POLL_MS, liveRunOf, type LiveRunWatch } from '../lib/live-run';
import { feedKeys, feedPath } from './feeds-path';

/** How many runs the history shows (the server answers 100 at most). */
const HISTORY_SIZE = 20;

/** GET /api/diamonds/feeds/:id/runs?limit=: the last runs of a feed, newest first. */
export function useFeedRuns(id: string) {
  return useQuery({
    queryKey: feedKeys.runs(id),
    queryFn: () => apiGet<DiamondImportRunView[]>(`${feedPath(id)}/runs?limit=${HISTORY_SIZE}`),
  });
}

/**
 * The run of the import in progress, read every LIVE_RUN_POLL_MS (`GET …/runs?limit=1`) while `watch` is set, for
 * its live counters; null until the server has recorded it and once it is over. The key is outside FEEDS_PATH:
 * the invalidation that follows an import does not read it once more. Unmounting stops the polling.
 */
export function useLiveRun(feedId: string, watch: LiveRunWatch | null): DiamondImportRunView | null {
  const query = useQuery({
    queryKey: ['diamond-feed-live-run', feedId, watch?.since ?? null],
    queryFn: () => apiGet<DiamondImportRunView[]>(`${feedPath(feedId)}/runs?limit=1`),
    enabled: watch !== null,
    refetchInterval: (q) => (watch !== null && keepPolling(q.state.data, watch) ? LIVE_RUN_POLL_MS : false),
    staleTime: 0,
    gcTime: 0,
  });
  return watch === null ? null : liveRunOf(query.data, watch);
}
