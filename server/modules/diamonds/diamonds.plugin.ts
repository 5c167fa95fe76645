import fp from 'fastify-plugin';

/** PLACEHOLDER: to be implemented. */
export const diamondsModule = fp(async () => {}, { name: 'diamonds' });
