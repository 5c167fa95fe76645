import { and, asc, eq, inArray, max, sql, type SQLWrapper } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PhotoMeta, PhotoUploadInput } from '@shared/schemas/photos';
import type { Db } from '../db/client';
import type { goldBuyIdentityScans, goldBuyPhotos, productPhotos, projectPhotos } from '../db/schema';
import { recordAudit } from '../audit/record-audit';
import { AppError, notFound } from './errors';
import type { StoredImage, UploadedImage } from './uploaded-image';
import { uuidOr404 } from './path-id';

/**
 * Photos stored in the database and owned by one record (a product, a project): the queries every
 * owner shares (add, serve, delete, list). The routes keep their access, their owner lookup and lock,
 * their rate limit and anything the owner adds (a project's timeline entry).
 */

/** What each owner of photos decides: its limit, its audit entity, its URL. */
interface OwnedPhotoRules {
  /** Photos per owner at most, and the message of the 400 once it is reached. */
  max: number;
  limitMessage: string;
  /** The audit entity of `photo.add` / `photo.delete` (the owner's id is its `entityId`). */
  entityType: string;
  /** The owner's URL (`/api/products`): a photo is served at `${urlBase}/<owner id>/<segment>/<photo id>`. */
  urlBase: string;
  /** The URL segment of the photos (`photos` unless told: a gold buy's `identity-scans`). */
  segment?: string;
}

/**
 * One owner of photos: its table (the same columns for every owner) and the key of its owner's id column.
 * `ownerKey` tells which table it is, so the owner column and the inserted row stay typed without a cast.
 */
export type OwnedPhotos = OwnedPhotoRules &
  (
    | { table: typeof productPhotos; ownerKey: 'productId' }
    | { table: typeof projectPhotos; ownerKey: 'projectId' }
    | { table: typeof goldBuyPhotos | typeof goldBuyIdentityScans; ownerKey: 'goldBuyId' }
  );

/** The owner's id column of the table (`product_id`, `project_id`, `gold_buy_id`). */
const ownerColumn = (photos: OwnedPhotos) =>
  photos.ownerKey === 'productId'
    ? photos.table.productId
    : photos.ownerKey === 'projectId'
      ? photos.table.projectId
      : photos.table.goldBuyId;

const PHOTO_NOT_FOUND = 'Photo introuvable';

/** A malformed photo id answers 404 like an unknown one, never a cast error. */
function photoIdOrNotFound(photoId: string): string {
  return uuidOr404(photoId, PHOTO_NOT_FOUND);
}

/**
 * Adds a photo after the owner's others, inside the caller's transaction (which has locked the owner, so
 * the limit holds under concurrency); 400 once the owner has `photos.max` photos. Audited as `photo.add`.
 * Answers the new photo's id.
 */
export async function insertOwnedPhoto(
  db: Db,
  request: FastifyRequest,
  photos: OwnedPhotos,
  owner: { organizationId: string; ownerId: string },
  input: PhotoUploadInput,
  image: UploadedImage,
): Promise<string> {
  const { table } = photos;
  const ownerIdColumn = ownerColumn(photos);
  const { organizationId, ownerId } = owner;
  const [stats] = await db
    .select({ n: sql<number>`count(*)::int`, last: max(table.position) })
    .from(table)
    .where(and(eq(table.organizationId, organizationId), eq(ownerIdColumn, ownerId)));
  if ((stats?.n ?? 0) >= photos.max) {
    throw new AppError('VALIDATION_FAILED', 'Données invalides', { dataBase64: [photos.limitMessage] });
  }
  const common = {
    organizationId,
    position: (stats?.last ?? 0) + 1,
    filename: input.filename,
    contentType: image.contentType,
    sizeBytes: image.sizeBytes,
    sha256: image.sha256,
    data: image.data,
    createdBy: request.user!.id,
  };
  const values:
    typeof productPhotos.$inferInsert | typeof projectPhotos.$inferInsert | typeof goldBuyPhotos.$inferInsert =
    photos.ownerKey === 'productId'
      ? { ...common, productId: ownerId }
      : photos.ownerKey === 'projectId'
        ? { ...common, projectId: ownerId }
        : { ...common, goldBuyId: ownerId };
  const [inserted] = await db.insert(table).values(values).returning({ id: table.id });
  await recordAudit(db, request, {
    action: 'photo.add',
    entityType: photos.entityType,
    entityId: ownerId,
    changes: {
      photoId: inserted!.id,
      filename: input.filename,
      contentType: image.contentType,
      sizeBytes: image.sizeBytes,
    },
  });
  return inserted!.id;
}

/**
 * The stored image `photoId` of the organization whose owner is `owner`: an owner's id, or a subquery of
 * owner ids (a product named by id or slug). 404 when there is none or the id is malformed.
 */
export async function findOwnedPhoto(
  db: Db,
  photos: OwnedPhotos,
  organizationId: string,
  owner: string | SQLWrapper,
  photoId: string,
): Promise<StoredImage> {
  const { table } = photos;
  const ownerIdColumn = ownerColumn(photos);
  const id = photoIdOrNotFound(photoId);
  const [photo] = await db
    .select({ data: table.data, contentType: table.contentType, sha256: table.sha256, filename: table.filename })
    .from(table)
    .where(
      and(
        eq(table.id, id),
        eq(table.organizationId, organizationId),
        typeof owner === 'string' ? eq(ownerIdColumn, owner) : inArray(ownerIdColumn, owner),
      ),
    )
    .limit(1);
  if (!photo) throw notFound(PHOTO_NOT_FOUND);
  return photo;
}

/** Deletes the photo `photoId` of the owner (its own transaction, audited as `photo.delete`); 404 otherwise. */
export async function deleteOwnedPhoto(
  db: Db,
  request: FastifyRequest,
  photos: OwnedPhotos,
  owner: { organizationId: string; ownerId: string },
  photoId: string,
): Promise<void> {
  const { table } = photos;
  const ownerIdColumn = ownerColumn(photos);
  const { organizationId, ownerId } = owner;
  const id = photoIdOrNotFound(photoId);
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [deleted] = await txDb
      .delete(table)
      .where(and(eq(table.id, id), eq(table.organizationId, organizationId), eq(ownerIdColumn, ownerId)))
      .returning({ id: table.id, filename: table.filename });
    if (!deleted) throw notFound(PHOTO_NOT_FOUND);
    await recordAudit(txDb, request, {
      action: 'photo.delete',
      entityType: photos.entityType,
      entityId: ownerId,
      changes: { photoId: deleted.id, filename: deleted.filename },
    });
  });
}

/** The photos of several owners of one organization (never their bytes), each in its order. */
export async function loadOwnedPhotoMetas(
  db: Db,
  photos: OwnedPhotos,
  organizationId: string,
  ownerIds: readonly string[],
): Promise<Map<string, PhotoMeta[]>> {
  const { table } = photos;
  const ownerIdColumn = ownerColumn(photos);
  const out = new Map<string, PhotoMeta[]>(ownerIds.map((id) => [id, []]));
  if (ownerIds.length === 0) return out;
  const rows = await db
    .select({
      id: table.id,
      ownerId: ownerIdColumn,
      position: table.position,
      filename: table.filename,
      contentType: table.contentType,
      sizeBytes: table.sizeBytes,
      createdAt: table.createdAt,
    })
    .from(table)
    .where(and(eq(table.organizationId, organizationId), inArray(ownerIdColumn, [...ownerIds])))
    .orderBy(asc(ownerIdColumn), asc(table.position), asc(table.createdAt));
  for (const r of rows) {
    out.get(r.ownerId)?.push({
      id: r.id,
      position: r.position,
      filename: r.filename,
      contentType: r.contentType,
      sizeBytes: r.sizeBytes,
      createdAt: r.createdAt.toISOString(),
      url: `${photos.urlBase}/${r.ownerId}/${photos.segment ?? 'photos'}/${r.id}`,
    });
  }
  return out;
}
