import fp from 'fastify-plugin';
import { registerQuoteActionRoutes } from './quote-actions.routes';
import { registerQuoteListRoutes } from './quote-list.routes';
import { registerQuoteShareRoutes } from './quote-share.routes';
import { registerQuoteRoutes } from './quotes.routes';

/** Quotes ("Devis & Pricing"): builder, numbering, statuses, PDF and share link. Routes: README.md. */
export const quotesModule = fp(
  async (app) => {
    registerQuoteListRoutes(app);
    registerQuoteRoutes(app);
    registerQuoteActionRoutes(app);
    registerQuoteShareRoutes(app);
  },
  { name: 'quotes' },
);
