import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { priceProduct } from '@shared/product-pricing';
import {
  PRODUCT_CATEGORY_LABELS,
  productListQuerySchema,
  type ProductListItem,
  type ProductListQuery,
  type PhotoMeta,
} from '@shared/schemas/products';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { registerListRoutes } from '../../lists/list-routes';
import { loadPricingContext } from './pricing-context';
import { loadComponents, loadPhotoMetas, type ProductRow } from './product.repository';
import { productSummary } from './product-view';

/** Rows in one CSV export (each is priced live). */
export const PRODUCT_EXPORT_MAX_ROWS = 10_000;

export interface LivePrice {
  totalCost: string;
  salePrice: string;
  complete: boolean;
}

/** What a page of products needs besides its rows: photos, and live prices when asked for. */
interface ProductListContext {
  photos: Map<string, PhotoMeta[]>;
  prices: Map<string, LivePrice> | null;
}

/** Live price of each product (one context for all: one query per reference table). */
async function livePrices(
  app: FastifyInstance,
  db: Db,
  organizationId: string,
  rows: readonly ProductRow[],
): Promise<Map<string, LivePrice>> {
  const components = await loadComponents(
    db,
    organizationId,
    rows.map((r) => r.id),
  );
  const { context } = await loadPricingContext(app, db, organizationId, [...components.values()]);
  return new Map(
    rows.map((r) => {
      const b = priceProduct(components.get(r.id) ?? [], productSummary(r).coefficients, context);
      return [r.id, { totalCost: b.totalCost, salePrice: b.salePrice, complete: b.complete }];
    }),
  );
}

function listItem(row: ProductRow, ctx: ProductListContext): ProductListItem {
  const photos = ctx.photos.get(row.id) ?? [];
  const price = ctx.prices?.get(row.id);
  return {
    ...productSummary(row),
    photoCount: photos.length,
    coverUrl: photos[0]?.url ?? null,
    ...(price ? { price } : {}),
  };
}

/**
 * `GET /api/products` and `GET /api/products/export.csv` through the shared list routes
 * (server/lists/list-routes.ts, ADR 0006): search on `search_text`, `archived=false|true|all`,
 * the name sort on its stored key and index (migration 0042), counts cached under the table's version.
 */
export function registerProductListRoutes(app: FastifyInstance): void {
  registerListRoutes<ProductRow, ProductListItem, ProductListQuery, ProductListContext>(app, {
    path: '/api/products',
    area: 'catalog',
    table: products,
    listQuerySchema: productListQuerySchema,
    sortColumns: {
      // The French sort key (accents and case folded): "Émeraude" before "rubis".
      name: products.nameSort,
      slug: products.slug,
      category: products.category,
      createdAt: products.createdAt,
      updatedAt: products.updatedAt,
    },
    filters: (q) => [q.category ? eq(products.category, q.category) : undefined],
    versioned: true,
    loadContext: async (db, scope, rows, use) => {
      const organizationId = scope!;
      const [photos, prices] = await Promise.all([
        loadPhotoMetas(
          db,
          organizationId,
          rows.map((r) => r.id),
        ),
        use.export || use.query.withPrices ? livePrices(app, db, organizationId, rows) : null,
      ]);
      return { photos, prices };
    },
    toDto: listItem,
    csv: {
      filename: 'produits',
      maxRows: PRODUCT_EXPORT_MAX_ROWS,
      columns: [
        { header: 'Nom', value: (p) => p.name },
        { header: 'Slug', value: (p) => p.slug },
        { header: 'Catégorie', value: (p) => PRODUCT_CATEGORY_LABELS[p.category] },
        { header: 'Statut', value: (p) => (p.archivedAt ? 'Archivée' : 'Active') },
        { header: 'Coefficient métal', format: 'decimal', value: (p) => p.coefficients.metal },
        { header: 'Coefficient pierres', format: 'decimal', value: (p) => p.coefficients.stones },
        { header: 'Coefficient main-d’œuvre', format: 'decimal', value: (p) => p.coefficients.labour },
        { header: 'Coût (EUR)', format: 'decimal', value: (p) => p.price?.totalCost },
        { header: 'Prix de vente HT (EUR)', format: 'decimal', value: (p) => p.price?.salePrice },
        { header: 'Prix complet', format: 'boolean', value: (p) => p.price?.complete },
        { header: 'Photos', format: 'integer', value: (p) => p.photoCount },
        { header: 'Modifiée le', format: 'datetime', value: (p) => p.updatedAt },
        { header: 'Archivée le', format: 'datetime', value: (p) => p.archivedAt },
        { header: 'Description', value: (p) => p.description },
      ],
    },
  });
}
