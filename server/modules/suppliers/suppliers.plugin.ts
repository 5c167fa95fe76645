import fp from 'fastify-plugin';
import { registerResource } from '../../lists/resource';
import { suppliersResource } from './suppliers.resource';

/** Ateliers & partenaires: list/search/filter/sort, CRUD with archive, CSV export/import. */
export const suppliersModule = fp(
  async (app) => {
    registerResource(app, suppliersResource);
  },
  { name: 'suppliers' },
);
