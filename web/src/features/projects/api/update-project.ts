import type { Project, ProjectInput } from '@shared/schemas/projects';
import { useUpdateResource } from '@/lib/resource-client';
import { PROJECTS_PATH } from './projects-path';

/** PATCH /api/projects/:id with `version` (409 when stale); a status change adds a timeline entry. */
export function useUpdateProject() {
  return useUpdateResource<ProjectInput & { version: number }, Project>(PROJECTS_PATH);
}
