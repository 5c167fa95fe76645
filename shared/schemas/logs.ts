import { z } from 'zod';
import { CLIENT_LOG_LEVELS } from '../constants';

/** POST /api/logs body (spec §3). */
export const clientLogSchema = z.object({
  level: z.enum(CLIENT_LOG_LEVELS),
  source: z.string().trim().min(1).max(100),
  message: z.string().min(1).max(5000),
  stack: z.string().max(20_000).optional().nullable(),
  context: z.record(z.string(), z.unknown()).optional().nullable(),
});
export type ClientLogInput = z.infer<typeof clientLogSchema>;
