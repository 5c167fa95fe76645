import Decimal from 'decimal.js';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { toCents } from '@shared/pricing';
import type { PricingBreakdown } from '@shared/product-pricing';
import {
  productPricingQuerySchema,
  productSnapshotCreateSchema,
  type MarketUsed,
  type ProductPricing,
  type ProductPricingComparison,
  type SnapshotDetail,
  type SnapshotSummary,
} from '@shared/schemas/products';
import { listQuerySchema } from '@shared/schemas/lists';
import type { Db } from '../../db/client';
import { productPriceSnapshots } from '../../db/schema';
import { recordAudit } from '../../audit/record-audit';
import { notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { getProductBySlug, loadComponents } from './product.repository';
import { priceNow, productCoefficients } from './product-view';
import { orgOf } from './products.routes';

const READ = { access: { area: 'catalog', mode: 'read' } } as const;
const WRITE = { access: { area: 'catalog', mode: 'write' } } as const;

type SnapshotRow = typeof productPriceSnapshots.$inferSelect;

/** Newest first unless `dir=asc`. */
const snapshotListQuerySchema = listQuerySchema(['takenAt'] as const, 'takenAt', {
  dir: z.enum(['asc', 'desc'], { errorMap: () => ({ message: 'Sens de tri invalide (asc ou desc)' }) }).default('desc'),
});

function summary(row: SnapshotRow): SnapshotSummary {
  return {
    id: row.id,
    label: row.label,
    takenAt: row.takenAt.toISOString(),
    takenBy: row.takenBy,
    productVersion: row.productVersion,
    totalCost: new Decimal(row.totalCost).toFixed(2),
    salePrice: new Decimal(row.salePrice).toFixed(2),
    complete: row.complete,
  };
}

function detail(row: SnapshotRow): SnapshotDetail {
  return {
    ...summary(row),
    market: row.market as unknown as MarketUsed,
    pricing: row.pricing as unknown as PricingBreakdown,
  };
}

/** today - then, in EUR and in % of then (2 decimals; null when then is 0). */
function delta(today: string, then: string) {
  const diff = new Decimal(today).minus(then);
  return {
    amount: toCents(diff).toFixed(2),
    percent: new Decimal(then).isZero()
      ? null
      : diff.div(then).mul(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
  };
}

export function registerProductSnapshotRoutes(app: FastifyInstance): void {
  async function currentPricing(organizationId: string, slug: string) {
    const product = await getProductBySlug(app.db, organizationId, slug);
    const components = (await loadComponents(app.db, organizationId, [product.id])).get(product.id) ?? [];
    const pricing: ProductPricing = await priceNow(
      app,
      app.db,
      organizationId,
      components,
      productCoefficients(product),
    );
    return { product, pricing };
  }

  /**
   * The price now, and when `snapshotId` is given the stored snapshot beside it with the
   * difference (today - snapshot) of cost and sale price.
   */
  app.get<{ Params: { slug: string } }>(
    '/api/products/:slug/pricing',
    { config: READ },
    async (request): Promise<ProductPricingComparison> => {
      const { snapshotId } = parseInput(productPricingQuerySchema, request.query);
      const organizationId = orgOf(request);
      const { product, pricing } = await currentPricing(organizationId, request.params.slug);
      if (!snapshotId) return { today: pricing, snapshot: null, comparison: null };
      const [row] = await app.db
        .select()
        .from(productPriceSnapshots)
        .where(
          and(
            eq(productPriceSnapshots.id, snapshotId),
            eq(productPriceSnapshots.organizationId, organizationId),
            eq(productPriceSnapshots.productId, product.id),
          ),
        )
        .limit(1);
      if (!row) throw notFound('Instantané introuvable');
      const snapshot = detail(row);
      return {
        today: pricing,
        snapshot,
        comparison: {
          totalCost: delta(pricing.totalCost, snapshot.totalCost),
          salePrice: delta(pricing.salePrice, snapshot.salePrice),
          sameComposition: row.productVersion === product.version,
        },
      };
    },
  );

  app.get<{ Params: { slug: string } }>('/api/products/:slug/snapshots', { config: READ }, async (request) => {
    const query = parseInput(snapshotListQuerySchema, request.query);
    const organizationId = orgOf(request);
    const product = await getProductBySlug(app.db, organizationId, request.params.slug);
    const where = and(
      eq(productPriceSnapshots.organizationId, organizationId),
      eq(productPriceSnapshots.productId, product.id),
    );
    const [rows, [total]] = await Promise.all([
      app.db
        .select()
        .from(productPriceSnapshots)
        .where(where)
        .orderBy(query.dir === 'asc' ? productPriceSnapshots.takenAt : desc(productPriceSnapshots.takenAt))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      app.db.select({ n: count() }).from(productPriceSnapshots).where(where),
    ]);
    return { items: rows.map(summary), total: Number(total?.n ?? 0), page: query.page, pageSize: query.pageSize };
  });

  app.post<{ Params: { slug: string } }>('/api/products/:slug/snapshots', { config: WRITE }, async (request, reply) => {
    const organizationId = orgOf(request);
    const { label } = parseInput(productSnapshotCreateSchema, request.body);
    const { product, pricing } = await currentPricing(organizationId, request.params.slug);
    const { market, ...breakdown } = pricing;
    const row = await app.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const [created] = await db
        .insert(productPriceSnapshots)
        .values({
          organizationId,
          productId: product.id,
          label: label || null,
          takenAt: app.now(),
          takenBy: request.user!.id,
          productVersion: product.version,
          market: market as unknown as Record<string, unknown>,
          pricing: breakdown as unknown as Record<string, unknown>,
          totalCost: breakdown.totalCost,
          salePrice: breakdown.salePrice,
          complete: breakdown.complete,
        })
        .returning();
      await recordAudit(db, request, {
        action: 'snapshot.create',
        entityType: 'product',
        entityId: product.id,
        changes: {
          snapshotId: created!.id,
          totalCost: breakdown.totalCost,
          salePrice: breakdown.salePrice,
          complete: breakdown.complete,
        },
      });
      return created!;
    });
    return reply.status(201).send(detail(row));
  });
}
