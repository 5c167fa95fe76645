import { z } from 'zod';
import { requiredText } from './common-fields';
import { decimalString } from './products';

/**
 * Supplier stock feeds of an organization (ADR 0005, amendment) and their import runs: API contracts shared by
 * the server and the tests. Credentials are write-only: an answer only says whether the feed has some.
 */

export const DIAMOND_FEED_KINDS = ['upload', 'url'] as const;
export type DiamondFeedKind = (typeof DIAMOND_FEED_KINDS)[number];
export const DIAMOND_FEED_FORMATS = ['csv', 'json'] as const;
export type DiamondFeedFormat = (typeof DIAMOND_FEED_FORMATS)[number];

/** A URL feed is fetched at most every 15 minutes, at least once a week. */
export const FEED_SCHEDULE_MIN_MINUTES = 15;
export const FEED_SCHEDULE_MAX_MINUTES = 7 * 24 * 60;
/** Columns a saved mapping may name (a supplier file has a few dozen). */
export const FEED_MAPPING_MAX_COLUMNS = 200;
/** The largest file an upload import reads. */
export const FEED_UPLOAD_MAX_BYTES = 200 * 1024 * 1024;
/**
 * Content types of an upload import: the file itself as the request body. application/json is read as JSON,
 * text/csv and text/tab-separated-values as CSV, application/octet-stream by the feed's format.
 */
export const FEED_UPLOAD_CONTENT_TYPES = [
  'text/csv',
  'text/tab-separated-values',
  'application/json',
  'application/octet-stream',
] as const;

const kindField = z.enum(DIAMOND_FEED_KINDS, {
  errorMap: () => ({ message: 'Type de flux attendu : envoi de fichier (upload) ou adresse web (url)' }),
});
const formatField = z.enum(DIAMOND_FEED_FORMATS, {
  errorMap: () => ({ message: 'Format attendu : csv ou json' }),
});

const urlField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string({ invalid_type_error: 'Adresse web attendue' })
    .trim()
    .max(2000, '2000 caractères au maximum')
    .refine((text) => {
      try {
        const url = new URL(text);
        return url.protocol === 'https:' && url.hostname !== '';
      } catch {
        return false;
      }
    }, 'Adresse web invalide : elle doit commencer par https://')
    .refine((text) => {
      // user:password@ in the address is never sent: the credentials field carries them.
      try {
        const url = new URL(text);
        return url.username === '' && url.password === '';
      } catch {
        return true;
      }
    }, "Mettez l'identifiant et le mot de passe dans « Identifiants », pas dans l'adresse")
    .nullable()
    .default(null),
);

const scheduleField = z
  .number({ invalid_type_error: 'Nombre entier de minutes attendu' })
  .int('Nombre entier de minutes attendu')
  .min(FEED_SCHEDULE_MIN_MINUTES, `Au moins ${FEED_SCHEDULE_MIN_MINUTES} minutes`)
  .max(FEED_SCHEDULE_MAX_MINUTES, `Au plus ${FEED_SCHEDULE_MAX_MINUTES} minutes (une semaine)`)
  .nullable()
  .default(null);

/**
 * Header -> field. Only its shape is checked here (the server checks the field names against the importer's
 * table of fields, and that no field is read from two columns).
 */
const columnMappingField = z
  .record(
    z.string().max(200, 'Nom de colonne trop long (200 caractères au maximum)'),
    z.string({ invalid_type_error: 'Nom de champ attendu' }).max(60, 'Nom de champ inconnu'),
    { invalid_type_error: 'La correspondance des colonnes doit être un objet colonne -> champ' },
  )
  .refine(
    (mapping) => Object.keys(mapping).length <= FEED_MAPPING_MAX_COLUMNS,
    `${FEED_MAPPING_MAX_COLUMNS} colonnes au maximum`,
  )
  .nullable()
  .default(null);

const feedFields = {
  name: requiredText(120),
  kind: kindField,
  url: urlField,
  format: formatField.default('csv'),
  /**
   * Write-only. On create: the secret sent to the supplier's server (token, "user:password"). On update:
   * absent keeps the stored one, null or '' removes it, a text replaces it.
   */
  credentials: z
    .string({ invalid_type_error: 'Texte attendu' })
    .max(4000, '4000 caractères au maximum')
    .nullable()
    .optional(),
  scheduleMinutes: scheduleField,
  fullFeed: z.boolean({ invalid_type_error: 'Oui ou non attendu' }).default(true),
  currency: z
    .string({ invalid_type_error: 'Code de devise attendu (USD, EUR…)' })
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'Code de devise à 3 lettres attendu (USD, EUR…)')
    .transform((code) => code.toUpperCase())
    .default('USD'),
  /** Selling coefficient on the EUR price ("1,25" = +25 %). */
  markup: decimalString({ max: 99, scale: 4, positive: true }).default('1'),
  columnMapping: columnMappingField,
};

type FeedShape = {
  kind: DiamondFeedKind;
  url: string | null;
  scheduleMinutes: number | null;
};

/** A URL feed needs its address; an uploaded feed has neither address nor schedule. */
function checkKind(feed: FeedShape, ctx: z.RefinementCtx): void {
  if (feed.kind === 'url' && !feed.url) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['url'], message: "L'adresse web du flux est obligatoire" });
  }
  if (feed.kind === 'upload' && feed.url) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['url'],
      message: "Un flux par envoi de fichier n'a pas d'adresse web",
    });
  }
  if (feed.kind === 'upload' && feed.scheduleMinutes !== null) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['scheduleMinutes'],
      message: 'Seul un flux par adresse web se relève selon une fréquence',
    });
  }
}

/** POST /api/diamonds/feeds. */
export const diamondFeedCreateSchema = z.object(feedFields).superRefine(checkKind);
export type DiamondFeedCreateInput = z.infer<typeof diamondFeedCreateSchema>;

/** PUT /api/diamonds/feeds/:id: the whole feed with the version it was read at. */
export const diamondFeedUpdateSchema = z
  .object({ ...feedFields, version: z.number({ required_error: 'Version manquante' }).int().positive() })
  .superRefine(checkKind);
export type DiamondFeedUpdateInput = z.infer<typeof diamondFeedUpdateSchema>;

export const DIAMOND_IMPORT_RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type DiamondImportRunStatus = (typeof DIAMOND_IMPORT_RUN_STATUSES)[number];

export interface DiamondImportRunView {
  id: string;
  feedId: string;
  status: DiamondImportRunStatus;
  preset: string | null;
  /** EUR per 1 unit of the feed's currency, as used for the run's EUR prices. */
  fxRate: string | null;
  startedAt: string;
  finishedAt: string | null;
  rowsRead: number;
  rowsAccepted: number;
  rowsRejected: number;
  added: number;
  updated: number;
  unchanged: number;
  removed: number;
  error: string | null;
}

export interface DiamondFeedView {
  id: string;
  name: string;
  kind: DiamondFeedKind;
  url: string | null;
  format: DiamondFeedFormat;
  /** The credentials themselves are never answered. */
  hasCredentials: boolean;
  scheduleMinutes: number | null;
  preset: string | null;
  columnMapping: Record<string, string> | null;
  fullFeed: boolean;
  currency: string;
  markup: string;
  createdAt: string;
  updatedAt: string;
  version: number;
  lastRun: DiamondImportRunView | null;
}

/** GET /api/diamonds/feeds/:id/runs?limit= */
export const diamondImportRunsQuerySchema = z.object({
  limit: z.coerce
    .number({ invalid_type_error: 'Nombre entier attendu' })
    .int('Nombre entier attendu')
    .min(1, 'Au moins 1')
    .max(100, 'Au plus 100')
    .default(20),
});
