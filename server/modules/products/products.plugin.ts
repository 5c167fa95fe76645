import fp from 'fastify-plugin';
import { registerProductListRoutes } from './product-list.routes';
import { registerProductPhotoRoutes } from './product-photos.routes';
import { registerProductSnapshotRoutes } from './product-snapshots.routes';
import { registerProductRoutes } from './products.routes';

/** Product sheets (issue 4): CRUD with live pricing, photos, price snapshots. Routes: README.md. */
export const productsModule = fp(
  async (app) => {
    registerProductListRoutes(app);
    registerProductRoutes(app);
    registerProductPhotoRoutes(app);
    registerProductSnapshotRoutes(app);
  },
  { name: 'products' },
);
