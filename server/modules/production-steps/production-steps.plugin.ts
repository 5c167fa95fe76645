import fp from 'fastify-plugin';
import { registerResource } from '../../lists/resource';
import { productionStepsResource } from './production-steps.resource';
import { registerReorderRoute } from './reorder.route';

/** Étapes Production: the ordered référentiel of production steps (CRUD with archive, reorder, CSV export). */
export const productionStepsModule = fp(
  async (app) => {
    registerReorderRoute(app);
    registerResource(app, productionStepsResource);
  },
  { name: 'production-steps' },
);
