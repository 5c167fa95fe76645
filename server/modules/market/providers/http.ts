import { ProviderError } from './provider.types';

/**
 * The only way the server calls the network (README "Guards", ADR 0004). Every outbound call:
 * - one AbortSignal for the whole exchange (connect, headers, redirects and body) that fires after `timeoutMs`;
 * - the body is read chunk by chunk and the call is aborted as soon as it passes `maxBytes`;
 * - redirects are followed by hand (`redirect: 'manual'`), at most MAX_REDIRECTS and only within the origin
 *   of `url`: the headers (API keys included) are therefore never sent to another origin.
 */

/** Default cap of an answer body: the ECB daily XML is about 2 kB, a goldapi answer about 500 bytes. */
export const DEFAULT_MAX_BODY_BYTES = 1_000_000;
/** Same-origin redirects followed before giving up. */
export const MAX_REDIRECTS = 3;

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

export interface HttpGetOptions {
  /** Sent to the origin of `url` only (a redirect to another origin is refused). */
  headers?: Record<string, string>;
  /** Upper bound for the whole exchange, body included. */
  timeoutMs: number;
  /** Largest body accepted, in bytes (default DEFAULT_MAX_BODY_BYTES). */
  maxBytes?: number;
}

/** GET a text answer; every failure (network, timeout, status, size, redirect) becomes a short ProviderError. */
export async function httpGetText(url: string, options: HttpGetOptions): Promise<string> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BODY_BYTES;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  try {
    const response = await fetchFollowingSameOrigin(parseHttpUrl(url), options.headers ?? {}, controller.signal);
    if (!response.ok) {
      await discardBody(response);
      throw new ProviderError(`HTTP ${response.status}`);
    }
    return await readTextCapped(response, maxBytes, controller);
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    if (timedOut) throw new ProviderError(`Délai dépassé (${options.timeoutMs} ms)`);
    throw new ProviderError('Erreur réseau');
  } finally {
    clearTimeout(timer);
    // Releases the socket whatever happened (a no-op once the body was read to the end).
    controller.abort();
  }
}

function parseHttpUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ProviderError('Adresse du fournisseur invalide');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ProviderError('Adresse du fournisseur invalide (http ou https attendu)');
  }
  return parsed;
}

/** Follows at most MAX_REDIRECTS redirects, all within the origin of `start`; returns the first non-redirect. */
async function fetchFollowingSameOrigin(
  start: URL,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<Response> {
  let current = start;
  for (let hop = 0; ; hop += 1) {
    const response = await fetch(current, { headers, signal, redirect: 'manual' });
    if (!REDIRECT_STATUSES.has(response.status)) return response;
    await discardBody(response);
    if (hop >= MAX_REDIRECTS) throw new ProviderError('Trop de redirections');
    current = redirectTarget(current, response.headers.get('location'));
  }
}

/** The next URL of a redirect, refused when it leaves the origin of the request. */
function redirectTarget(from: URL, location: string | null): URL {
  if (!location) throw new ProviderError('Redirection sans adresse');
  let target: URL;
  try {
    target = new URL(location, from);
  } catch {
    throw new ProviderError('Redirection vers une adresse invalide');
  }
  if (target.origin !== from.origin) {
    throw new ProviderError(`Redirection vers un autre site refusée (${target.host || target.protocol})`);
  }
  return target;
}

async function discardBody(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

/** Reads the body as UTF-8, aborting the exchange as soon as more than `maxBytes` arrived. */
async function readTextCapped(response: Response, maxBytes: number, controller: AbortController): Promise<string> {
  const tooLarge = () => new ProviderError(`Réponse trop volumineuse (plus de ${maxBytes} octets)`);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    controller.abort();
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      controller.abort();
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks, received));
}
