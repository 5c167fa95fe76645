import fp from 'fastify-plugin';
import { registerAccountRoutes } from './account.routes';
import { registerMeContextRoute } from './me-context.route';

/** "Mon compte" and the signed-in user's context. Routes: README.md. */
export const accountModule = fp(
  async (app) => {
    await registerAccountRoutes(app);
    await registerMeContextRoute(app);
  },
  { name: 'account' },
);
