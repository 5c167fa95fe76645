import type { ApiErrorBody } from '@shared/schemas/errors';
import { LOGGED_BODY_MAX_CHARS } from '@shared/constants';
import type { QueryFunction, QueryKey } from '@tanstack/react-query';

/**
 * HTTP client of the SPA: same-origin cookies, JSON bodies, synchronizer CSRF token on every
 * mutating call, one error type whose message is "<status>: <body text or status text>".
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const MUTATING: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CSRF_PATH = '/api/csrf-token';
const CSRF_HEADER = 'x-csrf-token';
const PARSE_ERROR_EXCERPT_CHARS = 500;

export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly bodyText: string;
  /** The server's `{ code, message, fieldErrors? }` when the body had that shape, else null. */
  readonly body: ApiErrorBody | null;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.bodyText = bodyText;
    this.body = parseErrorBody(bodyText);
  }

  /** The message meant for people: the server's message when it sent one, else the raw text. */
  get serverMessage(): string {
    return this.body?.message || this.bodyText || this.statusText || this.message;
  }

  get code(): string | null {
    return this.body?.code ?? null;
  }

  get fieldErrors(): Record<string, string[]> | undefined {
    return this.body?.fieldErrors;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFieldErrors(value: unknown): value is Record<string, string[]> {
  return (
    isRecord(value) &&
    Object.values(value).every((list) => Array.isArray(list) && list.every((m) => typeof m === 'string'))
  );
}

/**
 * The `{ code, message, fieldErrors? }` shape of shared/schemas/errors.ts, checked by hand: zod stays out of the
 * entry chunk (every page loads it; the size of /auth and / is measured).
 */
function parseErrorBody(text: string): ApiErrorBody | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || typeof value.code !== 'string' || typeof value.message !== 'string') return null;
  if (value.fieldErrors !== undefined && !isFieldErrors(value.fieldErrors)) return null;
  return {
    code: value.code,
    message: value.message,
    ...(value.fieldErrors !== undefined ? { fieldErrors: value.fieldErrors } : {}),
  };
}

export function truncateForLog(text: string, max = LOGGED_BODY_MAX_CHARS): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

let baseUrl = '';

/** Prefix for every path (empty in the browser: same origin). Tests point it at a local server. */
export function configureApiClient(options: { baseUrl: string }): void {
  baseUrl = options.baseUrl.replace(/\/$/, '');
  clearCsrfToken();
}

function resolveUrl(path: string): string {
  return /^https?:\/\//.test(path) ? path : `${baseUrl}${path}`;
}

let csrfToken: string | null = null;
let csrfPending: Promise<string | null> | null = null;
/** Bumped by clearCsrfToken so a fetch started before a clear never stores a stale token. */
let csrfGeneration = 0;

/** Forget the cached CSRF token (after login, registration and logout: the server may rotate it). */
export function clearCsrfToken(): void {
  csrfToken = null;
  csrfPending = null;
  csrfGeneration += 1;
}

async function requestCsrfToken(generation: number): Promise<string | null> {
  try {
    const res = await fetch(resolveUrl(CSRF_PATH), {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
    const body: unknown = await res.json();
    const token = isRecord(body) ? body.csrfToken : undefined;
    if (typeof token !== 'string' || !token) throw new Error('Réponse sans csrfToken');
    if (generation === csrfGeneration) csrfToken = token;
    return token;
  } catch (error) {
    console.warn('[api] Impossible de récupérer le jeton CSRF, envoi sans jeton', error);
    return null;
  } finally {
    if (generation === csrfGeneration) csrfPending = null;
  }
}

/** The cached token, else one GET /api/csrf-token shared by concurrent callers; null when it cannot be had. */
async function fetchCsrfToken(): Promise<string | null> {
  if (csrfToken) return csrfToken;
  csrfPending ??= requestCsrfToken(csrfGeneration);
  return csrfPending;
}

/**
 * Sign-out in progress: the calls of the session being closed are aborted, and calls started meanwhile wait for
 * the outcome. Without this, a call still on its way when POST /api/logout lands comes back 401 after the person
 * chose to leave (a debounced price query, say), which the browser reports as an error.
 */
let sessionCalls = new AbortController();
let signOutOutcome: Promise<boolean> | null = null;
/** The calls that sign-out needs itself: never held or aborted. */
const SIGN_OUT_PATHS: ReadonlySet<string> = new Set(['/api/logout', CSRF_PATH]);

export interface SignOutHold {
  /** Signed out: the held calls are dropped (their queries are gone with the session). */
  signedOut(): void;
  /** Sign-out failed: still signed in, the held calls go out. */
  stillSignedIn(): void;
}

/** Aborts every call in flight except sign-out's own, and holds new ones until the hold ends. */
export function holdCallsForSignOut(): SignOutHold {
  sessionCalls.abort();
  sessionCalls = new AbortController();
  let settle: (proceed: boolean) => void = () => undefined;
  const outcome = new Promise<boolean>((resolve) => (settle = resolve));
  signOutOutcome = outcome;
  const end = (proceed: boolean) => {
    if (signOutOutcome === outcome) signOutOutcome = null;
    settle(proceed);
  };
  return { signedOut: () => end(false), stillSignedIn: () => end(true) };
}

function isSignOutCall(url: string): boolean {
  const path = url.startsWith(baseUrl) ? url.slice(baseUrl.length) : url;
  return SIGN_OUT_PATHS.has(path.split('?')[0] ?? path);
}

async function send(method: HttpMethod, url: string, body: unknown, withCsrf: boolean): Promise<Response> {
  const sessionBound = !isSignOutCall(url);
  if (sessionBound && signOutOutcome && !(await signOutOutcome)) {
    throw new DOMException('Déconnexion en cours', 'AbortError');
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (withCsrf) {
    const token = await fetchCsrfToken();
    if (token) headers[CSRF_HEADER] = token;
  }
  return fetch(url, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
    ...(sessionBound ? { signal: sessionCalls.signal } : {}),
  });
}

async function readText(res: Response): Promise<string> {
  try {
    return await res.text();
  } catch {
    return '';
  }
}

async function parseJson<T>(res: Response, url: string): Promise<T> {
  const text = await readText(res);
  const contentType = res.headers.get('content-type') ?? '';
  if (contentType.includes('text/html') || /^\s*<(!doctype|html)/i.test(text)) {
    console.warn(`[api] HTML reçu au lieu de JSON pour ${url}`, truncateForLog(text));
  }
  if (res.status === 204 || text.trim() === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Réponse JSON invalide pour ${url} : ${reason}. Début de la réponse : ${text.slice(0, PARSE_ERROR_EXCERPT_CHARS)}`,
    );
  }
}

async function toApiError(res: Response): Promise<ApiError> {
  return new ApiError(res.status, res.statusText, await readText(res));
}

/**
 * True for the server's "no signed-in session" answer (401 UNAUTHENTICATED: the session ended by idle or absolute
 * timeout, was ended from another device, or its user was deactivated). A wrong password is a 401 too, with the
 * code INVALID_CREDENTIALS: that one is not an ended session.
 */
export function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.code === 'UNAUTHENTICATED';
}

type UnauthenticatedListener = (error: ApiError) => void;
const unauthenticatedListeners = new Set<UnauthenticatedListener>();

/**
 * Calls `listener` whenever any call is refused as unauthenticated. The auth provider listens: when the app
 * believed it was signed in, the session has ended and the person is sent to sign in again.
 */
export function onUnauthenticated(listener: UnauthenticatedListener): () => void {
  unauthenticatedListeners.add(listener);
  return () => unauthenticatedListeners.delete(listener);
}

/**
 * The URL and headers of a mutating call sent outside `apiRequest` (a file upload through XMLHttpRequest, for its
 * progress events): the resolved URL and the CSRF header as `apiRequest` sends them. `freshToken` forgets the cached
 * token first (the retry after a CSRF_INVALID 403).
 */
export async function mutationTarget(
  path: string,
  options: { freshToken?: boolean } = {},
): Promise<{ url: string; headers: Record<string, string> }> {
  if (options.freshToken) clearCsrfToken();
  const token = await fetchCsrfToken();
  return { url: resolveUrl(path), headers: token ? { [CSRF_HEADER]: token } : {} };
}

/**
 * The error of a call sent outside `apiRequest`, from its status and body text; an ended session is reported to the
 * `onUnauthenticated` listeners as `apiRequest` does.
 */
export function apiErrorOf(status: number, statusText: string, bodyText: string): ApiError {
  const error = new ApiError(status, statusText, bodyText);
  if (isUnauthenticated(error)) unauthenticatedListeners.forEach((listener) => listener(error));
  return error;
}

/** Any method; mutating methods carry the CSRF token and retry once after a CSRF_INVALID 403. */
export async function apiRequest<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  const url = resolveUrl(path);
  const mutating = MUTATING.has(method);
  let res = await send(method, url, body, mutating);
  if (!res.ok && mutating && res.status === 403) {
    const error = await toApiError(res);
    if (error.code !== 'CSRF_INVALID') throw error;
    // An ended session's token is refused first: the retry with a fresh token then meets the 401 below.
    clearCsrfToken();
    res = await send(method, url, body, true);
  }
  if (!res.ok) {
    const error = await toApiError(res);
    if (isUnauthenticated(error)) unauthenticatedListeners.forEach((listener) => listener(error));
    throw error;
  }
  return parseJson<T>(res, url);
}

export function apiGet<T>(path: string): Promise<T> {
  return apiRequest<T>('GET', path);
}

type QueryParams = Record<string, string | number | boolean | null | undefined>;

function isQueryParams(segment: unknown): segment is QueryParams {
  return typeof segment === 'object' && segment !== null && !Array.isArray(segment);
}

/**
 * The path of a query key: its string/number segments joined with "/". A trailing plain object, if
 * any, becomes the query string (null/undefined values left out).
 */
export function queryKeyToPath(queryKey: QueryKey): string {
  const segments = queryKey.filter((s): s is string | number => typeof s === 'string' || typeof s === 'number');
  let path = segments.join('/');
  const last = queryKey[queryKey.length - 1];
  if (isQueryParams(last)) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(last)) {
      if (value !== null && value !== undefined) params.set(key, String(value));
    }
    const qs = params.toString();
    if (qs) path += `?${qs}`;
  }
  return path;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    try {
      return await apiGet<T>(queryKeyToPath(queryKey));
    } catch (error) {
      if (options.on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  };
}
