import fp from 'fastify-plugin';
import { registerGoldBuyActionRoutes } from './gold-buy-actions.routes';
import { registerGoldBuyDocumentRoutes } from './gold-buy-documents.routes';
import { registerGoldBuyListRoutes } from './gold-buy-list.routes';
import { registerGoldBuyPhotoRoutes } from './gold-buy-photos.routes';
import { registerGoldBuyRoutes } from './gold-buys.routes';
import { registerPoliceRegisterRoutes } from './police-register.routes';

/** Gold buy-back from private persons ("Achats d'Or") and the police register. Routes: README.md. */
export const goldBuysModule = fp(
  async (app) => {
    registerGoldBuyListRoutes(app);
    registerPoliceRegisterRoutes(app);
    registerGoldBuyRoutes(app);
    registerGoldBuyActionRoutes(app);
    registerGoldBuyDocumentRoutes(app);
    registerGoldBuyPhotoRoutes(app);
  },
  { name: 'gold-buys' },
);
