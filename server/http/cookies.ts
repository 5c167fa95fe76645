import type { FastifyReply, FastifyRequest } from 'fastify';

const SPACE = 32;
const TAB = 9;
const EQUALS = 61;

const isBlank = (code: number): boolean => code === SPACE || code === TAB;

/** A cookie value as browsers send it: percent-decoded when it holds a `%`, as is when that fails. */
function decodeCookieValue(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The value of the cookie `name` in a `Cookie` header (`a=1; b=2`), or undefined. Only that cookie is looked
 * for: no object of every cookie is built for a request that needs one (ADR 0002, ADR 0018). Same reading as the
 * `cookie` package's parser: pairs split on `;`, blanks around names and values ignored, a pair without `=`
 * skipped, the first pair of a name wins.
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header || name === '') return undefined;
  const length = header.length;
  let start = 0;
  while (start < length) {
    const semicolon = header.indexOf(';', start);
    const end = semicolon === -1 ? length : semicolon;
    let at = start;
    while (at < end && isBlank(header.charCodeAt(at))) at++;
    if (header.startsWith(name, at)) {
      let equals = at + name.length;
      while (equals < end && isBlank(header.charCodeAt(equals))) equals++;
      if (equals < end && header.charCodeAt(equals) === EQUALS) {
        return decodeCookieValue(header.slice(equals + 1, end).trim());
      }
    }
    start = end + 1;
  }
  return undefined;
}

/** The request's cookie `name` (every `Cookie` header, as Node joins them). */
export const requestCookie = (request: FastifyRequest, name: string): string | undefined =>
  readCookie(request.headers.cookie, name);

/** How a cookie of this app is set: every one is HttpOnly (no script of the page reads a cookie of ours). */
export interface CookieOptions {
  path: string;
  sameSite: 'Lax' | 'Strict';
  secure: boolean;
  /** Absent with `maxAgeSeconds` too: a browser-session cookie. */
  expires?: Date;
  maxAgeSeconds?: number;
}

/** RFC 6265 cookie-name (an RFC 7230 token) and a path without `;` or control characters. */
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const COOKIE_PATH = /^\/[\u0021-\u003a\u003c-\u007e]*$/;

/** The `Set-Cookie` header value; the value is percent-encoded as `readCookie` decodes it. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  if (!COOKIE_NAME.test(name)) throw new TypeError(`Invalid cookie name: ${JSON.stringify(name)}`);
  if (!COOKIE_PATH.test(options.path)) throw new TypeError(`Invalid cookie path: ${JSON.stringify(options.path)}`);
  let header = `${name}=${encodeURIComponent(value)}`;
  if (options.maxAgeSeconds !== undefined) header += `; Max-Age=${Math.floor(options.maxAgeSeconds)}`;
  header += `; Path=${options.path}`;
  if (options.expires) header += `; Expires=${options.expires.toUTCString()}`;
  header += '; HttpOnly';
  if (options.secure) header += '; Secure';
  return `${header}; SameSite=${options.sameSite}`;
}

/**
 * Adds the cookie to the answer. A cookie of the same name and path set earlier in the same request (a session
 * renewed by the session hook, then ended by the route) is replaced, so the browser gets one instruction per cookie.
 */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  const header = serializeCookie(name, value, options);
  const earlier = reply.getHeader('set-cookie');
  if (earlier === undefined) {
    reply.header('set-cookie', header);
    return;
  }
  const prefix = `${name}=`;
  const samePath = `; Path=${options.path};`;
  const kept = ([] as Array<string | number>)
    .concat(earlier)
    .map(String)
    .filter((cookie) => !(cookie.startsWith(prefix) && cookie.includes(samePath)));
  reply.removeHeader('set-cookie');
  reply.header('set-cookie', [...kept, header]);
}

/** Tells the browser to drop the cookie (empty value, expired): same name and path as when it was set. */
export function clearCookie(
  reply: FastifyReply,
  name: string,
  options: Omit<CookieOptions, 'expires' | 'maxAgeSeconds'>,
): void {
  setCookie(reply, name, '', { ...options, expires: new Date(0), maxAgeSeconds: 0 });
}
