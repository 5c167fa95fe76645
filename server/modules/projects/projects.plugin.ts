import fp from 'fastify-plugin';
import { registerResource } from '../../lists/resource';
import { registerProjectPhotoRoutes } from './project-photos.routes';
import { registerProjectTimelineRoutes } from './project-timeline.routes';
import { projectsResource } from './projects.resource';

/** Projects: list/search/filter/sort, CRUD with archive, CSV export, timeline and notes, photos. Routes: README.md. */
export const projectsModule = fp(
  async (app) => {
    registerResource(app, projectsResource);
    registerProjectTimelineRoutes(app);
    registerProjectPhotoRoutes(app);
  },
  { name: 'projects' },
);
