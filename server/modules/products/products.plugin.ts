import fp from 'fastify-plugin';
import { registerProductArchiveRoutes } from './product-archive.routes';
import { registerProductListRoutes } from './product-list.routes';
import { registerProductPhotoRoutes } from './product-photos.routes';
import { registerProductPricingPreviewRoute } from './product-pricing-preview.route';
import { registerProductSnapshotRoutes } from './product-snapshots.routes';
import { registerProductRoutes } from './products.routes';

/** Product sheets: CRUD with live pricing, photos, price snapshots. Routes: README.md. */
export const productsModule = fp(
  async (app) => {
    registerProductListRoutes(app);
    registerProductRoutes(app);
    registerProductArchiveRoutes(app);
    registerProductPhotoRoutes(app);
    registerProductSnapshotRoutes(app);
    registerProductPricingPreviewRoute(app);
  },
  { name: 'products' },
);
