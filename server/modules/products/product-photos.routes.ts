import { createHash } from 'node:crypto';
import { and, asc, eq, max, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  PRODUCT_PHOTO_MAX_BYTES,
  PRODUCT_PHOTOS_MAX,
  productPhotoOrderSchema,
  productPhotoUploadSchema,
} from '@shared/schemas/products';
import type { Db } from '../../db/client';
import { productPhotos, products } from '../../db/schema';
import { recordAudit } from '../../audit/record-audit';
import { AppError, notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { detectImageType } from '../../http/image-type';
import { getProductBySlug, loadPhotoMetas } from './product.repository';
import { orgOf } from './products.routes';
import { defineLimit, routeLimit } from '../../http/rate-limits';

const READ = { access: { area: 'catalog', mode: 'read' } } as const;
const WRITE = { access: { area: 'catalog', mode: 'write' } } as const;

/** Base64 grows 4/3: a 5 MB photo plus the JSON around it. */
export const PHOTO_BODY_LIMIT = Math.ceil((PRODUCT_PHOTO_MAX_BYTES * 4) / 3) + 64 * 1024;
/** Uploads per user per minute (all app nodes together). */
export const PHOTO_UPLOADS_PER_MINUTE = 20;
const PHOTO_UPLOADS = defineLimit({
  name: 'product-photo-upload',
  max: PHOTO_UPLOADS_PER_MINUTE,
  windowMs: 60_000,
  key: (request) => request.user?.id ?? request.ip,
  message: 'Trop de photos envoyées, réessayez dans une minute',
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PHOTO_NOT_FOUND = 'Photo introuvable';

/** A filename safe for a Content-Disposition header. */
const safeFilename = (name: string) => name.replace(/[^\w.\- ]+/g, '_').slice(0, 100) || 'photo';

export function registerProductPhotoRoutes(app: FastifyInstance): void {
  app.post<{ Params: { slug: string } }>(
    '/api/products/:slug/photos',
    { config: { ...WRITE, rateLimit: routeLimit(PHOTO_UPLOADS) }, bodyLimit: PHOTO_BODY_LIMIT },
    async (request, reply) => {
      const organizationId = orgOf(request);
      const product = await getProductBySlug(app.db, organizationId, request.params.slug);
      const input = parseInput(productPhotoUploadSchema, request.body);
      const data = Buffer.from(input.dataBase64, 'base64');
      if (data.length > PRODUCT_PHOTO_MAX_BYTES) {
        throw new AppError('PAYLOAD_TOO_LARGE', 'Photo trop volumineuse (5 Mo maximum)', {
          dataBase64: ['Photo trop volumineuse (5 Mo maximum)'],
        });
      }
      const detected = detectImageType(data);
      if (!detected) {
        throw new AppError('VALIDATION_FAILED', 'Données invalides', {
          dataBase64: ["Ce fichier n'est pas une image JPEG, PNG ou WebP"],
        });
      }
      if (detected !== input.contentType) {
        throw new AppError('VALIDATION_FAILED', 'Données invalides', {
          contentType: [`Le contenu est une image ${detected.slice(6).toUpperCase()}, pas ${input.contentType}`],
        });
      }
      const photo = await app.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        // Serialises uploads to one product so the 10-photo limit holds under concurrency.
        await db.execute(sql`SELECT id FROM products WHERE id = ${product.id} FOR UPDATE`);
        const [stats] = await db
          .select({ n: sql<number>`count(*)::int`, last: max(productPhotos.position) })
          .from(productPhotos)
          .where(and(eq(productPhotos.organizationId, organizationId), eq(productPhotos.productId, product.id)));
        if ((stats?.n ?? 0) >= PRODUCT_PHOTOS_MAX) {
          throw new AppError('VALIDATION_FAILED', 'Données invalides', {
            dataBase64: [`${PRODUCT_PHOTOS_MAX} photos au maximum par produit`],
          });
        }
        const [row] = await db
          .insert(productPhotos)
          .values({
            organizationId,
            productId: product.id,
            position: (stats?.last ?? 0) + 1,
            filename: input.filename,
            contentType: detected,
            sizeBytes: data.length,
            sha256: createHash('sha256').update(data).digest('hex'),
            data,
            createdBy: request.user!.id,
          })
          .returning({ id: productPhotos.id });
        await recordAudit(db, request, {
          action: 'photo.add',
          entityType: 'product',
          entityId: product.id,
          changes: { photoId: row!.id, filename: input.filename, contentType: detected, sizeBytes: data.length },
        });
        return row!;
      });
      const metas = await loadPhotoMetas(app.db, organizationId, [product.id]);
      return reply.status(201).send(metas.get(product.id)!.find((m) => m.id === photo.id));
    },
  );

  /** The image itself. `:id` is the product's id (the URLs the API gives) or its slug. */
  app.get<{ Params: { id: string; photoId: string } }>(
    '/api/products/:id/photos/:photoId',
    { config: READ },
    async (request, reply) => {
      const organizationId = orgOf(request);
      const { id, photoId } = request.params;
      if (!UUID.test(photoId)) throw notFound(PHOTO_NOT_FOUND);
      const productMatch = UUID.test(id) ? eq(products.id, id) : eq(products.slug, id);
      const [photo] = await app.db
        .select({
          data: productPhotos.data,
          contentType: productPhotos.contentType,
          sha256: productPhotos.sha256,
          filename: productPhotos.filename,
        })
        .from(productPhotos)
        .innerJoin(products, eq(products.id, productPhotos.productId))
        .where(
          and(
            eq(productPhotos.id, photoId),
            eq(productPhotos.organizationId, organizationId),
            eq(products.organizationId, organizationId),
            productMatch,
          ),
        )
        .limit(1);
      if (!photo) throw notFound(PHOTO_NOT_FOUND);
      const etag = `"${photo.sha256}"`;
      // Cache-Control is no-store like every signed-in answer (session.hook.ts): a photo may be confidential.
      void reply
        .header('ETag', etag)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', `inline; filename="${safeFilename(photo.filename)}"`);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type(photo.contentType).send(photo.data);
    },
  );

  app.delete<{ Params: { slug: string; photoId: string } }>(
    '/api/products/:slug/photos/:photoId',
    { config: WRITE },
    async (request, reply) => {
      const organizationId = orgOf(request);
      const product = await getProductBySlug(app.db, organizationId, request.params.slug);
      if (!UUID.test(request.params.photoId)) throw notFound(PHOTO_NOT_FOUND);
      await app.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        const [deleted] = await db
          .delete(productPhotos)
          .where(
            and(
              eq(productPhotos.id, request.params.photoId),
              eq(productPhotos.organizationId, organizationId),
              eq(productPhotos.productId, product.id),
            ),
          )
          .returning({ id: productPhotos.id, filename: productPhotos.filename });
        if (!deleted) throw notFound(PHOTO_NOT_FOUND);
        await recordAudit(db, request, {
          action: 'photo.delete',
          entityType: 'product',
          entityId: product.id,
          changes: { photoId: deleted.id, filename: deleted.filename },
        });
      });
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
