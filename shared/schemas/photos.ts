import { z } from 'zod';

/**
 * Photos stored in the database (product sheets, projects): the upload body, the limits and the answer
 * shape. The server checks the bytes again (magic numbers, server/http/uploaded-image.ts).
 */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

const required = 'Ce champ est obligatoire';

/** POST /api/<record>/:id/photos body: the file's name, its declared type and its bytes in base64. */
export const photoUploadSchema = z.object({
  filename: z.string({ required_error: required }).trim().min(1, required).max(200, '200 caractères au maximum'),
  contentType: z.enum(PHOTO_TYPES, {
    errorMap: () => ({ message: 'Format non pris en charge (JPEG, PNG ou WebP uniquement)' }),
  }),
  dataBase64: z
    .string({ required_error: required })
    .min(1, required)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Contenu base64 invalide'),
});
export type PhotoUploadInput = z.infer<typeof photoUploadSchema>;

/** One stored photo as the API answers it (never its bytes). */
export interface PhotoMeta {
  id: string;
  position: number;
  filename: string;
  contentType: string;
  sizeBytes: number;
  createdAt: string;
  /** Where the browser loads the image from. */
  url: string;
}
