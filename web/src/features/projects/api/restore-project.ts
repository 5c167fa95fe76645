import type { Project } from '@shared/schemas/projects';
import { useRestoreResource } from '@/lib/resource-client';
import { PROJECTS_PATH } from './projects-path';

/** POST /api/projects/:id/restore */
export function useRestoreProject() {
  return useRestoreResource<Project>(PROJECTS_PATH);
}
