import type { DiamondFeedFormat } from '@shared/schemas/diamond-feeds';
import { FeedImportError } from './feed-import';

/**
 * Downloads a URL feed as a stream (undici's fetch), for the import engine to read row by row:
 * - https only; plain http only to the loopback host when `allowHttpLoopback` (tests and development, never in
 *   production);
 * - `redirect: 'manual'`: at most MAX_FEED_REDIRECTS redirects, all within the origin of the feed's URL, so its
 *   credentials never reach another site;
 * - a timeout until the answer's headers (`timeoutMs`), then a silence limit while a chunk of the body is awaited
 *   (`idleTimeoutMs`: not counted while the import writes the previous one to the database), a deadline for the
 *   whole download (`totalTimeoutMs`, 30 min by default) and a size limit (`maxBytes`, the upload limit by
 *   default);
 * - no user:password in the address (it would be sent nowhere): they belong in the feed's credentials;
 * - every failure is a FeedImportError with a short French message (no URL query, no credentials in it).
 */

export const MAX_FEED_REDIRECTS = 3;
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The whole download, from the request to the last byte read, when the settings give no `totalTimeoutMs`. */
export const DEFAULT_FEED_TOTAL_TIMEOUT_MS = 30 * 60 * 1000;

export interface FeedFetchSettings {
  /** Until the answer's status and headers arrived. */
  timeoutMs: number;
  /** Longest wait for the next chunk of the body (the time the consumer holds a chunk is not counted). */
  idleTimeoutMs: number;
  /** The whole download, headers and body (default DEFAULT_FEED_TOTAL_TIMEOUT_MS). */
  totalTimeoutMs?: number | undefined;
  maxBytes: number;
  /** Accept http:// to 127.0.0.1 / localhost (never set in production). */
  allowHttpLoopback: boolean;
}

export interface FetchedFeed {
  body: AsyncIterable<Uint8Array>;
  /** What the Content-Type says (application/json, text/csv…), when it says it. */
  format: DiamondFeedFormat | undefined;
  /** Drops the download (call it when done, whether the body was read or not). */
  close(): void;
}

/**
 * The request headers for a feed's credentials (decrypted), by their shape:
 * - "Header-Name: value" (a header name, a colon and a space) -> that header ("x-api-key: abc");
 * - "Scheme value" (a word, a space, the rest: "Bearer abc", "Basic dXNlcjpw", "Token abc") -> Authorization as is;
 * - "user:password" -> Authorization: Basic base64(user:password);
 * - any other text (a bare token) -> Authorization: Bearer <token>.
 */
export function credentialHeaders(credentials: string | null | undefined): Record<string, string> {
  const text = (credentials ?? '').trim();
  if (text === '') return {};
  const header = /^([A-Za-z0-9-]{1,60}):\s+(\S.*)$/.exec(text);
  if (header) return { [header[1]!.toLowerCase()]: header[2]! };
  if (/^[A-Za-z][A-Za-z0-9_-]*\s+\S/.test(text)) return { authorization: text };
  if (text.includes(':')) return { authorization: `Basic ${Buffer.from(text, 'utf8').toString('base64')}` };
  return { authorization: `Bearer ${text}` };
}

/** The feed's address, checked (https, or loopback http when allowed). */
export function feedUrl(text: string, allowHttpLoopback: boolean): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new FeedImportError('Adresse du flux invalide');
  }
  const loopbackHttp = allowHttpLoopback && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !loopbackHttp) {
    throw new FeedImportError('Adresse du flux refusée : elle doit commencer par https://');
  }
  if (url.username !== '' || url.password !== '') {
    throw new FeedImportError(
      "Adresse du flux refusée : mettez l'identifiant et le mot de passe dans « Identifiants », pas dans l'adresse",
    );
  }
  return url;
}

/**
 * The format a Content-Type names: application/json, text/csv and text/tab-separated-values only. Any other
 * (text/plain, application/octet-stream, none…) says nothing of the content: undefined, the feed's format applies.
 */
export function formatOfContentType(contentType: string | null): DiamondFeedFormat | undefined {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') return 'json';
  if (type === 'text/csv' || type === 'text/tab-separated-values') return 'csv';
  return undefined;
}

/**
 * Starts the download of a feed: answers once the status and headers arrived (a status other than 2xx fails
 * here); the body is then read as the import consumes it. `signal` aborts it from outside (server stopping).
 */
export async function fetchFeed(
  address: string,
  credentials: string | null,
  settings: FeedFetchSettings,
  signal?: AbortSignal,
): Promise<FetchedFeed> {
  const controller = new AbortController();
  let reason: string | null = null;
  const abort = (why: string): void => {
    reason ??= why;
    controller.abort();
  };
  const onOuterAbort = (): void => abort('Import interrompu (arrêt du serveur)');
  if (signal?.aborted) onOuterAbort();
  signal?.addEventListener('abort', onOuterAbort, { once: true });
  const cleanup = (): void => {
    signal?.removeEventListener('abort', onOuterAbort);
    clearTimeout(timer);
    clearTimeout(deadline);
  };
  const totalMs = settings.totalTimeoutMs ?? DEFAULT_FEED_TOTAL_TIMEOUT_MS;
  const deadline = setTimeout(
    () => abort(`Téléchargement du flux trop long : pas terminé au bout de ${duration(totalMs)}`),
    totalMs,
  );
  let timer = setTimeout(
    () => abort(`Le serveur du fournisseur n'a pas répondu à temps (${seconds(settings.timeoutMs)})`),
    settings.timeoutMs,
  );
  const failure = (error: unknown): FeedImportError => {
    if (error instanceof FeedImportError) return error;
    return new FeedImportError(reason ?? 'Serveur du fournisseur injoignable (erreur réseau)');
  };

  let response: Response;
  try {
    const headers = { ...credentialHeaders(credentials), accept: 'text/csv, application/json;q=0.9, */*;q=0.5' };
    response = await fetchSameOrigin(feedUrl(address, settings.allowHttpLoopback), headers, controller.signal);
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new FeedImportError(`Le serveur du fournisseur a répondu HTTP ${response.status}`);
    }
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > settings.maxBytes) {
      throw new FeedImportError(`Flux trop volumineux (plus de ${megabytes(settings.maxBytes)} Mo)`);
    }
  } catch (error) {
    cleanup();
    controller.abort();
    throw failure(error);
  }

  const stream = response.body;
  async function* body(): AsyncGenerator<Uint8Array> {
    if (!stream) return;
    const reader = stream.getReader();
    let received = 0;
    try {
      for (;;) {
        // Armed only while a chunk is awaited: the time the consumer spends on the previous one is not silence.
        clearTimeout(timer);
        timer = setTimeout(
          () =>
            abort(`Le serveur du fournisseur s'est interrompu (rien reçu pendant ${seconds(settings.idleTimeoutMs)})`),
          settings.idleTimeoutMs,
        );
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (error) {
          throw failure(error);
        } finally {
          clearTimeout(timer);
        }
        if (chunk.done) return;
        received += chunk.value.byteLength;
        if (received > settings.maxBytes) {
          throw new FeedImportError(`Flux trop volumineux (plus de ${megabytes(settings.maxBytes)} Mo)`);
        }
        yield chunk.value;
      }
    } finally {
      cleanup();
      // Releases the socket whatever happened (a no-op once the body was read to the end).
      controller.abort();
      reader.releaseLock();
    }
  }
  return {
    body: body(),
    format: formatOfContentType(response.headers.get('content-type')),
    close: () => {
      cleanup();
      controller.abort();
    },
  };
}

const seconds = (ms: number): string => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);
const duration = (ms: number): string => (ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : seconds(ms));
const megabytes = (bytes: number): number => Math.round(bytes / (1024 * 1024));

/** Follows at most MAX_FEED_REDIRECTS redirects, all within the origin of `start`. */
async function fetchSameOrigin(start: URL, headers: Record<string, string>, signal: AbortSignal): Promise<Response> {
  let current = start;
  for (let hop = 0; ; hop += 1) {
    const response = await fetch(current, { headers, signal, redirect: 'manual' });
    if (!REDIRECT_STATUSES.has(response.status)) return response;
    await response.body?.cancel().catch(() => undefined);
    if (hop >= MAX_FEED_REDIRECTS) throw new FeedImportError('Trop de redirections');
    const location = response.headers.get('location');
    let target: URL;
    try {
      target = new URL(location ?? '', current);
    } catch {
      throw new FeedImportError('Redirection vers une adresse invalide');
    }
    if (!location || target.origin !== current.origin) {
      throw new FeedImportError(`Redirection vers un autre site refusée (${target.host || target.protocol})`);
    }
    current = target;
  }
}
