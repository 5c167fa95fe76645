import type { Project } from '@shared/schemas/projects';
import { useArchiveResource } from '@/lib/resource-client';
import { PROJECTS_PATH } from './projects-path';

/** DELETE /api/projects/:id (archive). */
export function useArchiveProject() {
  return useArchiveResource<Project>(PROJECTS_PATH);
}
