import { z } from 'zod';
import { normalizeDecimalText, normalizeIntegerText } from '../decimal-input';
import { CLARITY_TABS } from '../constants';
import { listQuerySchema, queryBoolean } from './lists';
import {
  PHOTO_MAX_BYTES,
  PHOTO_TYPES,
  photoUploadSchema,
  type PhotoMeta,
  type PhotoType,
  type PhotoUploadInput,
} from './photos';
import type { CalibratedRange, PricingBreakdown, PricingComponent, ProductCoefficients } from '../product-pricing';

/**
 * Product sheets ("Fiches produits"): API contracts shared by the server, the web
 * form and the tests. Decimal values travel as strings ("3.20"); inputs also accept numbers
 * and a French decimal comma ("3,20").
 */

const required = 'Ce champ est obligatoire';

export const PRODUCT_CATEGORIES = [
  'bague',
  'alliance',
  'bracelet',
  'collier',
  'pendentif',
  'boucles_oreilles',
  'broche',
  'montre',
  'autre',
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const PRODUCT_CATEGORY_LABELS: Readonly<Record<ProductCategory, string>> = {
  bague: 'Bague',
  alliance: 'Alliance',
  bracelet: 'Bracelet',
  collier: 'Collier',
  pendentif: 'Pendentif',
  boucles_oreilles: "Boucles d'oreilles",
  broche: 'Broche',
  montre: 'Montre',
  autre: 'Autre',
};

export const COMPONENT_KINDS = ['metal', 'stone', 'melee', 'labour', 'other'] as const;
export type ComponentKind = (typeof COMPONENT_KINDS)[number];
export const COMPONENT_KIND_LABELS: Readonly<Record<ComponentKind, string>> = {
  metal: 'Métal',
  stone: 'Pierre / composant',
  melee: 'Mêlée (calibrés)',
  labour: "Main-d'œuvre",
  other: 'Autre',
};

/** Bounds of a sheet's coefficients (metal, stones, labour): above 0, at most 100, 3 decimals. */
export const coefficientField = decimalString({ max: 100, scale: 3, positive: true });
export const MAX_PRODUCT_COMPONENTS = 100;
export const PRODUCT_PHOTO_MAX_BYTES = PHOTO_MAX_BYTES;
export const PRODUCT_PHOTOS_MAX = 10;
export const PRODUCT_PHOTO_TYPES = PHOTO_TYPES;
export type ProductPhotoType = PhotoType;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 80;

/**
 * A decimal number sent as a number or a string ("3,2", "3.2", "1 234,5": shared/decimal-input.ts),
 * returned as a normalised string ("3.2"). `scale` = max decimals.
 */
export function decimalString(options: {
  min?: number;
  max: number;
  scale: number;
  positive?: boolean;
  label?: string;
}) {
  const invalid = 'Nombre invalide';
  return z.union([z.number(), z.string()], { errorMap: () => ({ message: invalid }) }).transform((value, ctx) => {
    const text = normalizeDecimalText(String(value), { allowNegative: true });
    if (text === null || text === '') {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: text === '' ? required : invalid });
      return z.NEVER;
    }
    const [, decimals = ''] = text.split('.');
    if (decimals.length > options.scale) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${options.scale} décimales au maximum` });
      return z.NEVER;
    }
    const n = Number(text);
    if (options.positive && n <= 0) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Doit être supérieur à 0' });
      return z.NEVER;
    }
    if (options.min !== undefined && n < options.min) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Doit être supérieur ou égal à ${options.min}` });
      return z.NEVER;
    }
    if (n > options.max) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Doit être inférieur ou égal à ${options.max}` });
      return z.NEVER;
    }
    // Normalise: no leading zeros, no trailing zeros after the point.
    return text.includes('.') ? text.replace(/^(-?)0+(?=\d)/, '$1').replace(/\.?0+$/, '') : String(Number(text));
  });
}

const uuidField = (message: string) =>
  z.string({ required_error: required, invalid_type_error: message }).uuid(message);

/** A whole number of pieces: 12 or "12" ("1 200" too); "12,5" or "abc" is "not a whole number". */
const quantityField = z
  .preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : (normalizeIntegerText(v) ?? v)) : v),
    z.coerce.number({ invalid_type_error: 'La quantité doit être un nombre entier', required_error: required }),
  )
  .pipe(
    z
      .number()
      .int('La quantité doit être un nombre entier')
      .min(1, 'La quantité doit être au moins 1')
      .max(10_000, 'La quantité doit être au plus 10 000'),
  );

const optionalLabel = z
  .string({ invalid_type_error: 'Libellé invalide' })
  .trim()
  .max(200, '200 caractères au maximum')
  .optional()
  .transform((v) => (v ? v : undefined));

export const metalComponentSchema = z.object({
  kind: z.literal('metal'),
  label: optionalLabel,
  alloyId: uuidField('Alliage inconnu'),
  weightG: decimalString({ max: 100_000, scale: 3, positive: true }),
  lossPct: decimalString({ min: 0, max: 100, scale: 2 }).nullish(),
});

export const stoneComponentSchema = z.object({
  kind: z.literal('stone'),
  label: optionalLabel,
  stoneId: uuidField('Pierre ou composant inconnu'),
  quantity: quantityField,
});

export const meleeComponentSchema = z.object({
  kind: z.literal('melee'),
  label: optionalLabel,
  mm: decimalString({ min: 0.7, max: 4, scale: 2 }),
  clarity: z.enum(CLARITY_TABS, { errorMap: () => ({ message: 'Pureté inconnue' }) }),
  quantity: quantityField,
});

export const labourComponentSchema = z.object({
  kind: z.literal('labour'),
  label: optionalLabel,
  productionStepId: uuidField('Étape de production inconnue'),
  minutes: decimalString({ max: 100_000, scale: 2, positive: true }),
  /** Overrides the step's hourly rate (EUR/h) when set. */
  hourlyRate: decimalString({ min: 0, max: 100_000, scale: 2 }).nullish(),
});

export const otherComponentSchema = z.object({
  kind: z.literal('other'),
  label: z.string({ required_error: required }).trim().min(1, required).max(200, '200 caractères au maximum'),
  amount: decimalString({ min: 0, max: 10_000_000, scale: 2 }),
});

export const productComponentSchema = z.discriminatedUnion(
  'kind',
  [metalComponentSchema, stoneComponentSchema, meleeComponentSchema, labourComponentSchema, otherComponentSchema],
  { errorMap: () => ({ message: 'Type de ligne inconnu (metal, stone, melee, labour, other)' }) },
);
export type ProductComponentInput = z.infer<typeof productComponentSchema>;

export const slugSchema = z
  .string({ invalid_type_error: 'Slug invalide' })
  .trim()
  .toLowerCase()
  .min(1, required)
  .max(SLUG_MAX, `${SLUG_MAX} caractères au maximum`)
  .regex(SLUG_PATTERN, 'Lettres minuscules, chiffres et tirets uniquement (ex. alliance-or-jaune)');

const productFields = {
  name: z.string({ required_error: required }).trim().min(1, required).max(200, '200 caractères au maximum'),
  /** Generated from the name when absent. */
  slug: slugSchema.optional(),
  category: z.enum(PRODUCT_CATEGORIES, { errorMap: () => ({ message: 'Catégorie inconnue' }) }),
  description: z
    .string({ invalid_type_error: 'Description invalide' })
    .max(5000, '5000 caractères au maximum')
    .default(''),
  /**
   * Metal, stones (stone, melee and other lines) and labour coefficients (ADR 0003). Absent at creation: the
   * organization's settings; absent at update: unchanged.
   */
  coefficients: z
    .object(
      { metal: coefficientField, stones: coefficientField, labour: coefficientField },
      { invalid_type_error: 'Coefficients invalides' },
    )
    .optional(),
  components: z
    .array(productComponentSchema, { invalid_type_error: 'Composition invalide' })
    .max(MAX_PRODUCT_COMPONENTS, `${MAX_PRODUCT_COMPONENTS} lignes au maximum`)
    .default([]),
};

/** POST /api/products body. */
export const productCreateSchema = z.object(productFields);
export type ProductCreateInput = z.input<typeof productCreateSchema>;

/** The version a sheet was read at (optimistic concurrency): "Version manquante" when absent. */
const versionField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' || v === null ? undefined : v),
  z
    .number({ required_error: 'Version manquante', invalid_type_error: 'Version invalide' })
    .int('Version invalide')
    .min(1, 'Version invalide'),
);

/** PUT /api/products/:slug body: the whole sheet plus the version it was read at. */
export const productUpdateSchema = z.object({ ...productFields, version: versionField });
export type ProductUpdateInput = z.input<typeof productUpdateSchema>;

/**
 * POST /api/products/pricing-preview body: an unsaved composition priced like a saved one (the sheet's live
 * preview while editing). The lines the browser could not read yet are left out by the browser.
 */
export const productPricingPreviewSchema = z.object({
  coefficients: z.object({ metal: coefficientField, stones: coefficientField, labour: coefficientField }),
  components: productFields.components,
});
export type ProductPricingPreviewInput = z.input<typeof productPricingPreviewSchema>;

export const PRODUCT_SORT_FIELDS = ['name', 'slug', 'category', 'createdAt', 'updatedAt'] as const;

/**
 * GET /api/products query: the shared list query (q, sort, dir, page, pageSize, `archived`:
 * false | true | all) plus `category` and `withPrices`.
 */
export const productListQuerySchema = listQuerySchema(PRODUCT_SORT_FIELDS, 'name', {
  category: z.enum(PRODUCT_CATEGORIES, { errorMap: () => ({ message: 'Catégorie inconnue' }) }).optional(),
  /** When true each item carries its live price (cost, sale price, complete). */
  withPrices: queryBoolean.default(false),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** POST /api/products/:slug/photos body (shared with the other photos, ./photos.ts). */
export const productPhotoUploadSchema = photoUploadSchema;
export type ProductPhotoUploadInput = PhotoUploadInput;

/** PUT /api/products/:slug/photos/order body: every photo id of the product, in the new order. */
export const productPhotoOrderSchema = z.object({
  photoIds: z
    .array(z.string().uuid('Photo inconnue'), { required_error: required })
    .min(1, required)
    .max(PRODUCT_PHOTOS_MAX, `${PRODUCT_PHOTOS_MAX} photos au maximum`),
});

/** POST /api/products/:slug/snapshots body. */
export const productSnapshotCreateSchema = z.object({
  label: z.string({ invalid_type_error: 'Libellé invalide' }).trim().max(200, '200 caractères au maximum').optional(),
});

/** GET /api/products/:slug/pricing query. */
export const productPricingQuerySchema = z.object({
  snapshotId: z.string().uuid('Instantané inconnu').optional(),
});

// ---- Answers (types shared with the web) ----

/** One market value a price used, with its time and freshness. */
export interface MarketValueUsed {
  value: string;
  source: string;
  observedAt: string;
  fetchedAt: string;
  stale: boolean;
}

/** The market values a price was computed with (stored in snapshots). */
export interface MarketUsed {
  computedAt: string;
  metals: Record<'gold' | 'silver' | 'platinum', MarketValueUsed | null>;
  fx: { USD: MarketValueUsed | null; ILS: MarketValueUsed | null };
  /** The calibrated ranges loaded for the melee lines' clarities. */
  calibrated: CalibratedRange[];
}

/** The price of a product now: the breakdown and the market values it was computed with. */
export interface ProductPricing extends PricingBreakdown {
  market: MarketUsed;
}

export interface ProductSummary {
  id: string;
  slug: string;
  name: string;
  category: ProductCategory;
  description: string;
  coefficients: ProductCoefficients;
  /** Archived like the référentiels (DELETE archives, POST .../restore restores); null = active. */
  archivedAt: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export type { PhotoMeta } from './photos';

/** A composition line as the API answers it: the input fields plus its id and position. */
export type StoredComponent = PricingComponent & { id: string; position: number };

/** GET/POST/PUT /api/products/:slug answer. */
export interface ProductDetail extends ProductSummary {
  components: StoredComponent[];
  photos: PhotoMeta[];
  pricing: ProductPricing;
}

/** GET /api/products item. */
export interface ProductListItem extends ProductSummary {
  photoCount: number;
  coverUrl: string | null;
  /** With `withPrices=true`. */
  price?: { totalCost: string; salePrice: string; complete: boolean };
}

export interface SnapshotSummary {
  id: string;
  label: string | null;
  takenAt: string;
  takenBy: string | null;
  productVersion: number;
  totalCost: string;
  salePrice: string;
  complete: boolean;
}

export interface SnapshotDetail extends SnapshotSummary {
  market: MarketUsed;
  pricing: PricingBreakdown;
}

/** Difference today - snapshot: EUR amount and % of the snapshot (null when the snapshot is 0). */
export interface PriceDelta {
  amount: string;
  percent: string | null;
}

/** GET /api/products/:slug/pricing answer. */
export interface ProductPricingComparison {
  today: ProductPricing;
  snapshot: SnapshotDetail | null;
  comparison: { totalCost: PriceDelta; salePrice: PriceDelta; sameComposition: boolean } | null;
}
