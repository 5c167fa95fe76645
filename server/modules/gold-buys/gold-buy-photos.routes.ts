import type { FastifyInstance, FastifyRequest } from 'fastify';
import { photoUploadSchema, type PhotoMeta } from '@shared/schemas/photos';
import type { GoldBuyItemInput } from '@shared/schemas/gold-buys';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import {
  deleteOwnedPhoto,
  findOwnedPhoto,
  insertOwnedPhoto,
  loadOwnedPhotoMetas,
  type OwnedPhotos,
} from '../../http/owned-photos';
import { routeLimit } from '../../http/rate-limits';
import { PHOTO_BODY_LIMIT, photoUploadLimit, readUploadedImage, sendStoredImage } from '../../http/uploaded-image';
import { parseInput } from '../../http/validate';
import { assertDraft, findGoldBuy, goldBuyIdOf } from './gold-buy.repository';
import { GOLD_BUY_IDENTITY_SCANS, GOLD_BUY_PHOTOS } from './gold-buy-photos';
import { GOLD_BUYS_READ, GOLD_BUYS_WRITE } from './gold-buys.routes';

/** Identity scans are read by the roles that read the administration area (ADR 0012), in this module. */
const IDENTITY_SCANS_READ = { config: { access: { area: 'admin' as const, mode: 'read' as const } } };

const GOLD_BUY_PHOTO_UPLOADS = photoUploadLimit('gold-buy-photo-upload');

const UPLOAD = {
  config: { ...GOLD_BUYS_WRITE.config, rateLimit: routeLimit(GOLD_BUY_PHOTO_UPLOADS) },
  bodyLimit: PHOTO_BODY_LIMIT,
};

const photoIdOf = (request: FastifyRequest): string => (request.params as { photoId: string }).photoId;

/**
 * Adds an image to a draft (JSON, base64, checked by magic number): the draft is locked so the limit holds
 * under concurrency, and a signed purchase refuses it (409: nothing changes after the signature).
 */
async function uploadTo(app: FastifyInstance, request: FastifyRequest, photos: OwnedPhotos): Promise<PhotoMeta> {
  const organizationId = request.user!.organizationId;
  const id = goldBuyIdOf(request);
  await findGoldBuy(app.db, organizationId, id);
  const input = parseInput(photoUploadSchema, request.body);
  const image = readUploadedImage(input);
  const photoId = await app.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    assertDraft(await findGoldBuy(db, organizationId, id, true));
    return insertOwnedPhoto(db, request, photos, { organizationId, ownerId: id }, input, image);
  });
  const metas = await loadOwnedPhotoMetas(app.db, photos, organizationId, [id]);
  return metas.get(id)!.find((p) => p.id === photoId)!;
}

/**
 * Deletes an image of a draft, under the draft's lock (a signature running at the same time waits, then keeps
 * it); an item photo the saved draft still shows must first be taken off its item.
 */
async function deleteFrom(app: FastifyInstance, request: FastifyRequest, photos: OwnedPhotos): Promise<void> {
  const organizationId = request.user!.organizationId;
  const id = goldBuyIdOf(request);
  await findGoldBuy(app.db, organizationId, id);
  const photoId = photoIdOf(request).toLowerCase();
  await app.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const row = await findGoldBuy(db, organizationId, id, true);
    assertDraft(row);
    if (photos === GOLD_BUY_PHOTOS) {
      const index = (row.items as GoldBuyItemInput[]).findIndex((i) => i.photoId === photoId);
      if (index >= 0)
        throw new AppError(
          'CONFLICT',
          `Cette photo illustre l’objet ${index + 1} : retirez-la de l’objet puis enregistrez le brouillon`,
        );
    }
    await deleteOwnedPhoto(db, request, photos, { organizationId, ownerId: row.id }, photoId);
  });
}

async function serveFrom(app: FastifyInstance, request: FastifyRequest, photos: OwnedPhotos) {
  const organizationId = request.user!.organizationId;
  const row = await findGoldBuy(app.db, organizationId, goldBuyIdOf(request));
  return findOwnedPhoto(app.db, photos, organizationId, row.id, photoIdOf(request));
}

/**
 * Photos of the items bought and scans of the seller's identity document, stored like product photos
 * (server/http/owned-photos.ts). Both are added and removed while the purchase is a draft and kept with it
 * once signed.
 */
export function registerGoldBuyPhotoRoutes(app: FastifyInstance): void {
  app.post('/api/gold-buys/:id/photos', UPLOAD, async (request, reply) =>
    reply.status(201).send(await uploadTo(app, request, GOLD_BUY_PHOTOS)),
  );
  app.get('/api/gold-buys/:id/photos/:photoId', GOLD_BUYS_READ, async (request, reply) =>
    sendStoredImage(request, reply, await serveFrom(app, request, GOLD_BUY_PHOTOS)),
  );
  app.delete('/api/gold-buys/:id/photos/:photoId', GOLD_BUYS_WRITE, async (request, reply) => {
    await deleteFrom(app, request, GOLD_BUY_PHOTOS);
    return reply.status(204).send();
  });

  app.post('/api/gold-buys/:id/identity-scans', UPLOAD, async (request, reply) =>
    reply.status(201).send(await uploadTo(app, request, GOLD_BUY_IDENTITY_SCANS)),
  );
  app.get('/api/gold-buys/:id/identity-scans/:photoId', IDENTITY_SCANS_READ, async (request, reply) =>
    sendStoredImage(request, reply, await serveFrom(app, request, GOLD_BUY_IDENTITY_SCANS)),
  );
  app.delete('/api/gold-buys/:id/identity-scans/:photoId', GOLD_BUYS_WRITE, async (request, reply) => {
    await deleteFrom(app, request, GOLD_BUY_IDENTITY_SCANS);
    return reply.status(204).send();
  });
}
