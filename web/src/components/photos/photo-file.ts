import { PHOTO_MAX_BYTES, PHOTO_TYPES } from '@shared/schemas/photos';

/** Checks a chosen file before upload (the server checks the bytes again): French message or null. */
export function photoFileError(file: { type: string; size: number }): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) {
    return 'Format non pris en charge (JPEG, PNG ou WebP uniquement)';
  }
  if (file.size > PHOTO_MAX_BYTES) return 'Image trop volumineuse (5 Mo maximum)';
  if (file.size === 0) return 'Le fichier est vide';
  return null;
}

/** The file's bytes in base64 (without the data: URL prefix). */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('Lecture du fichier impossible'));
    reader.onload = () => {
      const result = String(reader.result);
      resolve(result.slice(result.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
}
