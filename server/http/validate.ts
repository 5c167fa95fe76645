import type { ZodType, ZodTypeDef } from 'zod';
import { validationError } from './errors';

/** Parses request input with a shared zod schema; a failure is a 400 with French field errors. */
export function parseInput<T>(schema: ZodType<T, ZodTypeDef, unknown>, input: unknown): T {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw validationError(result.error);
  return result.data;
}
