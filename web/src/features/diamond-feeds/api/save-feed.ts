import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiamondFeedCreateInput, DiamondFeedView } from '@shared/schemas/diamond-feeds';
import { apiRequest } from '@/lib/api-client';
import { FEEDS_PATH, feedKeys, feedPath } from './feeds-path';

function useInvalidateFeeds() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [FEEDS_PATH] });
}

/** POST /api/diamonds/feeds */
export function useCreateFeed() {
  const invalidate = useInvalidateFeeds();
  return useMutation({
    mutationFn: (body: DiamondFeedCreateInput) => apiRequest<DiamondFeedView>('POST', FEEDS_PATH, body),
    onSuccess: () => invalidate(),
  });
}

/** PUT /api/diamonds/feeds/:id: the whole feed with the version it was read at (409 when stale). */
export function useUpdateFeed() {
  const invalidate = useInvalidateFeeds();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: DiamondFeedCreateInput & { version: number } }) =>
      apiRequest<DiamondFeedView>('PUT', feedPath(id), body),
    onSuccess: () => invalidate(),
  });
}

/**
 * DELETE /api/diamonds/feeds/:id: archives the feed (its stones and runs stay). Only the list is refreshed: the
 * feed's own screen is left right after, and asking for the archived feed would only answer 404.
 */
export function useArchiveFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>('DELETE', feedPath(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKeys.list(), exact: true }),
  });
}
