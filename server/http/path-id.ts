/**
 * Ids in paths and bodies: every object is named by a uuid, and a malformed one names nothing: 404 like an
 * unknown id, never a database cast error.
 */
import type { FastifyRequest } from 'fastify';
import { isUuid } from '@shared/uuid';
import { notFound } from './errors';

export { isUuid };

/** `value` as a lower-case uuid; anything else answers 404 with `notFoundMessage`. */
export function uuidOr404(value: unknown, notFoundMessage: string): string {
  if (!isUuid(value)) throw notFound(notFoundMessage);
  return value.toLowerCase();
}

/** The path parameter `name` (`id` by default) as a lower-case uuid; anything else answers 404. */
export function pathUuid(request: FastifyRequest, notFoundMessage: string, name = 'id'): string {
  return uuidOr404((request.params as Record<string, unknown> | undefined)?.[name], notFoundMessage);
}
