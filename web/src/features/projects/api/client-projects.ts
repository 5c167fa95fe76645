import { useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@shared/schemas/lists';
import type { Project } from '@shared/schemas/projects';
import { apiGet } from '@/lib/api-client';
import { PROJECTS_PATH } from './projects-path';

/** How many of a client's projects its record lists. */
export const CLIENT_PROJECTS_SHOWN = 10;

/** GET /api/projects?clientId=: a client's active projects, soonest due first (the client record's panel). */
export function useClientProjects(clientId: string, enabled = true) {
  const params = new URLSearchParams({
    clientId,
    sort: 'dueDate',
    dir: 'asc',
    page: '1',
    pageSize: String(CLIENT_PROJECTS_SHOWN),
  });
  return useQuery({
    queryKey: [PROJECTS_PATH, 'client', clientId],
    queryFn: () => apiGet<ListResponse<Project>>(`${PROJECTS_PATH}?${params.toString()}`),
    enabled,
  });
}
