import type { Project } from '@shared/schemas/projects';
import type { ListState } from '@/components/data-table/list-state';
import { useListQuery } from '@/components/data-table/use-list-query';
import { PROJECTS_PATH } from './projects-path';

/** GET /api/projects?q=&status=&clientId=&dueFrom=&dueTo=&archived=&sort=&dir=&page=&pageSize= */
export function useProjectsList(state: ListState) {
  return useListQuery<Project>(PROJECTS_PATH, state);
}
