import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProjectEvent, ProjectTimeline } from '@shared/schemas/projects';
import { apiGet, apiRequest } from '@/lib/api-client';
import { PROJECTS_PATH } from './projects-path';

/** Under the projects' key: every project write (a status change) reloads it. */
export const timelineKey = (id: string) => [PROJECTS_PATH, 'timeline', id] as const;

/** GET /api/projects/:id/timeline (newest first). */
export function useProjectTimeline(id: string) {
  return useQuery({
    queryKey: timelineKey(id),
    queryFn: () => apiGet<ProjectTimeline>(`${PROJECTS_PATH}/${encodeURIComponent(id)}/timeline`),
    select: (timeline) => timeline.items,
  });
}

/** POST /api/projects/:id/notes: a dated note in the timeline. */
export function useAddProjectNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest<ProjectEvent>('POST', `${PROJECTS_PATH}/${encodeURIComponent(id)}/notes`, { text }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timelineKey(id) }),
  });
}
