import fp from 'fastify-plugin';
import { registerDataSourceRoutes } from './data-sources.routes';
import { registerModuleRoutes } from './modules.routes';
import { registerOrganizationRoutes } from './organizations.routes';

/** Superadmin areas: organizations, data sources, modules. Routes: README.md. */
export const superadminModule = fp(
  async (app) => {
    await registerOrganizationRoutes(app);
    await registerModuleRoutes(app);
    await registerDataSourceRoutes(app);
  },
  { name: 'superadmin', dependencies: ['market'] },
);
