import fp from 'fastify-plugin';

/** PLACEHOLDER: to be implemented. */
export const calibratedModule = fp(async () => {}, { name: 'calibrated' });
