import { useQuery } from '@tanstack/react-query';
import type { Project } from '@shared/schemas/projects';
import { fetchItem, itemKey } from '@/lib/resource-client';
import { PROJECTS_PATH } from './projects-path';

/** A project as the record screen shows it: its title is the record's name. */
export type ProjectRecord = Project & { name: string };

export const toProjectRecord = (project: Project): ProjectRecord => ({ ...project, name: project.title });

/** GET /api/projects/:id */
export function useProject(id: string | undefined) {
  return useQuery({
    queryKey: itemKey(PROJECTS_PATH, id ?? ''),
    queryFn: () => fetchItem<Project>(PROJECTS_PATH, id ?? ''),
    enabled: Boolean(id),
    select: toProjectRecord,
  });
}
