import fp from 'fastify-plugin';
import { registerJournalRoutes } from './journal.routes';

/** Journal d'erreurs, read side. Routes: README.md. */
export const journalModule = fp(
  async (app) => {
    await registerJournalRoutes(app);
  },
  { name: 'journal' },
);
