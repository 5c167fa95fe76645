import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { writeCsv } from '@shared/csv';
import { priceProduct } from '@shared/product-pricing';
import {
  PRODUCT_CATEGORY_LABELS,
  PRODUCT_STATUS_LABELS,
  productListQuerySchema,
  type ProductListQuery,
} from '@shared/schemas/products';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { parseInput } from '../../http/validate';
import { searchCondition, textSort } from '../../lists/list-query';
import { loadPricingContext } from './pricing-context';
import { loadComponents, loadPhotoMetas, type ProductRow } from './product.repository';
import { productSummary } from './product-view';
import { orgOf } from './products.routes';

const READ = { access: { area: 'catalog', mode: 'read' } } as const;
/** Rows in one CSV export (each is priced live). */
export const PRODUCT_EXPORT_MAX_ROWS = 10_000;

/** `name` sorts with the French sort key (accents and case folded): "Émeraude" before "rubis". */
const SORT_COLUMNS = {
  name: textSort(products.name),
  slug: products.slug,
  category: products.category,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
} as const;

function listWhere(organizationId: string, query: ProductListQuery): SQL {
  const status = query.status ?? (query.archived ? 'archived' : 'active');
  return and(
    eq(products.organizationId, organizationId),
    status === 'all' ? undefined : eq(products.status, status),
    query.category ? eq(products.category, query.category) : undefined,
    searchCondition(products.searchText, query.q),
  )!;
}

function listOrder(query: ProductListQuery): SQL[] {
  const by = query.dir === 'desc' ? desc : asc;
  return [by(SORT_COLUMNS[query.sort]), by(products.id)];
}

export interface LivePrice {
  totalCost: string;
  salePrice: string;
  complete: boolean;
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
      const b = priceProduct(components.get(r.id) ?? [], r.coefficient, context);
      return [r.id, { totalCost: b.totalCost, salePrice: b.salePrice, complete: b.complete }];
    }),
  );
}

export function registerProductListRoutes(app: FastifyInstance): void {
  app.get('/api/products', { config: READ }, async (request) => {
    const query = parseInput(productListQuerySchema, request.query);
    const organizationId = orgOf(request);
    const where = listWhere(organizationId, query);
    const [rows, [total]] = await Promise.all([
      app.db
        .select()
        .from(products)
        .where(where)
        .orderBy(...listOrder(query))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      app.db.select({ n: count() }).from(products).where(where),
    ]);
    const [photos, prices] = await Promise.all([
      loadPhotoMetas(
        app.db,
        organizationId,
        rows.map((r) => r.id),
      ),
      query.withPrices ? livePrices(app, app.db, organizationId, rows) : null,
    ]);
    return {
      items: rows.map((r) => {
        const list = photos.get(r.id) ?? [];
        return {
          ...productSummary(r),
          photoCount: list.length,
          coverUrl: list[0]?.url ?? null,
          ...(prices ? { price: prices.get(r.id)! } : {}),
        };
      }),
      total: Number(total?.n ?? 0),
      page: query.page,
      pageSize: query.pageSize,
    };
  });

  /** The filtered list (same query as the list, every page) as CSV with live prices. */
  app.get('/api/products/export.csv', { config: READ }, async (request, reply) => {
    const query = parseInput(productListQuerySchema, request.query);
    const organizationId = orgOf(request);
    const rows = await app.db
      .select()
      .from(products)
      .where(listWhere(organizationId, query))
      .orderBy(...listOrder(query))
      .limit(PRODUCT_EXPORT_MAX_ROWS);
    const prices = await livePrices(app, app.db, organizationId, rows);
    const body = writeCsv(
      [
        'Nom',
        'Slug',
        'Catégorie',
        'Statut',
        'Coefficient',
        'Coût (EUR)',
        'Prix de vente (EUR)',
        'Prix complet',
        'Description',
      ],
      rows.map((r) => {
        const price = prices.get(r.id)!;
        return [
          r.name,
          r.slug,
          PRODUCT_CATEGORY_LABELS[r.category],
          PRODUCT_STATUS_LABELS[r.status],
          productSummary(r).coefficient.replace('.', ','),
          price.totalCost.replace('.', ','),
          price.salePrice.replace('.', ','),
          price.complete ? 'oui' : 'non',
          r.description,
        ];
      }),
    );
    const day = app.now().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="produits-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
