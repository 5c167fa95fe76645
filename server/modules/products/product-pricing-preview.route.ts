import type { FastifyInstance } from 'fastify';
import { productPricingPreviewSchema, type ProductPricing } from '@shared/schemas/products';
import { parseInput } from '../../http/validate';
import { priceNow } from './product-view';

/**
 * POST /api/products/pricing-preview: prices an unsaved composition exactly as a saved sheet is priced (same
 * context loader, same shared/product-pricing.ts), for the sheet's live preview while editing. Nothing is stored;
 * unknown references are priced as such (flagged lines), never an error. README.md, ADR 0003.
 */
export function registerProductPricingPreviewRoute(app: FastifyInstance): void {
  app.post(
    '/api/products/pricing-preview',
    { config: { access: { area: 'catalog', mode: 'write' } } },
    async (request): Promise<ProductPricing> => {
      const input = parseInput(productPricingPreviewSchema, request.body);
      return priceNow(app, app.db, request.user!.organizationId, input.components, input.coefficients);
    },
  );
}
