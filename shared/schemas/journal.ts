import { z } from 'zod';
import { CLIENT_LOG_LEVELS, type ClientLogLevel } from '../constants';
import { queryInt, uuidField } from './common-fields';
import { listQuerySchema } from './lists';
import { FIRST_YEAR, LAST_YEAR, isDateInRange } from './fields';

const dateParam = z
  .string()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), { message: 'Date invalide (AAAA-MM-JJ ou ISO 8601)' })
  .refine((v) => Number.isNaN(Date.parse(v)) || isDateInRange(v), {
    message: `Date hors limites (${FIRST_YEAR}–${LAST_YEAR})`,
  });

/** French names of the journal's levels (list, filters, detail, CSV). */
export const LOG_LEVEL_LABELS: Readonly<Record<ClientLogLevel, string>> = {
  error: 'Erreur',
  warn: 'Avertissement',
  info: 'Information',
  debug: 'Débogage',
};

/**
 * French names of the journal's sources: the browser (uncaught errors, source "frontend"),
 * the server (recordServerError) and security events (server/access/security-journal.ts). Migration
 * 0042 makes the journal's search find them by these names too.
 */
export const LOG_SOURCE_LABELS: Readonly<Record<string, string>> = {
  frontend: 'Navigateur',
  server: 'Serveur',
  security: 'Sécurité',
};

/** The French name of a level ("error" -> "Erreur"); an unknown level as it is. */
export function logLevelLabel(level: string): string {
  return LOG_LEVEL_LABELS[level as ClientLogLevel] ?? level;
}

/** The French name of a source ("frontend" -> "Navigateur"); a source with no French name as it is. */
export function logSourceLabel(source: string): string {
  return Object.hasOwn(LOG_SOURCE_LABELS, source) ? LOG_SOURCE_LABELS[source]! : source;
}

/**
 * GET /api/logs query: the shared list query (q over message and source, accent-insensitive; newest
 * first; page, pageSize) plus `level` (one or several, separated by commas), `source`, `userId`,
 * `from`/`to` (dates or instants; a bare date `to` includes that whole day) and `scope` (`all`:
 * every organization, superadmin only).
 */
export const journalListQuerySchema = listQuerySchema(
  ['createdAt'],
  'createdAt',
  {
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
    scope: z.enum(['organization', 'all'], { message: 'Portée inconnue' }).default('organization'),
  },
  'desc',
);
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
