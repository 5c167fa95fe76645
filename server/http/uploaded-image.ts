import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PHOTO_MAX_BYTES, type PhotoUploadInput } from '@shared/schemas/photos';
import { AppError } from './errors';
import { defineLimit, type Limit } from './rate-limits';
import { detectImageType, type ImageType } from './image-type';

/**
 * Photos stored in the database (product sheets, projects): reading an upload and serving the image. The
 * queries on the photo tables (limit, audit, ownership) are in owned-photos.ts; each feature's routes keep
 * their access, owner lookup and rate limit.
 */

/** Body limit of an upload route: base64 grows 4/3, a 5 MB photo plus the JSON around it. */
export const PHOTO_BODY_LIMIT = Math.ceil((PHOTO_MAX_BYTES * 4) / 3) + 64 * 1024;

/** Uploads per user per minute (all app nodes together), for each feature's upload limit. */
export const PHOTO_UPLOADS_PER_MINUTE = 20;

/** A feature's photo-upload rate limit (`product-photo-upload`…): PHOTO_UPLOADS_PER_MINUTE per user. */
export function photoUploadLimit(name: string): Limit {
  return defineLimit({
    name,
    max: PHOTO_UPLOADS_PER_MINUTE,
    windowMs: 60_000,
    key: (request) => request.user?.id ?? request.ip,
    message: 'Trop de photos envoyées, réessayez dans une minute',
  });
}

/** An upload's bytes, read and checked: at most 5 MB, a JPEG, PNG or WebP by its magic number, as declared. */
export interface UploadedImage {
  data: Buffer;
  contentType: ImageType;
  sizeBytes: number;
  sha256: string;
}

/**
 * The bytes of an upload body (`photoUploadSchema`, already parsed): 413 over 5 MB, 400 when the bytes
 * are not a JPEG/PNG/WebP or not the declared type. Never trusts the name or the declared type.
 */
export function readUploadedImage(input: PhotoUploadInput): UploadedImage {
  const data = Buffer.from(input.dataBase64, 'base64');
  if (data.length > PHOTO_MAX_BYTES) {
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
  return {
    data,
    contentType: detected,
    sizeBytes: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
  };
}

/** A filename safe for a Content-Disposition header. */
export const safeFilename = (name: string): string => name.replace(/[^\w.\- ]+/g, '_').slice(0, 100) || 'photo';

/** A stored image as the serving route reads it. */
export interface StoredImage {
  data: Buffer;
  contentType: string;
  sha256: string;
  filename: string;
}

/**
 * Sends a stored image: its type, `ETag` (304 on `If-None-Match`), `nosniff`, shown inline. Cache-Control
 * stays no-store like every signed-in answer (session.hook.ts): a photo may be confidential.
 */
export function sendStoredImage(request: FastifyRequest, reply: FastifyReply, image: StoredImage): FastifyReply {
  const etag = `"${image.sha256}"`;
  void reply
    .header('ETag', etag)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', `inline; filename="${safeFilename(image.filename)}"`);
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type(image.contentType).send(image.data);
}
