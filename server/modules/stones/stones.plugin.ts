import fp from 'fastify-plugin';
import { registerResource } from '../../lists/resource';
import { stonesResource } from './stones.resource';

/** Pierres & Composants: list/search/filter/sort, CRUD with archive, CSV export/import, EUR cost at the live rate. */
export const stonesModule = fp(
  async (app) => {
    registerResource(
      app,
      stonesResource(() => app.market.getFx('USD/EUR')),
    );
  },
  { name: 'stones', dependencies: ['market'] },
);
