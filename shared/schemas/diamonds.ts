import { z } from 'zod';
import { CLARITY_TABS } from '../constants';
import {
  FEED_AVAILABILITY_CODES,
  FEED_CLARITY_CODES,
  FEED_COLOR_CODES,
  FEED_FANCY_COLOR_CODES,
  FEED_FLUORESCENCE_CODES,
  FEED_GRADE_CODES,
  FEED_LAB_CODES,
  FEED_SHAPE_CODES,
} from '../diamond-feed-codes';
import { diamondNameKey } from '../diamond-names';
import { SEARCH_COUNT_CAP } from './lists';

/** Catalogue listing. Prices are decimal strings or null when unknown. */
export const diamondListingSchema = z.object({
  id: z.string(),
  ref: z.string(),
  carats: z.string(),
  color: z.string(),
  clarity: z.string(),
  lab: z.string().nullable(),
  shape: z.string(),
  cut: z.string().nullable(),
  polish: z.string().nullable(),
  symmetry: z.string().nullable(),
  fluorescence: z.string().nullable(),
  location: z.string().nullable(),
  totalPrice: z.string().nullable(),
  pricePerCarat: z.string().nullable(),
  currency: z.string(),
  totalPriceEur: z.string().nullable(),
  priceEur: z.string().nullable(),
  imageUrl: z.string(),
});
export type DiamondListing = z.infer<typeof diamondListingSchema>;

/** GET /api/ddpl/random6 query. */
export const random6QuerySchema = z
  .object({
    weight_min: z.coerce.number().min(0, 'Poids minimum invalide').max(100).optional(),
    weight_max: z.coerce.number().min(0, 'Poids maximum invalide').max(100).optional(),
  })
  .refine((q) => q.weight_min === undefined || q.weight_max === undefined || q.weight_min <= q.weight_max, {
    message: 'Le poids minimum doit être inférieur ou égal au poids maximum',
    path: ['weight_min'],
  });

/** GET /api/random-diamond (sign-in showcase). */
export const randomDiamondSchema = z.object({
  id: z.string(),
  ref: z.string(),
  shape: z.string(),
  weightCt: z.string(),
  color: z.string(),
  clarity: z.string(),
  lab: z.string().nullable(),
  media: z.object({ images: z.array(z.string()) }),
});
export type RandomDiamond = z.infer<typeof randomDiamondSchema>;

/** GET /api/calibrated-price query. */
export const calibratedPriceQuerySchema = z.object({
  mm: z.coerce
    .number({ invalid_type_error: 'Diamètre invalide' })
    .min(0.7, 'Le diamètre doit être compris entre 0.7 et 4 mm')
    .max(4, 'Le diamètre doit être compris entre 0.7 et 4 mm'),
  clarity: z.enum(CLARITY_TABS, { errorMap: () => ({ message: 'Pureté inconnue' }) }),
});

/** GET /api/calibrated-price answer. Numbers are decimal strings, null when unknown. */
export const calibratedPriceSchema = z.object({
  rangeFound: z.boolean(),
  usdPerCt: z.string().nullable(),
  eurPerCt: z.string().nullable(),
  fxRate: z.string().nullable(),
  usdPerStone: z.string().nullable(),
  eurPerStone: z.string().nullable(),
  approximateCt: z.string().nullable(),
  effectiveDate: z.string().nullable(),
  notes: z.string().nullable(),
});
export type CalibratedPrice = z.infer<typeof calibratedPriceSchema>;

const optionalCarat = (label: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : typeof v === 'string' ? v.replace(',', '.') : v),
    z.coerce
      .number({ invalid_type_error: `${label} invalide` })
      .min(0, `${label} invalide`)
      .max(100, `${label} invalide`)
      .optional(),
  );
const optionalCode = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.string({ invalid_type_error: 'Une seule valeur attendue' }).trim().max(20, 'Valeur invalide').optional(),
);
/** An empty or repeated parameter reads as absent or invalid, never as 0 ("pageSize=" is the default). */
const blankToUndefined = (v: unknown) => (v === '' ? undefined : Array.isArray(v) ? Number.NaN : v);

/**
 * A list filter in the address: "ROUND,OVAL" (or the parameter repeated). Each value is trimmed, empty ones
 * dropped; an empty list is no filter.
 */
function toList(v: unknown): unknown {
  const parts = (Array.isArray(v) ? v : v === undefined ? [] : [v]).flatMap((x: unknown) =>
    typeof x === 'string' ? x.split(',') : [x],
  );
  const values = parts.map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '');
  return values.length === 0 ? undefined : values;
}
/** A list whose values may hold commas ("Anvers, BE"): the parameter repeated, each value whole. */
function toWholeList(v: unknown): unknown {
  const values = (Array.isArray(v) ? v : v === undefined ? [] : [v])
    .map((x: unknown) => (typeof x === 'string' ? x.trim() : x))
    .filter((x) => x !== '');
  return values.length === 0 ? undefined : values;
}
const wholeList = (max: number) =>
  z.preprocess(
    toWholeList,
    z
      .array(z.string({ invalid_type_error: 'Valeur invalide' }).max(max, 'Valeur invalide'))
      .max(30, 'Trop de valeurs')
      .optional(),
  );
/**
 * A list of codes of `values`, each first put in its stored spelling (`spell`). An unknown one is reported on
 * the field itself (`fieldErrors.shape`, not `shape.0`).
 */
const checkedList = <T extends readonly [string, ...string[]]>(
  values: T,
  message: string,
  spell: (value: string) => string = (x) => x,
) =>
  z.preprocess(
    (v) => {
      const list = toList(v);
      return Array.isArray(list) ? list.map((x: unknown) => (typeof x === 'string' ? spell(x) : x)) : list;
    },
    z
      .array(z.string({ invalid_type_error: message }).max(40, message))
      .max(30, 'Trop de valeurs')
      .superRefine((list, ctx) => {
        if (list.some((x) => !values.includes(x))) ctx.addIssue({ code: 'custom', message });
      })
      .transform((list) => list as T[number][])
      .optional(),
  );
const enumList = <T extends readonly [string, ...string[]]>(values: T, message: string) => checkedList(values, message);
const spelledList = <T extends readonly [string, ...string[]]>(
  values: T,
  spell: (value: string) => string,
  message: string,
) => checkedList(values, message, spell);

/** The stored shape names (ROUND, SQUARE EMERALD…): `diamondNameKey` of the feed shape codes. */
export const DIAMOND_SHAPE_NAMES = FEED_SHAPE_CODES.map(diamondNameKey) as unknown as readonly [string, ...string[]];
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values, { errorMap: () => ({ message }) }).optional());
const optionalEuro = (label: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : typeof v === 'string' ? v.replace(/\s/g, '').replace(',', '.') : v),
    z.coerce
      .number({ invalid_type_error: `${label} invalide` })
      .min(0, `${label} invalide`)
      .max(100_000_000, `${label} invalide`)
      .optional(),
  );

/** Sorts of the catalogue search: EUR total price, carats, EUR price per carat. */
export const DIAMOND_SORTS = ['price', 'carats', 'pricePerCarat'] as const;
export type DiamondSort = (typeof DIAMOND_SORTS)[number];

/**
 * Matches counted up to this many, as every list's search (`SEARCH_COUNT_CAP`); above it the answer says
 * `totalCapped` ("plus de 1 000 (affinez la recherche)").
 */
export const DIAMOND_COUNT_CAP = SEARCH_COUNT_CAP;

/** Largest page of the catalogue search (cards 24, table 50). */
export const DIAMOND_MAX_PAGE_SIZE = 60;

/**
 * GET /api/diamonds query: the catalogue page's and the quote builder picker's search. Lists are comma-separated
 * ("ROUND,OVAL"); ranges are inclusive and read in the scale's order (colour D best, clarity FL best, grades
 * ideal best: `cutMin=very-good` keeps very good and better).
 *
 * - `shape`: stored shape names (ROUND, OVAL, SQUARE EMERALD…, `DIAMOND_SHAPE_NAMES`), or their feed codes
 *   (round, square-emerald), an unknown one is a 400;
 * - `colorMin`/`colorMax` (D–Z letters) and `color` (one exact letter, the picker's); `colorKind` white (D–Z) or
 *   fancy, absent for both; `fancyColor`: fancy colour codes (yellow, pink…);
 * - `clarityMin`/`clarityMax` (FL…I3) and `clarity` (exact);
 * - `cutMin`, `polishMin`, `symmetryMin`: grade codes (ideal, excellent, very-good, good, fair, poor);
 * - `fluorescence`: codes (none, faint…); `lab`: lab codes (GIA…, any case; none = no certificate: stored as
 *   NULL or `none`); `growth`: natural or lab-grown (every lab-grown kind); `location`: stored location values
 *   (see GET /api/diamonds/facets), which may hold commas ("Anvers, BE"): the parameter repeated
 *   (`location=US&location=Anvers, BE`), never comma-separated;
 * - `priceMin`/`priceMax`: the total EUR price; `availability`: codes, `available` when absent.
 */
export const diamondSearchQuerySchema = z
  .object({
    caratMin: optionalCarat('Poids minimum'),
    caratMax: optionalCarat('Poids maximum'),
    shape: spelledList(DIAMOND_SHAPE_NAMES, diamondNameKey, 'Forme inconnue'),
    color: optionalCode,
    colorMin: optionalEnum(FEED_COLOR_CODES, 'Couleur inconnue'),
    colorMax: optionalEnum(FEED_COLOR_CODES, 'Couleur inconnue'),
    colorKind: optionalEnum(['white', 'fancy'] as const, 'Type de couleur inconnu'),
    fancyColor: enumList(FEED_FANCY_COLOR_CODES, 'Couleur fantaisie inconnue'),
    clarity: optionalCode,
    clarityMin: optionalEnum(FEED_CLARITY_CODES, 'Pureté inconnue'),
    clarityMax: optionalEnum(FEED_CLARITY_CODES, 'Pureté inconnue'),
    cutMin: optionalEnum(FEED_GRADE_CODES, 'Qualité de taille inconnue'),
    polishMin: optionalEnum(FEED_GRADE_CODES, 'Poli inconnu'),
    symmetryMin: optionalEnum(FEED_GRADE_CODES, 'Symétrie inconnue'),
    fluorescence: enumList(FEED_FLUORESCENCE_CODES, 'Fluorescence inconnue'),
    lab: spelledList(
      FEED_LAB_CODES,
      (x) => (x.toLowerCase() === 'none' ? 'none' : x.toUpperCase()),
      'Laboratoire inconnu',
    ),
    growth: optionalEnum(['natural', 'lab-grown'] as const, 'Origine inconnue'),
    location: wholeList(120),
    priceMin: optionalEuro('Prix minimum'),
    priceMax: optionalEuro('Prix maximum'),
    availability: enumList(FEED_AVAILABILITY_CODES, 'Disponibilité inconnue'),
    sort: z.enum(DIAMOND_SORTS, { errorMap: () => ({ message: 'Tri non autorisé' }) }).default('price'),
    dir: z.enum(['asc', 'desc'], { errorMap: () => ({ message: 'Sens de tri invalide' }) }).default('asc'),
    page: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ invalid_type_error: 'Numéro de page invalide' })
        .int('Numéro de page invalide')
        .min(1, 'La page commence à 1')
        .max(1000, 'Au plus 1 000 pages : affinez la recherche')
        .default(1),
    ),
    pageSize: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ invalid_type_error: 'Nombre de pierres par page invalide' })
        .int('Nombre de pierres par page invalide')
        .min(1, 'Au moins 1 pierre par page')
        .max(DIAMOND_MAX_PAGE_SIZE, `Au plus ${DIAMOND_MAX_PAGE_SIZE} pierres par page`)
        .default(20),
    ),
  })
  .superRefine((q, ctx) => {
    const order = (list: readonly string[], a?: string, b?: string) =>
      a === undefined || b === undefined || list.indexOf(a) <= list.indexOf(b);
    if (q.caratMin !== undefined && q.caratMax !== undefined && q.caratMin > q.caratMax)
      ctx.addIssue({
        code: 'custom',
        path: ['caratMin'],
        message: 'Le poids minimum doit être inférieur ou égal au poids maximum',
      });
    if (!order(FEED_COLOR_CODES, q.colorMin, q.colorMax))
      ctx.addIssue({
        code: 'custom',
        path: ['colorMin'],
        message: 'La plage de couleurs est inversée (D est la meilleure)',
      });
    if (!order(FEED_CLARITY_CODES, q.clarityMin, q.clarityMax))
      ctx.addIssue({
        code: 'custom',
        path: ['clarityMin'],
        message: 'La plage de puretés est inversée (FL est la meilleure)',
      });
    if (q.priceMin !== undefined && q.priceMax !== undefined && q.priceMin > q.priceMax)
      ctx.addIssue({
        code: 'custom',
        path: ['priceMin'],
        message: 'Le prix minimum doit être inférieur ou égal au prix maximum',
      });
  });
export type DiamondSearchQuery = z.infer<typeof diamondSearchQuerySchema>;

/** One stone of the catalogue search: the listing and what the catalogue page shows beside it. */
export const diamondSearchItemSchema = diamondListingSchema.extend({
  fancyColor: z.string().nullable(),
  fancyIntensity: z.string().nullable(),
  fancyOvertone: z.string().nullable(),
  growth: z.string().nullable(),
  availability: z.string(),
  certificateNumber: z.string().nullable(),
  /** The shop's selling price (EUR total with the feed's markup), null when the feed has no markup data. */
  sellPriceEur: z.string().nullable(),
});
export type DiamondSearchItem = z.infer<typeof diamondSearchItemSchema>;

/** GET /api/diamonds answer. */
export interface DiamondSearchResult {
  items: DiamondSearchItem[];
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
}

/** GET /api/diamonds/facets answer: the values present in the organization's catalogue, for the filters. */
export interface DiamondFacets {
  shapes: string[];
  labs: string[];
  locations: string[];
  fancyColors: string[];
}

/** GET /api/diamonds/:id answer: every stored fact of one stone (numerics as decimal strings). */
export const diamondDetailSchema = diamondSearchItemSchema.extend({
  stockNumber: z.string().nullable(),
  certificateUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  viewer3dUrl: z.string().nullable(),
  measurements: z.string().nullable(),
  lengthMm: z.string().nullable(),
  widthMm: z.string().nullable(),
  depthMm: z.string().nullable(),
  ratio: z.string().nullable(),
  depthPct: z.string().nullable(),
  tablePct: z.string().nullable(),
  girdle: z.string().nullable(),
  culet: z.string().nullable(),
  eyeClean: z.string().nullable(),
  milky: z.string().nullable(),
  shade: z.string().nullable(),
  fluorescenceColor: z.string().nullable(),
  treatments: z.string().nullable(),
  discountPct: z.string().nullable(),
  cashPrice: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  supplier: z.string().nullable(),
  /** The feed it came from (null for the installation-wide demo stones). */
  feedName: z.string().nullable(),
  /** When the stone last changed (ISO 8601): its import, or its last update by a feed. */
  updatedAt: z.string(),
});
export type DiamondDetail = z.infer<typeof diamondDetailSchema>;
