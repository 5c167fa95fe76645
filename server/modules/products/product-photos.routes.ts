import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { productPhotoOrderSchema, productPhotoUploadSchema } from '@shared/schemas/products';
import type { Db } from '../../db/client';
import { productPhotos, products } from '../../db/schema';
import { recordAudit } from '../../audit/record-audit';
import { AppError } from '../../http/errors';
import { deleteOwnedPhoto, findOwnedPhoto, insertOwnedPhoto } from '../../http/owned-photos';
import { parseInput } from '../../http/validate';
import { PHOTO_BODY_LIMIT, photoUploadLimit, readUploadedImage, sendStoredImage } from '../../http/uploaded-image';
import { getProductBySlug, loadPhotoMetas, PRODUCT_PHOTOS } from './product.repository';
import { orgOf } from './products.routes';
import { routeLimit } from '../../http/rate-limits';
import { isUuid } from '../../http/path-id';

const READ = { access: { area: 'catalog', mode: 'read' } } as const;
const WRITE = { access: { area: 'catalog', mode: 'write' } } as const;

const PHOTO_UPLOADS = photoUploadLimit('product-photo-upload');

export function registerProductPhotoRoutes(app: FastifyInstance): void {
  app.post<{ Params: { slug: string } }>(
    '/api/products/:slug/photos',
    { config: { ...WRITE, rateLimit: routeLimit(PHOTO_UPLOADS) }, bodyLimit: PHOTO_BODY_LIMIT },
    async (request, reply) => {
      const organizationId = orgOf(request);
      const product = await getProductBySlug(app.db, organizationId, request.params.slug);
      const input = parseInput(productPhotoUploadSchema, request.body);
      const image = readUploadedImage(input);
      const photoId = await app.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        // Serialises uploads to one product so the 10-photo limit holds under concurrency.
        await db.execute(sql`SELECT id FROM products WHERE id = ${product.id} FOR UPDATE`);
        return insertOwnedPhoto(db, request, PRODUCT_PHOTOS, { organizationId, ownerId: product.id }, input, image);
      });
      const metas = await loadPhotoMetas(app.db, organizationId, [product.id]);
      return reply.status(201).send(metas.get(product.id)!.find((m) => m.id === photoId));
    },
  );

  /** The image itself. `:id` is the product's id (the URLs the API gives) or its slug. */
  app.get<{ Params: { id: string; photoId: string } }>(
    '/api/products/:id/photos/:photoId',
    { config: READ },
    async (request, reply) => {
      const organizationId = orgOf(request);
      const { id, photoId } = request.params;
      const product = app.db
        .select({ id: products.id })
        .from(products)
        .where(
          and(eq(products.organizationId, organizationId), isUuid(id) ? eq(products.id, id) : eq(products.slug, id)),
        );
      const photo = await findOwnedPhoto(app.db, PRODUCT_PHOTOS, organizationId, product, photoId);
      return sendStoredImage(request, reply, photo);
    },
  );

  app.delete<{ Params: { slug: string; photoId: string } }>(
    '/api/products/:slug/photos/:photoId',
    { config: WRITE },
    async (request, reply) => {
      const organizationId = orgOf(request);
      const product = await getProductBySlug(app.db, organizationId, request.params.slug);
      const owner = { organizationId, ownerId: product.id };
      await deleteOwnedPhoto(app.db, request, PRODUCT_PHOTOS, owner, request.params.photoId);
      return reply.status(204).send();
    },
  );

  app.put<{ Params: { slug: string } }>('/api/products/:slug/photos/order', { config: WRITE }, async (request) => {
    const organizationId = orgOf(request);
    const product = await getProductBySlug(app.db, organizationId, request.params.slug);
    const { photoIds } = parseInput(productPhotoOrderSchema, request.body);
    await app.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const current = await db
        .select({ id: productPhotos.id })
        .from(productPhotos)
        .where(and(eq(productPhotos.organizationId, organizationId), eq(productPhotos.productId, product.id)))
        .orderBy(asc(productPhotos.position));
      const known = new Set(current.map((p) => p.id));
      if (
        photoIds.length !== known.size ||
        new Set(photoIds).size !== photoIds.length ||
        photoIds.some((id) => !known.has(id))
      ) {
        throw new AppError('VALIDATION_FAILED', 'Données invalides', {
          photoIds: ['Donnez chaque photo du produit exactement une fois'],
        });
      }
      for (const [index, id] of photoIds.entries()) {
        await db
          .update(productPhotos)
          .set({ position: index + 1 })
          .where(and(eq(productPhotos.id, id), eq(productPhotos.organizationId, organizationId)));
      }
      await recordAudit(db, request, {
        action: 'photo.reorder',
        entityType: 'product',
        entityId: product.id,
        changes: { from: current.map((p) => p.id), to: photoIds },
      });
    });
    const metas = await loadPhotoMetas(app.db, organizationId, [product.id]);
    return { items: metas.get(product.id) ?? [] };
  });
}
