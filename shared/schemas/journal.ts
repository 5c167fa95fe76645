import { z } from 'zod';
import { CLIENT_LOG_LEVELS } from '../constants';
import { queryInt, uuidField } from './common-fields';
import { FIRST_YEAR, LAST_YEAR, isDateInRange } from './fields';

const dateParam = z
  .string()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), { message: 'Date invalide (AAAA-MM-JJ ou ISO 8601)' })
  .refine((v) => Number.isNaN(Date.parse(v)) || isDateInRange(v), {
    message: `Date hors limites (${FIRST_YEAR}–${LAST_YEAR})`,
  });

/**
 * GET /api/logs query. `level` may list several levels separated by commas; `from`/`to` are dates or
 * instants (a bare date `to` includes that whole day); `scope=all` (superadmin only) spans every organization.
 */
export const journalListQuerySchema = z.object({
  level: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.split(',').map((x) => x.trim()) : undefined))
    .refine((v) => !v || v.every((x) => (CLIENT_LOG_LEVELS as readonly string[]).includes(x)), {
      message: 'Niveau inconnu (debug, info, warn, error)',
    }),
  source: z.string().trim().max(100).optional(),
  userId: uuidField.optional(),
  from: dateParam.optional(),
  to: dateParam.optional(),
  q: z.string().trim().max(200).optional(),
  scope: z.enum(['organization', 'all'], { message: 'Portée inconnue' }).default('organization'),
  page: queryInt(1, 100_000, 1),
  pageSize: queryInt(1, 200, 50),
});
export type JournalListQuery = z.infer<typeof journalListQuerySchema>;

export const journalStatsQuerySchema = z.object({
  days: queryInt(1, 90, 30),
  scope: z.enum(['organization', 'all'], { message: 'Portée inconnue' }).default('organization'),
});

/** POST /api/logs/purge body. */
export const journalPurgeSchema = z.object({
  olderThanDays: z
    .number({ required_error: 'Ce champ est obligatoire', invalid_type_error: 'Nombre de jours attendu' })
    .int('Nombre entier de jours attendu')
    .min(1, 'Au moins 1 jour')
    .max(3650, 'Au plus 3650 jours'),
  scope: z.enum(['organization', 'all'], { message: 'Portée inconnue' }).default('organization'),
});

export interface JournalEntrySummary {
  id: number;
  level: string;
  source: string;
  message: string;
  userId: string | null;
  username: string | null;
  organizationId: string | null;
  ip: string | null;
  createdAt: string;
}

export interface JournalEntryDetail extends JournalEntrySummary {
  stack: string | null;
  context: Record<string, unknown> | null;
  userAgent: string | null;
}

export interface JournalStats {
  days: Array<{ day: string; total: number; error: number; warn: number; info: number; debug: number }>;
  bySource: Array<{ source: string; count: number }>;
}
