import { z } from 'zod';
import {
  CLIENT_LOG_CONTEXT_MAX_CHARS,
  CLIENT_LOG_CONTEXT_MAX_DEPTH,
  CLIENT_LOG_SOURCE,
  jsonDepth,
} from '../client-log';
import { CLIENT_LOG_LEVELS } from '../constants';

export {
  CLIENT_LOG_BODY_MAX_BYTES,
  CLIENT_LOG_CONTEXT_MAX_CHARS,
  CLIENT_LOG_CONTEXT_MAX_DEPTH,
  CLIENT_LOG_SOURCE,
  jsonDepth,
} from '../client-log';

/** POST /api/logs body. */
export const clientLogSchema = z.object({
  level: z.enum(CLIENT_LOG_LEVELS),
  source: z.literal(CLIENT_LOG_SOURCE, {
    errorMap: () => ({ message: `Seule la source « ${CLIENT_LOG_SOURCE} » est acceptée` }),
  }),
  message: z.string().min(1).max(5000),
  stack: z.string().max(20_000).optional().nullable(),
  context: z
    .record(z.string(), z.unknown())
    .refine((c) => jsonDepth(c, CLIENT_LOG_CONTEXT_MAX_DEPTH) <= CLIENT_LOG_CONTEXT_MAX_DEPTH, {
      message: `Contexte trop imbriqué (${CLIENT_LOG_CONTEXT_MAX_DEPTH} niveaux au plus)`,
    })
    .refine((c) => JSON.stringify(c).length <= CLIENT_LOG_CONTEXT_MAX_CHARS, {
      message: `Contexte trop volumineux (${CLIENT_LOG_CONTEXT_MAX_CHARS} caractères au plus)`,
    })
    .optional()
    .nullable(),
});
export type ClientLogInput = z.infer<typeof clientLogSchema>;
