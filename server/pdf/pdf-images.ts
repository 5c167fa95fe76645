/**
 * Images as the PDFs embed them (ADR 0010). pdfmake, through pdfkit, embeds PNG and JPEG only, and
 * as they are: sharp (libvips) converts a WebP (to JPEG, or to PNG when it has an alpha channel), scales
 * down an image larger than the PDF prints it, and re-encodes a PNG that pdfkit would decode itself. An
 * image sharp cannot read is left out: a photo never makes the PDF fail.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { detectImageType } from '../http/image-type';

/**
 * Longest side of an embedded image, in pixels. The logo prints at most 50 mm wide (600 px is 300 dpi)
 * and a line photo 15 mm: more pixels would only make the file bigger.
 */
export const PDF_IMAGE_MAX_SIDE = 600;
const JPEG_QUALITY = 85;

type EmbeddedType = 'image/png' | 'image/jpeg';

const dataUrl = (type: EmbeddedType, bytes: Uint8Array): string =>
  `data:${type};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`;

/**
 * The image as a data URL pdfmake can embed, or null when it is left out. The type comes from the bytes,
 * never from a declared content type. A JPEG, or a plain PNG (no alpha, not interlaced), that fits
 * `PDF_IMAGE_MAX_SIDE` is embedded untouched (sharp reads its header only); anything else is decoded and
 * re-encoded. Never throws.
 */
export async function embeddableImage(bytes: Uint8Array): Promise<string | null> {
  const type = detectImageType(bytes);
  if (!type) return null;
  try {
    // 'error': a truncated or corrupt image is refused; a mere warning (common in phone JPEGs) is not.
    const image = sharp(bytes, { failOn: 'error' });
    const { width, height, hasAlpha, isProgressive } = await image.metadata();
    const fits = Math.max(width, height) <= PDF_IMAGE_MAX_SIDE;
    // pdfkit decodes a PNG with transparency or interlacing in a callback that throws on bad data (and
    // would bring the process down): those go through sharp, which refuses such a PNG here.
    if (type === 'image/jpeg' && fits) return dataUrl(type, bytes);
    if (type === 'image/png' && fits && !hasAlpha && !isProgressive) return dataUrl(type, bytes);
    const pipeline = image
      .autoOrient() // the EXIF orientation, which re-encoding drops, applied to the pixels
      .resize({ width: PDF_IMAGE_MAX_SIDE, height: PDF_IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb'); // 8-bit RGB(A), whatever the input's depth and colour space
    if (type === 'image/png' || hasAlpha) return dataUrl('image/png', await pipeline.png().toBuffer());
    return dataUrl('image/jpeg', await pipeline.jpeg({ quality: JPEG_QUALITY }).toBuffer());
  } catch {
    return null;
  }
}

/** The image of a document, by the key pdfmake knows it under; null when it is left out or absent. */
export type ImageKey = (image: { bytes: Uint8Array } | null) => string | null;

/**
 * The latest embeddable images by content digest, least recently used first: the logo printed on every
 * quote, and the photos of a quote printed again, are not read and converted each time. Bounded by the
 * length of the data URLs held (an image at most 600 px is tens of KB) and by their number.
 */
const recent = new Map<string, string | null>();
const RECENT_MAX_CHARS = 16 * 1024 * 1024;
const RECENT_MAX_IMAGES = 500;
let recentChars = 0;

async function cachedEmbeddableImage(digest: string, bytes: Uint8Array): Promise<string | null> {
  if (recent.has(digest)) {
    const url = recent.get(digest) ?? null;
    recent.delete(digest); // moved to the most recent end
    recent.set(digest, url);
    return url;
  }
  const url = await embeddableImage(bytes);
  if (!recent.has(digest)) {
    recent.set(digest, url);
    recentChars += url?.length ?? 0;
  }
  for (const [oldest, old] of recent) {
    if (recentChars <= RECENT_MAX_CHARS && recent.size <= RECENT_MAX_IMAGES) break;
    recent.delete(oldest);
    recentChars -= old?.length ?? 0;
  }
  return url;
}

/**
 * Images one document converts at the same time. sharp works on libuv's thread pool (4 threads), shared with
 * password hashing and file reads: a quote with many large photos must not hold all of it.
 */
const CONVERSIONS_AT_ONCE = 2;

/**
 * pdfmake's `images` for the images a document shows, one entry per distinct content: a product photo
 * printed on several lines is read, converted and embedded once.
 */
export async function embedImages(
  sources: ReadonlyArray<{ bytes: Uint8Array } | null>,
): Promise<{ images: Record<string, string>; keyOf: ImageKey }> {
  const keyByBytes = new Map<Uint8Array, string>(); // the same bytes object is hashed once
  const keyByDigest = new Map<string, string>();
  const distinct: Array<{ key: string; digest: string; bytes: Uint8Array }> = [];
  for (const source of sources) {
    if (!source || keyByBytes.has(source.bytes)) continue;
    const digest = createHash('sha256').update(source.bytes).digest('hex');
    let key = keyByDigest.get(digest);
    if (key === undefined) {
      key = `image${distinct.length}`;
      keyByDigest.set(digest, key);
      distinct.push({ key, digest, bytes: source.bytes });
    }
    keyByBytes.set(source.bytes, key);
  }
  const images: Record<string, string> = {};
  let next = 0;
  const convert = async (): Promise<void> => {
    for (let item = distinct[next++]; item; item = distinct[next++]) {
      const url = await cachedEmbeddableImage(item.digest, item.bytes);
      if (url !== null) images[item.key] = url;
    }
  };
  await Promise.all(Array.from({ length: CONVERSIONS_AT_ONCE }, convert));
  const keyOf: ImageKey = (image) => {
    const key = image ? keyByBytes.get(image.bytes) : undefined;
    return key !== undefined && key in images ? key : null;
  };
  return { images, keyOf };
}
