import fp from 'fastify-plugin';

/** PLACEHOLDER: to be implemented. */
export const authModule = fp(async () => {}, { name: 'auth' });
