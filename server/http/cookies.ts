import type { FastifyRequest } from 'fastify';

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
