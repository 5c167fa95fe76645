import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { recordAudit } from '../../audit/record-audit';
import { notFound } from '../../http/errors';
import { findProductBySlug, PRODUCT_NOT_FOUND, type ProductRow } from './product.repository';
import { productDetail } from './product-view';
import { orgOf } from './products.routes';

type SlugParams = { Params: { slug: string } };
const WRITE = { access: { area: 'catalog', mode: 'write' } } as const;

/**
 * The référentiels' archive model (server/lists/README.md) for product sheets: `DELETE
 * /api/products/:slug` archives (sets `archived_at`), `POST /api/products/:slug/restore` restores.
 * Both are idempotent, answer the sheet, and write their audit row in the same transaction.
 */
export function registerProductArchiveRoutes(app: FastifyInstance): void {
  const setArchived = (archive: boolean) => async (request: FastifyRequest<SlugParams>) => {
    const organizationId = orgOf(request);
    const row = await app.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const found = await findProductBySlug(db, organizationId, request.params.slug);
      if (!found) throw notFound(PRODUCT_NOT_FOUND);
      const [current] = await db
        .select()
        .from(products)
        .where(and(eq(products.id, found.id), eq(products.organizationId, organizationId)))
        .for('update');
      if (!current) throw notFound(PRODUCT_NOT_FOUND);
      if (archive === (current.archivedAt !== null)) return current;
      const now = app.now();
      const [changed] = await db
        .update(products)
        .set({
          archivedAt: archive ? now : null,
          version: sql`${products.version} + 1`,
          updatedBy: request.user!.id,
          updatedAt: now,
        })
        .where(and(eq(products.id, current.id), eq(products.organizationId, organizationId)))
        .returning();
      await recordAudit(db, request, {
        action: archive ? 'archive' : 'restore',
        entityType: 'product',
        entityId: current.id,
      });
      return changed as ProductRow;
    });
    return productDetail(app, app.db, row);
  };
  app.delete<SlugParams>('/api/products/:slug', { config: WRITE }, setArchived(true));
  app.post<SlugParams>('/api/products/:slug/restore', { config: WRITE }, setArchived(false));
}
