import { z } from 'zod';
import { CLARITY_TABS } from '../constants';

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
const optionalCode = z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(20).optional());

/** GET /api/diamonds query (the quote builder's picker): filters, sort by EUR price or carats, pages of 20. */
export const diamondSearchQuerySchema = z
  .object({
    caratMin: optionalCarat('Poids minimum'),
    caratMax: optionalCarat('Poids maximum'),
    shape: optionalCode,
    color: optionalCode,
    clarity: optionalCode,
    lab: optionalCode,
    priceMax: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce.number({ invalid_type_error: 'Prix maximum invalide' }).min(0, 'Prix maximum invalide').optional(),
    ),
    sort: z.enum(['price', 'carats'], { errorMap: () => ({ message: 'Tri non autorisé' }) }).default('price'),
    dir: z.enum(['asc', 'desc'], { errorMap: () => ({ message: 'Sens de tri invalide' }) }).default('asc'),
    page: z.coerce.number().int('Numéro de page invalide').min(1, 'La page commence à 1').max(1000).default(1),
    pageSize: z.coerce.number().int().min(1).max(50, 'Au plus 50 pierres par page').default(20),
  })
  .refine((q) => q.caratMin === undefined || q.caratMax === undefined || q.caratMin <= q.caratMax, {
    message: 'Le poids minimum doit être inférieur ou égal au poids maximum',
    path: ['caratMin'],
  });
export type DiamondSearchQuery = z.infer<typeof diamondSearchQuerySchema>;
