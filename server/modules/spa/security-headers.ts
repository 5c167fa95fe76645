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

/** The security headers every answer carries (API, static files, SPA shell, errors). */
export function securityHeaders(cookieSecure: boolean): Record<string, string> {
  return {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    ...(cookieSecure ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** Global onRequest hook (fastify-plugin): set once per request, kept by error and 404 answers. */
export const securityHeadersModule = fp(
  async (app: FastifyInstance) => {
    const headers = securityHeaders(app.config.cookieSecure);
    app.addHook('onRequest', (_request, reply, done) => {
      void reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
