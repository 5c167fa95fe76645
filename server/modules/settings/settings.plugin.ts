import fp from 'fastify-plugin';
import { registerPricingSettingsRoute } from './pricing-settings.route';
import { registerSettingsRoutes } from './settings.routes';

/** Paramètres of the organization. Routes: README.md. */
export const settingsModule = fp(
  async (app) => {
    await registerSettingsRoutes(app);
    registerPricingSettingsRoute(app);
  },
  { name: 'settings' },
);
