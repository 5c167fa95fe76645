import fp from 'fastify-plugin';
import { registerResource } from '../../lists/resource';
import { registerStockMovementRoutes } from './stock-movements.routes';
import { stonesResource } from './stones.resource';

/**
 * Pierres & Composants: list/search/filter/sort, CRUD with archive, CSV export/import, EUR cost at the live rate,
 * and stock movements (the quantity on hand is their sum, ADR 0015).
 */
export const stonesModule = fp(
  async (app) => {
    const usdEur = () => app.market.getFx('USD/EUR');
    registerResource(app, stonesResource(usdEur));
    registerStockMovementRoutes(app, usdEur);
  },
  { name: 'stones', dependencies: ['market'] },
);
