import fp from 'fastify-plugin';

/** PLACEHOLDER: to be implemented. */
export const marketModule = fp(async () => {}, { name: 'market' });
