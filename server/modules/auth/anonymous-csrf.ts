import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestCookie, setCookie } from '../../http/cookies';
import { randomToken, tokensEqual } from './tokens';

/**
 * The CSRF token of a visitor who is not signed in (sign-in, sign-up and journal posts need one) is
 * stateless: an HttpOnly cookie holds a random nonce, its issue time and an HMAC of both under
 * SESSION_SECRET, and the token is another HMAC of the nonce. Nothing is written to the database, so a
 * flood of `GET /api/csrf-token` cannot grow it (ADR 0002). At sign-in the session takes this
 * token over, so the token the browser cached stays valid.
 */
export const anonymousCookieName = (app: FastifyInstance): string => `${app.config.cookieName}_csrf`;

const hmac = (secret: string, label: string, value: string): string =>
  createHmac('sha256', secret).update(`${label}|${value}`).digest('base64url');

const tokenOf = (secret: string, nonce: string): string => hmac(secret, 'anonymous-csrf-token', nonce);

/** The token bound to the request's anonymous cookie, or null when there is none or it is not ours. */
export function readAnonymousToken(app: FastifyInstance, request: FastifyRequest): string | null {
  const value = requestCookie(request, anonymousCookieName(app));
  if (!value || value.length > 200) return null;
  const [nonce, issuedAt, signature] = value.split('.');
  if (!nonce || !issuedAt || !signature) return null;
  const secret = app.config.sessionSecret;
  if (!tokensEqual(hmac(secret, 'anonymous-csrf-cookie', `${nonce}.${issuedAt}`), signature)) return null;
  const ageMs = app.now().getTime() - Number.parseInt(issuedAt, 36) * 1000;
  if (!(ageMs >= 0 && ageMs <= app.config.sessionAbsoluteHours * 3_600_000)) return null;
  return tokenOf(secret, nonce);
}

/** Gives the visitor a new anonymous cookie (a browser-session cookie) and answers its token. */
export function issueAnonymousToken(app: FastifyInstance, reply: FastifyReply): string {
  const nonce = randomToken();
  const issuedAt = Math.floor(app.now().getTime() / 1000).toString(36);
  const secret = app.config.sessionSecret;
  const signature = hmac(secret, 'anonymous-csrf-cookie', `${nonce}.${issuedAt}`);
  setCookie(reply, anonymousCookieName(app), `${nonce}.${issuedAt}.${signature}`, {
    sameSite: 'Lax',
    secure: app.config.cookieSecure,
    path: '/',
  });
  return tokenOf(secret, nonce);
}
