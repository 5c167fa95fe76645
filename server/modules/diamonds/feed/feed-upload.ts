import type { Readable } from 'node:stream';
import { FeedImportError } from './feed-import';

/**
 * The body of an upload import as the engine reads it: counted against the size limit, failed after a silence
 * (a stalled upload would otherwise keep its run 'running', and the feed busy, for as long as the connection
 * lives), and a browser that drops the connection reported as such.
 */

/** The longest wait for the next bytes of an upload. */
export const UPLOAD_IDLE_TIMEOUT_MS = 2 * 60 * 1000;
export const UPLOAD_ABORTED_ERROR = 'Envoi du fichier interrompu par le navigateur';

export interface UploadLimits {
  maxBytes: number;
  /** Default UPLOAD_IDLE_TIMEOUT_MS; the time the import holds a chunk is not counted. */
  idleTimeoutMs?: number | undefined;
}

const duration = (ms: number): string =>
  ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;

/** "Envoi du fichier interrompu (plus rien reçu depuis 2 min)" for the default. */
export const uploadIdleError = (idleMs: number): string =>
  `Envoi du fichier interrompu (plus rien reçu depuis ${duration(idleMs)})`;

/** The request stream's errors when the client goes away mid-body. */
function isClientAbort(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    code === 'ECONNRESET' ||
    code === 'ECONNABORTED' ||
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    error.message === 'aborted'
  );
}

/** The bytes of the upload, up to the limit (a body without Content-Length is counted as it is read). */
export async function* limitedUpload(stream: Readable, limits: UploadLimits): AsyncGenerator<Uint8Array | string> {
  const idleMs = limits.idleTimeoutMs ?? UPLOAD_IDLE_TIMEOUT_MS;
  const megabytes = Math.round(limits.maxBytes / (1024 * 1024));
  let total = 0;
  let idle = false;
  let timer: NodeJS.Timeout | undefined;
  // Armed only while the next chunk is awaited.
  const arm = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      idle = true;
      stream.destroy(new FeedImportError(uploadIdleError(idleMs)));
    }, idleMs);
  };
  const iterator = (stream as AsyncIterable<Uint8Array | string>)[Symbol.asyncIterator]();
  try {
    for (;;) {
      arm();
      let next: IteratorResult<Uint8Array | string>;
      try {
        next = await iterator.next();
      } catch (error) {
        if (idle || error instanceof FeedImportError) throw new FeedImportError(uploadIdleError(idleMs));
        if (isClientAbort(error)) throw new FeedImportError(UPLOAD_ABORTED_ERROR);
        throw error;
      } finally {
        clearTimeout(timer);
      }
      if (next.done) return;
      const chunk = next.value;
      total += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
      if (total > limits.maxBytes) throw new FeedImportError(`Fichier trop volumineux (${megabytes} Mo au maximum)`);
      yield chunk;
    }
  } finally {
    clearTimeout(timer);
    // Stops the stream when the import stops early (a no-op once it was read to the end).
    await iterator.return?.();
  }
}
