import fp from 'fastify-plugin';

/** PLACEHOLDER: to be implemented. */
export const spaModule = fp(async () => {}, { name: 'spa' });
