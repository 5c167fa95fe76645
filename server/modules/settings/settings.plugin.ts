import fp from 'fastify-plugin';
import { registerSettingsRoutes } from './settings.routes';

/** Paramètres of the organization (issue 3). Routes: README.md. */
export const settingsModule = fp(
  async (app) => {
    await registerSettingsRoutes(app);
  },
  { name: 'settings' },
);
