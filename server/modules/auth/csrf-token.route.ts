import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { csrfTokenSchema } from '@shared/schemas/auth';
import { issueAnonymousToken } from './anonymous-csrf';

type CsrfTokenAnswer = z.infer<typeof csrfTokenSchema>;

/**
 * GET /api/csrf-token: the session's token; a visitor who is not signed in gets the token of their
 * anonymous cookie, issued now when they have none (no database write either way).
 */
export async function csrfTokenRoute(app: FastifyInstance): Promise<void> {
  app.get('/api/csrf-token', { config: { public: true } }, async (request, reply): Promise<CsrfTokenAnswer> => {
    void reply.header('cache-control', 'no-store');
    const token = request.session?.csrfToken ?? request.anonymousCsrfToken ?? issueAnonymousToken(app, reply);
    return { csrfToken: token };
  });
}
