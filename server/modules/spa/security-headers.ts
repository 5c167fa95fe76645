import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** No inline scripts; styles may be inline (Radix positions popovers with style attributes). */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * A JSON answer is data, never a document: nothing may load from it and nothing may frame it, whatever a browser
 * is made to do with it.
 */
export const JSON_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

const strictTransport = (cookieSecure: boolean): Record<string, string> =>
  cookieSecure ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {};

/** The security headers of documents, files and every answer that is not JSON (the SPA shell, PDFs, images…). */
export function securityHeaders(cookieSecure: boolean): Record<string, string> {
  return {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    ...strictTransport(cookieSecure),
  };
}

/**
 * The security headers of a JSON answer (the API's answers and errors): the strictest policy, no sniffing, no
 * framing. No Referrer-Policy: it only governs what a document sends. No X-Frame-Options either: the policy's
 * `frame-ancestors 'none'` obsoletes it, and a browser that applies the policy ignores X-Frame-Options when both
 * are present (CSP Level 2 and 3), so on these answers it would only cost writing (ADR 0018). Documents keep it.
 */
export function jsonSecurityHeaders(cookieSecure: boolean): Record<string, string> {
  return {
    'content-security-policy': JSON_CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    ...strictTransport(cookieSecure),
  };
}

/**
 * What a document whose route set its own policy gets besides it: that policy may not say `frame-ancestors`, so
 * X-Frame-Options forbids framing in its place.
 */
const besideOwnPolicy = ({ 'content-security-policy': _policy, ...rest }: Record<string, string>) => ({
  ...rest,
  'x-frame-options': 'DENY',
});

/**
 * Global onSend hook (fastify-plugin): every answer, errors and 404 included, gets the set that fits its content
 * type. A JSON answer is data and always gets the JSON set, whatever its route set; a document, file or image
 * whose route set its own policy (an uploaded logo, a diamond's placeholder image) keeps it.
 */
export const securityHeadersModule = fp(
  async (app: FastifyInstance) => {
    const json = jsonSecurityHeaders(app.config.cookieSecure);
    const document = securityHeaders(app.config.cookieSecure);
    const documentBesideOwnPolicy = besideOwnPolicy(document);
    app.addHook('onSend', (_request, reply, payload, done) => {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('application/json')) void reply.headers(json);
      else void reply.headers(reply.hasHeader('content-security-policy') ? documentBesideOwnPolicy : document);
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
