import fp from 'fastify-plugin';
import { registerInvitationRoutes } from './invitation.routes';
import { registerUserRoutes } from './users.routes';

/** Users of one's organization and invitation links. Routes: README.md. */
export const usersModule = fp(
  async (app) => {
    await registerUserRoutes(app);
    await registerInvitationRoutes(app);
  },
  { name: 'users' },
);
