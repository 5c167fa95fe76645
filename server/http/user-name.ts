import type { FastifyRequest } from 'fastify';

/**
 * The name histories and timelines show for the signed-in user: "Claire Martin", else their username; null
 * without a signed-in user (a public link).
 */
export function userDisplayName(request: FastifyRequest): string | null {
  const user = request.user;
  if (!user) return null;
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.username;
}
