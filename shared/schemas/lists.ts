import { z } from 'zod';

/** Lists (brief §6): one query shape and one answer shape for every list endpoint. */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
/** CSV import limits. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;

export const CONFLICT_MESSAGE = "Cet enregistrement a été modifié par quelqu'un d'autre. Rechargez la page.";

/** Query-string booleans: "true"/"1" and "false"/"0". */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/**
 * The list query of a resource: `q`, `sort` (one of `sortFields`), `dir`, `page` (1-based),
 * `pageSize` (default 25, max 100), `archived` (show archived records instead of active ones)
 * and the resource's own filters.
 */
export function listQuerySchema<S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  sortFields: S,
  defaultSort: S[number],
  filters: F,
) {
  return z
    .object({
      q: z.string().trim().max(200, 'Recherche trop longue (200 caractères maximum)').optional(),
      sort: z.enum(sortFields, { errorMap: () => ({ message: 'Tri non autorisé' }) }).default(defaultSort),
      dir: z
        .enum(['asc', 'desc'], { errorMap: () => ({ message: 'Sens de tri invalide (asc ou desc)' }) })
        .default('asc'),
      page: z.coerce
        .number({ invalid_type_error: 'Numéro de page invalide' })
        .int('Numéro de page invalide')
        .min(1, 'La page commence à 1')
        .max(100_000, 'Numéro de page trop grand')
        .default(1),
      pageSize: z.coerce
        .number({ invalid_type_error: 'Taille de page invalide' })
        .int('Taille de page invalide')
        .min(1, 'Au moins 1 élément par page')
        .max(MAX_PAGE_SIZE, `Au plus ${MAX_PAGE_SIZE} éléments par page`)
        .default(DEFAULT_PAGE_SIZE),
      archived: queryBoolean.default(false),
    })
    .extend(filters);
}

export interface ListQueryBase {
  q?: string | undefined;
  sort: string;
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
  archived: boolean;
}

/**
 * A searched or filtered list counts its matches up to this number only (ADR 0006): past it the
 * answer says "more than 1,000" (`totalCapped`). Counting every one of 5,000 matches visits 5,000
 * rows on every keystroke; nobody pages through them, they refine the search. The whole list (no
 * search, no filter, archived or not) is always counted exactly.
 */
export const SEARCH_COUNT_CAP = 1000;

/** The answer of every list endpoint. */
export function listResponseSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    totalCapped: z.boolean().optional(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
export interface ListResponse<T> {
  items: T[];
  /** The number of matching records, or SEARCH_COUNT_CAP when `totalCapped`. */
  total: number;
  /** True when a search or filter matched more than SEARCH_COUNT_CAP records (then `total` is the cap). */
  totalCapped?: boolean;
  page: number;
  pageSize: number;
}

/** `version` sent with every update (optimistic concurrency). */
export const versionField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ required_error: 'Version manquante', invalid_type_error: 'Version invalide' })
    .int('Version invalide')
    .min(1, 'Version invalide'),
);

/** Body of `POST /api/<resource>/import`. */
export const importRequestSchema = z.object({
  csv: z
    .string({ required_error: 'Fichier CSV manquant', invalid_type_error: 'Fichier CSV invalide' })
    .min(1, 'Le fichier CSV est vide')
    .max(IMPORT_MAX_BYTES, 'Fichier trop volumineux (2 Mo maximum)'),
  dryRun: z.boolean({ invalid_type_error: 'dryRun doit être vrai ou faux' }).default(true),
});
export type ImportRequest = z.infer<typeof importRequestSchema>;

export const importRowSchema = z.object({
  line: z.number().int(),
  status: z.enum(['ok', 'error']),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  data: z.record(z.string(), z.unknown()),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** Preview (dryRun) or result of an import; `imported` is the number of rows written (0 on a dry run). */
export const importResultSchema = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  imported: z.number().int(),
  dryRun: z.boolean(),
  /** Columns of the file that matched no field (ignored). */
  ignoredColumns: z.array(z.string()),
  rows: z.array(importRowSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** `{ ids }` of `POST /api/production-steps/reorder`. */
export const reorderSchema = z.object({
  ids: z
    .array(z.string().uuid('Identifiant invalide'), { required_error: 'Liste ordonnée manquante' })
    .max(1000, 'Liste trop longue'),
});
