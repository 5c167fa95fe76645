import fp from 'fastify-plugin';
import { registerResource } from '../../lists/resource';
import { registerJobSheetRoute } from './job-sheet.route';
import { registerWorkOrderBoardRoute } from './work-order-board.route';
import { registerWorkOrderFromQuoteRoutes } from './work-order-from-quote.route';
import { registerWorkOrderMetalRoutes } from './work-order-metal.routes';
import { registerWorkOrderStepRoutes } from './work-order-steps.routes';
import { registerWorkOrderStoneRoutes } from './work-order-stones.routes';
import { workOrdersResource } from './work-orders.resource';

/**
 * Work orders: list/search/filter/sort, CRUD with archive, CSV export, the route of steps, the board, metal
 * accounting and its ledger, creation from an accepted quote. Routes: README.md.
 */
export const workOrdersModule = fp(
  async (app) => {
    // Static paths (board, ledger, assignees) before the resource's /:id.
    registerWorkOrderBoardRoute(app);
    registerWorkOrderMetalRoutes(app);
    registerWorkOrderFromQuoteRoutes(app);
    registerWorkOrderStepRoutes(app);
    registerJobSheetRoute(app);
    registerWorkOrderStoneRoutes(app);
    registerResource(app, workOrdersResource);
  },
  { name: 'work-orders' },
);
