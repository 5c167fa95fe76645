/**
 * The sign-in page's address when a screen needs a signed-in user: `?next=` says where to come back
 * after signing in, `?session=expiree` that the session ended (the page says "Session expirée").
 */

export const NEXT_PARAM = 'next';
export const SESSION_PARAM = 'session';
export const SESSION_ENDED = 'expiree';

/**
 * `next` when it is a path of this application, else null: never another origin (`//evil.example`,
 * `https://…`, `/\evil`), never the sign-in page itself.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(next, 'http://app.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://app.invalid' || url.pathname === '/auth') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/auth`, with where to come back (unless it is the dashboard, where sign-in leads anyway) and why. */
export function signInPath(options: { next?: string | null; sessionEnded?: boolean } = {}): string {
  const params = new URLSearchParams();
  const next = safeNextPath(options.next);
  if (options.sessionEnded) params.set(SESSION_PARAM, SESSION_ENDED);
  if (next && next !== '/') params.set(NEXT_PARAM, next);
  const query = params.toString();
  return query ? `/auth?${query}` : '/auth';
}
