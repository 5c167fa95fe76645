import { z } from 'zod';

/** Lists (server/lists/README.md): one query shape and one answer shape for every list endpoint. */
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
 * Which records of an archivable list to show (the filter "Actifs / Archivés / Tous"): `active`
 * (the default), `archived`, or `all` (both together).
 */
export const ARCHIVE_FILTERS = ['active', 'archived', 'all'] as const;
export type ArchiveFilter = (typeof ARCHIVE_FILTERS)[number];

/**
 * The `archived` query parameter of every list: `false` (active records, the default), `true`
 * (archived records only) or `all` (both). `0`/`1` and the names `active`/`archived` are read too.
 */
export const archivedQuery = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'all', 'active', 'archived'])], {
    errorMap: () => ({ message: 'Valeur attendue : false (actifs), true (archivés) ou all (tous)' }),
  })
  .transform((v): ArchiveFilter => {
    if (v === 'all') return 'all';
    return v === true || v === 'true' || v === '1' || v === 'archived' ? 'archived' : 'active';
  });

/**
 * The list query of a resource: `q`, `sort` (one of `sortFields`), `dir` (default `defaultDir`),
 * `page` (1-based), `pageSize` (default 25, max 100), `archived` (`false` active records, `true`
 * archived ones, `all` both; lists of tables with no archive ignore it) and the resource's own filters.
 */
export function listQuerySchema<S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  sortFields: S,
  defaultSort: S[number],
  filters: F,
  defaultDir: 'asc' | 'desc' = 'asc',
) {
  return z
    .object({
      q: z.string().trim().max(200, 'Recherche trop longue (200 caractères maximum)').optional(),
      sort: z.enum(sortFields, { errorMap: () => ({ message: 'Tri non autorisé' }) }).default(defaultSort),
      dir: z
        .enum(['asc', 'desc'], { errorMap: () => ({ message: 'Sens de tri invalide (asc ou desc)' }) })
        .default(defaultDir),
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
      archived: archivedQuery.default('false'),
    })
    .extend(filters);
}

export interface ListQueryBase {
  q?: string | undefined;
  sort: string;
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
  archived: ArchiveFilter;
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

/**
 * What an import does with a row that describes a record already there (clients: same e-mail, phone,
 * or name and postal code): `skip` leaves the record as it is, `update` writes the file's values over
 * it (an empty cell keeps the stored value). Chosen for the whole file.
 */
export const IMPORT_EXISTING_ACTIONS = ['skip', 'update'] as const;
export type ImportExistingAction = (typeof IMPORT_EXISTING_ACTIONS)[number];

/** Body of `POST /api/<resource>/import`. */
export const importRequestSchema = z.object({
  csv: z
    .string({ required_error: 'Fichier CSV manquant', invalid_type_error: 'Fichier CSV invalide' })
    .min(1, 'Le fichier CSV est vide')
    .max(IMPORT_MAX_BYTES, 'Fichier trop volumineux (2 Mo maximum)'),
  dryRun: z.boolean({ invalid_type_error: 'dryRun doit être vrai ou faux' }).default(true),
  onExisting: z
    .enum(IMPORT_EXISTING_ACTIONS, {
      errorMap: () => ({ message: 'Choix invalide pour les fiches existantes (skip ou update)' }),
    })
    .default('skip'),
});
export type ImportRequest = z.infer<typeof importRequestSchema>;

/** The existing record a row of the file describes. */
export const importMatchSchema = z.object({
  id: z.string(),
  /** The existing record's name ("Mme Hélène Dupré"). */
  label: z.string(),
  /** Why, in French ("même e-mail et même téléphone"). */
  reason: z.string(),
  archived: z.boolean(),
});
export type ImportMatch = z.infer<typeof importMatchSchema>;

/** What the import does (dry run: would do) with a valid row. */
export const IMPORT_ROW_ACTIONS = ['create', 'update', 'unchanged', 'skip'] as const;
export type ImportRowAction = (typeof IMPORT_ROW_ACTIONS)[number];

export const importRowSchema = z.object({
  line: z.number().int(),
  status: z.enum(['ok', 'error']),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  data: z.record(z.string(), z.unknown()),
  /** The row's record, named for the preview (resources that say how). */
  label: z.string().optional(),
  /** Valid rows: create (new), update, unchanged (the record already holds these values), skip. */
  action: z.enum(IMPORT_ROW_ACTIONS).optional(),
  /** The existing record the row describes, if any. */
  match: importMatchSchema.optional(),
  /** Matched rows: the columns whose value differs from the record's (what `update` would change). */
  changes: z.array(z.string()).optional(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/**
 * Preview (dryRun) or result of an import. `imported` is the number of rows written (0 on a dry run):
 * `created` + `updated`. On a dry run `created`, `updated`, `unchanged` and `skipped` say what the
 * import would do with the same choice; `matched` counts the valid rows that describe an existing record.
 */
export const importResultSchema = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  imported: z.number().int(),
  matched: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  onExisting: z.enum(IMPORT_EXISTING_ACTIONS),
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
