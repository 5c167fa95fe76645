import type { Project, ProjectInput } from '@shared/schemas/projects';
import { useCreateResource } from '@/lib/resource-client';
import { PROJECTS_PATH } from './projects-path';

/** POST /api/projects */
export function useCreateProject() {
  return useCreateResource<ProjectInput, Project>(PROJECTS_PATH);
}
