import fp from 'fastify-plugin';
import { registerDashboardRoutes } from './dashboard.routes';

/** Dashboard: the activity figures of the signed-in user's organization (quotes, gold buys, stones). */
export const dashboardModule = fp(
  async (app) => {
    registerDashboardRoutes(app);
  },
  { name: 'dashboard' },
);
