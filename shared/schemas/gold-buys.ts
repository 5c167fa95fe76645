import { z } from 'zod';
import { METALS, type Metal } from '../constants';
import {
  GOLD_BUY_ITEM_CATEGORIES,
  GOLD_BUY_PAYMENT_METHODS,
  GOLD_BUY_TAX_REGIMES,
  ibanIsValid,
  type GoldBuyItemCategory,
  type GoldBuyTaxRegime,
} from '../gold-buy-rules';
import { optionalText } from './common-fields';
import type { PhotoMeta } from './photos';
import { isDateInRange } from './fields';
import { listQuerySchema } from './lists';
import { decimalString } from './products';

/**
 * Gold buy-back from private persons ("Achats d'Or"): API contracts shared by the server, the web screens and
 * the tests. Decimals travel as strings ("12.5"); inputs also accept numbers and French text ("12,5").
 * The rules themselves (prices, tax, withdrawal deadline, IBAN) are in shared/gold-buy-rules.ts.
 */

const required = 'Ce champ est obligatoire';

export const GOLD_BUY_METAL_LABELS: Readonly<Record<Metal, string>> = {
  gold: 'Or',
  silver: 'Argent',
  platinum: 'Platine',
};

/** For the tax (CGI 150 VI-VK): a precious metal (bullion, coins, scrap) or a piece of jewellery. */
export const GOLD_BUY_CATEGORY_LABELS: Readonly<Record<GoldBuyItemCategory, string>> = {
  jewellery: 'Bijou, objet',
  metal: 'Métal précieux (lingot, pièce, débris)',
};

export const GOLD_BUY_STATUSES = ['draft', 'validated', 'paid', 'melted', 'resold', 'withdrawn', 'corrected'] as const;
export type GoldBuyStatus = (typeof GOLD_BUY_STATUSES)[number];
export const GOLD_BUY_STATUS_LABELS: Readonly<Record<GoldBuyStatus, string>> = {
  draft: 'Brouillon',
  validated: 'Validé',
  paid: 'Payé',
  melted: 'Fondu',
  resold: 'Revendu',
  withdrawn: 'Rétracté',
  corrected: 'Remplacé par une correction',
};

export const ID_DOCUMENT_TYPES = ['cni', 'passport', 'residence-permit', 'driving-licence'] as const;
export type IdDocumentType = (typeof ID_DOCUMENT_TYPES)[number];
export const ID_DOCUMENT_TYPE_LABELS: Readonly<Record<IdDocumentType, string>> = {
  cni: "Carte nationale d'identité",
  passport: 'Passeport',
  'residence-permit': 'Titre de séjour',
  'driving-licence': 'Permis de conduire',
};

export const MAX_GOLD_BUY_ITEMS = 100;
/** Item photos per purchase (one per item, and a few not yet saved in the draft). */
export const GOLD_BUY_PHOTOS_MAX = MAX_GOLD_BUY_ITEMS + 20;
/** Scans of the seller's identity document per purchase: front and back. */
export const GOLD_BUY_IDENTITY_SCANS_MAX = 2;

/** Where an item's photo is served (`GoldBuyPricedItem.photoId`). */
export const goldBuyPhotoUrl = (goldBuyId: string, photoId: string): string =>
  `/api/gold-buys/${goldBuyId}/photos/${photoId}`;

const optionalDecimal = (options: Parameters<typeof decimalString>[0]) =>
  z.preprocess((v) => (v === '' ? null : v), decimalString(options).nullish());

/** "2026-02-30" does not exist; a day must also lie within the product's years. */
function isExistingDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day && isDateInRange(day);
}

const optionalDay = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ invalid_type_error: `${label} invalide` })
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} invalide (JJ/MM/AAAA)`)
      .refine((v) => !/^\d{4}-\d{2}-\d{2}$/.test(v) || isExistingDay(v), `${label} : date inexistante`)
      .optional(),
  );

/** The seller as checked on their identity document (all optional on a draft; validation requires them). */
export const goldBuySellerSchema = z.object({
  civility: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['M.', 'Mme']).optional()),
  firstName: optionalText(100),
  lastName: optionalText(100),
  addressLine1: optionalText(200),
  addressLine2: optionalText(200),
  postalCode: optionalText(20),
  city: optionalText(100),
  country: optionalText(100),
  birthDate: optionalDay('Date de naissance'),
  birthPlace: optionalText(100),
  idDocumentType: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(ID_DOCUMENT_TYPES, { message: "Type de pièce d'identité inconnu" }).optional(),
  ),
  /** Kept without spaces and in capitals, so the same document is recognised however it was typed. */
  idDocumentNumber: optionalText(50).transform((v) => (v ? v.replace(/\s+/g, '').toUpperCase() : v)),
  idDocumentAuthority: optionalText(100),
  idDocumentDate: optionalDay('Date de délivrance'),
});
export type GoldBuySeller = z.infer<typeof goldBuySellerSchema>;

/** One item bought. Its price is computed from the market unless typed, with the reason kept. */
export const goldBuyItemSchema = z
  .object({
    description: z
      .string({ required_error: required, invalid_type_error: 'Description invalide' })
      .trim()
      .min(1, required)
      .max(300, '300 caractères au maximum'),
    metal: z.enum(METALS, { message: 'Métal inconnu' }),
    /** In thousandths, any value from 1 to 999 (the legal French titles are offered first). */
    fineness: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v),
      z
        .number({ required_error: required, invalid_type_error: 'Titre en millièmes attendu, par exemple 750' })
        .int('Titre en millièmes attendu, par exemple 750')
        .min(1, 'Titre en millièmes : de 1 à 999')
        .max(999, 'Titre en millièmes : de 1 à 999'),
    ),
    category: z.enum(GOLD_BUY_ITEM_CATEGORIES, { message: 'Catégorie inconnue' }).default('jewellery'),
    grossWeightG: decimalString({ max: 100_000, scale: 3, positive: true }),
    netWeightG: decimalString({ max: 100_000, scale: 3, positive: true }),
    hallmark: z.boolean({ invalid_type_error: 'Valeur invalide' }).default(false),
    /** A photo of the item, uploaded to the draft (POST /api/gold-buys/:id/photos). */
    photoId: z.preprocess(
      (v) => (v === '' ? null : typeof v === 'string' ? v.toLowerCase() : v),
      z.string().uuid('Photo inconnue').nullish(),
    ),
    /** A price typed over the computed one (EUR), and why. */
    priceOverride: optionalDecimal({ min: 0, max: 10_000_000, scale: 2 }),
    overrideReason: optionalText(300),
  })
  .superRefine((item, ctx) => {
    if (Number(item.netWeightG) > Number(item.grossWeightG))
      ctx.addIssue({ code: 'custom', path: ['netWeightG'], message: 'Le poids net dépasse le poids brut' });
    if (item.priceOverride != null && !item.overrideReason)
      ctx.addIssue({ code: 'custom', path: ['overrideReason'], message: 'Indiquez la raison du prix saisi' });
  });
export type GoldBuyItemInput = z.infer<typeof goldBuyItemSchema>;

const goldBuyFields = {
  sellerClientId: z.preprocess(
    (v) => (v === '' ? null : v),
    z.string().uuid('Client inconnu').nullable().default(null),
  ),
  seller: goldBuySellerSchema.default({}),
  items: z
    .array(goldBuyItemSchema, { invalid_type_error: 'Objets invalides' })
    .max(MAX_GOLD_BUY_ITEMS, `${MAX_GOLD_BUY_ITEMS} objets au maximum`)
    .default([]),
  taxRegime: z.enum(GOLD_BUY_TAX_REGIMES, { message: 'Régime fiscal inconnu' }).default('flat'),
  notes: optionalText(5000),
};

/** POST /api/gold-buys body: a new draft. */
export const goldBuyCreateSchema = z.object(goldBuyFields);
export type GoldBuyCreateInput = z.infer<typeof goldBuyCreateSchema>;

/** PUT /api/gold-buys/:id body: the whole draft, with the version it was read at. */
export const goldBuyUpdateSchema = z.object({ ...goldBuyFields, version: z.number().int().positive() });
export type GoldBuyUpdateInput = z.infer<typeof goldBuyUpdateSchema>;

/**
 * POST /api/gold-buys/:id/validate body: the contract is signed now. Payment by transfer to an account in the
 * seller's name or by crossed cheque; cash does not exist (CMF L112-6), so the schema cannot carry it.
 */
export const goldBuyValidateSchema = z
  .object({
    version: z.number().int().positive(),
    signedPlace: z
      .string({ required_error: required, invalid_type_error: 'Lieu invalide' })
      .trim()
      .min(1, 'Le lieu de signature est obligatoire')
      .max(200),
    paymentMethod: z.enum(GOLD_BUY_PAYMENT_METHODS, {
      message: 'Paiement par virement ou par chèque barré uniquement : les espèces sont interdites',
    }),
    iban: optionalText(50),
    /** The person confirms the account is in the seller's name. */
    accountInSellerName: z.boolean().default(false),
    chequeNumber: optionalText(50),
  })
  .superRefine((v, ctx) => {
    if (v.paymentMethod === 'transfer' && !v.iban)
      ctx.addIssue({ code: 'custom', path: ['iban'], message: "L'IBAN du vendeur est obligatoire pour un virement" });
    else if (v.iban && !ibanIsValid(v.iban))
      ctx.addIssue({ code: 'custom', path: ['iban'], message: 'IBAN invalide (clé de contrôle)' });
    if (v.paymentMethod === 'transfer' && !v.accountInSellerName)
      ctx.addIssue({
        code: 'custom',
        path: ['accountInSellerName'],
        message: 'Le virement doit aller sur un compte au nom du vendeur',
      });
  });
export type GoldBuyValidateInput = z.infer<typeof goldBuyValidateSchema>;

/** POST /api/gold-buys/:id/{pay,withdraw,melt,resell} body. */
export const goldBuyTransitionSchema = z.object({ version: z.number().int().positive() });

export const GOLD_BUY_LIST_STATUSES = [...GOLD_BUY_STATUSES, 'in-withdrawal', 'ready-to-melt'] as const;
export const GOLD_BUY_SORT_FIELDS = ['createdAt', 'signedAt', 'number', 'total', 'sellerName'] as const;

/** GET /api/gold-buys query: the shared list query plus this list's filters. */
export const goldBuyListQuerySchema = listQuerySchema(
  GOLD_BUY_SORT_FIELDS,
  'createdAt',
  {
    status: z.enum(GOLD_BUY_LIST_STATUSES, { errorMap: () => ({ message: 'Statut inconnu' }) }).optional(),
    sellerClientId: z.string().uuid('Client inconnu').optional(),
    from: optionalDay('Du'),
    to: optionalDay('Au'),
    fineness: z.preprocess(
      (v) => (v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
      z
        .number({ invalid_type_error: 'Titre en millièmes attendu' })
        .int('Titre en millièmes attendu')
        .min(1, 'Titre en millièmes : de 1 à 999')
        .max(999, 'Titre en millièmes : de 1 à 999')
        .optional(),
    ),
  },
  'desc',
);
export type GoldBuyListQuery = z.infer<typeof goldBuyListQuerySchema>;

// ---- Answers ----

/** An item as priced: its input, the price per gram of its fineness, the computed price and the price kept. */
export interface GoldBuyPricedItem {
  description: string;
  metal: Metal;
  fineness: number;
  category: GoldBuyItemCategory;
  grossWeightG: string;
  netWeightG: string;
  hallmark: boolean;
  /** Its photo (served at `goldBuyPhotoUrl`), if any. */
  photoId: string | null;
  priceOverride: string | null;
  overrideReason: string | null;
  /** EUR per gram at this fineness (to the cent); null when the metal has no market price. */
  pricePerGram: string | null;
  computedPrice: string | null;
  /** The typed price when there is one, else the computed one. */
  price: string | null;
}

/** A market price a purchase used: EUR per gram of pure metal, its source and time. */
export interface GoldBuyMarketPrice {
  value: string;
  source: string;
  observedAt: string;
}

export interface GoldBuyEvent {
  id: string;
  at: string;
  actor: string;
  action: string;
  label: string;
  fromStatus: string | null;
  toStatus: string | null;
}

export interface GoldBuyTaxAnswer {
  regime: GoldBuyTaxRegime;
  regimeLabel: string;
  flatTax: boolean;
  lines: Array<{
    category: GoldBuyItemCategory;
    label: string;
    base: string;
    ratePct: string;
    tax: string;
    crds: string;
    total: string;
  }>;
  total: string;
  taxDue: string;
  withheldByBuyer: boolean;
  taxWithheld: string;
  netPaid: string;
}

/** GET/POST/PUT /api/gold-buys/:id answer. */
export interface GoldBuyDetail {
  id: string;
  number: string | null;
  status: GoldBuyStatus;
  sellerClientId: string | null;
  seller: GoldBuySeller;
  sellerName: string | null;
  items: GoldBuyPricedItem[];
  /** Frozen at validation; for a draft, today's prices. */
  market: Partial<Record<Metal, GoldBuyMarketPrice | null>>;
  buybackFactor: string;
  taxRegime: GoldBuyTaxRegime;
  vatRegistered: boolean;
  /** Null while an item cannot be priced. */
  tax: GoldBuyTaxAnswer | null;
  total: string;
  taxWithheld: string;
  netPaid: string;
  /** The seller's purchases of the day (this one included) reach 10,000 EUR: identity fields required. */
  amlVigilance: boolean;
  sellerDayTotal: string;
  paymentMethod: 'transfer' | 'cheque' | null;
  iban: string | null;
  chequeNumber: string | null;
  signedAt: string | null;
  signedPlace: string | null;
  withdrawalDeadline: string | null;
  /** Inside the withdrawal period now (by the server's clock). */
  withdrawalOpen: boolean;
  paidAt: string | null;
  withdrawnAt: string | null;
  /** After a withdrawal of a paid purchase: what the seller repays (the net paid), and when it came back. */
  withdrawalRepayment: string | null;
  withdrawalRepaidAt: string | null;
  disposedAt: string | null;
  /** Scans of the seller's identity document; null for a role that may not see them (the count stays). */
  identityScans: PhotoMeta[] | null;
  identityScanCount: number;
  correctionOf: { id: string; number: string | null } | null;
  correctedBy: Array<{ id: string; number: string | null; status: GoldBuyStatus }>;
  notes: string;
  events: GoldBuyEvent[];
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface GoldBuyListItem {
  id: string;
  number: string | null;
  status: GoldBuyStatus;
  sellerName: string | null;
  sellerClientId: string | null;
  itemCount: number;
  netWeightG: string;
  total: string;
  netPaid: string;
  signedAt: string | null;
  withdrawalDeadline: string | null;
  correctionOf: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** One entry of the police register as answered and exported. */
export interface PoliceRegisterEntry {
  number: number;
  entryAt: string;
  direction: 'in' | 'out';
  goldBuyId: string;
  goldBuyNumber: string;
  itemIndex: number;
  /** The register number of the "in" entry this "out" entry closes. */
  refersTo: number | null;
  destination: 'melted' | 'resold' | 'returned' | 'corrected' | null;
  description: string;
  metal: Metal;
  fineness: number;
  weightG: string;
  price: string | null;
  origin: string;
  sellerIdentity: string;
  sellerDocument: string;
  recordedByName: string;
}

export const REGISTER_DESTINATION_LABELS = {
  melted: 'Fondu',
  resold: 'Revendu',
  returned: 'Restitué (rétractation)',
  corrected: 'Annulé (contrat corrigé)',
} as const;

/** GET /api/gold-buys/register query: a day or a period (Paris days), at most 366 days. */
export const policeRegisterQuerySchema = z.object({
  from: z
    .string({ required_error: 'Date de début obligatoire' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Du : date attendue (AAAA-MM-JJ)')
    .refine((v) => !/^\d{4}-\d{2}-\d{2}$/.test(v) || isExistingDay(v), 'Du : date inexistante'),
  to: z
    .string({ required_error: 'Date de fin obligatoire' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Au : date attendue (AAAA-MM-JJ)')
    .refine((v) => !/^\d{4}-\d{2}-\d{2}$/.test(v) || isExistingDay(v), 'Au : date inexistante'),
});

export interface PoliceRegisterAnswer {
  entries: PoliceRegisterEntry[];
  /** Weight bought ("in") per metal and fineness over the period. */
  totals: Array<{ metal: Metal; fineness: number; weightG: string; count: number }>;
}
