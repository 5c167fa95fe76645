import fp from 'fastify-plugin';
import { registerCsrfHook } from './csrf';
import { csrfTokenRoute } from './csrf-token.route';
import { currentUserRoute } from './current-user.route';
import { loginRoute } from './login.route';
import { logoutRoute } from './logout.route';
import { registerRoute } from './register.route';
import { registerSessionHook } from './session.hook';

/**
 * Sessions and CSRF for the whole app (fastify-plugin: the hooks are global and run in this order: session, CSRF).
 * Registered before the authorize plugin, whose hook runs after them and answers 401 to a request without a
 * signed-in user on a route that is not public.
 */
export const requestAuthModule = fp(
  async (app) => {
    registerSessionHook(app);
    registerCsrfHook(app);
  },
  { name: 'request-auth' },
);

/** The auth routes: CSRF token, current user, sign-in, registration, sign-out. */
export const authModule = fp(
  async (app) => {
    await app.register(csrfTokenRoute);
    await app.register(currentUserRoute);
    await app.register(loginRoute);
    await app.register(registerRoute);
    await app.register(logoutRoute);
  },
  { name: 'auth' },
);
