import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { priceProduct, type PricingComponent, type ProductCoefficients } from '@shared/product-pricing';
import type { ProductDetail, ProductPricing, ProductSummary } from '@shared/schemas/products';
import type { Db } from '../../db/client';
import { loadPricingContext } from './pricing-context';
import { loadComponents, loadPhotoMetas, type ProductRow } from './product.repository';

/** The sheet's coefficients (0043): metal, stones (stone, melee and other lines), labour. */
export function productCoefficients(row: ProductRow): ProductCoefficients {
  return {
    metal: new Decimal(row.coefficientMetal).toFixed(),
    stones: new Decimal(row.coefficientStones).toFixed(),
    labour: new Decimal(row.coefficientLabour).toFixed(),
  };
}

export function productSummary(row: ProductRow): ProductSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    category: row.category,
    description: row.description,
    coefficients: productCoefficients(row),
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Prices one composition now (live market, current references). */
export async function priceNow(
  app: FastifyInstance,
  db: Db,
  organizationId: string,
  components: readonly PricingComponent[],
  coefficients: ProductCoefficients,
): Promise<ProductPricing> {
  const { context, market } = await loadPricingContext(app, db, organizationId, [components]);
  return { ...priceProduct(components, coefficients, context), market };
}

/** The full product sheet: fields, composition, photos and the live price breakdown. */
export async function productDetail(app: FastifyInstance, db: Db, row: ProductRow): Promise<ProductDetail> {
  const [components, photos] = await Promise.all([
    loadComponents(db, row.organizationId, [row.id]),
    loadPhotoMetas(db, row.organizationId, [row.id]),
  ]);
  const composition = components.get(row.id) ?? [];
  const pricing = await priceNow(app, db, row.organizationId, composition, productCoefficients(row));
  return { ...productSummary(row), components: composition, photos: photos.get(row.id) ?? [], pricing };
}
