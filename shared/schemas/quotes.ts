import { z } from 'zod';
import { CLARITY_TABS } from '../constants';
import type { QuotePricing, QuotePricingContext, VatAmount } from '../quote-pricing';
import { optionalText } from './common-fields';
import { isDateInRange } from './fields';
import { listQuerySchema } from './lists';
import { decimalString, type MarketUsed } from './products';

/**
 * Quotes ("Devis & Pricing"): API contracts shared by the server, the web builder and the tests.
 * Decimals travel as strings ("3.2"); inputs also accept numbers and French text ("3,2", "1 234,5").
 */

const required = 'Ce champ est obligatoire';

export const QUOTE_LINE_KINDS = ['metal', 'diamond', 'melee', 'stone', 'labour', 'product', 'free'] as const;
export type QuoteLineKind = (typeof QUOTE_LINE_KINDS)[number];
export const QUOTE_LINE_KIND_LABELS: Readonly<Record<QuoteLineKind, string>> = {
  metal: 'Métal',
  diamond: 'Diamant (catalogue)',
  melee: 'Mêlée (calibrés)',
  stone: 'Pierre / composant (stock)',
  labour: "Main-d'œuvre",
  product: 'Fiche produit',
  free: 'Ligne libre',
};

export const QUOTE_UNITS = ['pc', 'ct', 'g', 'h', 'forfait'] as const;
export type QuoteUnit = (typeof QUOTE_UNITS)[number];
/** How a unit is printed on the quote and its PDF. */
export const QUOTE_UNIT_LABELS: Readonly<Record<QuoteUnit, string>> = {
  pc: 'pièce',
  ct: 'ct',
  g: 'g',
  h: 'h',
  forfait: 'forfait',
};

export const PRICE_MODES = ['coefficient', 'margin', 'price'] as const;
export type PriceMode = (typeof PRICE_MODES)[number];
export const PRICE_MODE_LABELS: Readonly<Record<PriceMode, string>> = {
  coefficient: 'Coefficient',
  margin: 'Marge %',
  price: 'Prix saisi',
};

export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'refused', 'expired'] as const;
/** `expired` is never stored: a sent quote past its validity date reads as expired. */
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export type StoredQuoteStatus = Exclude<QuoteStatus, 'expired'>;
export const QUOTE_STATUS_LABELS: Readonly<Record<QuoteStatus, string>> = {
  draft: 'Brouillon',
  sent: 'Envoyé',
  accepted: 'Accepté',
  refused: 'Refusé',
  expired: 'Expiré',
};

export const MAX_QUOTE_LINES = 200;
/** VAT rates a line may carry (France: 20 % standard, 10 %, 5,5 %, 2,1 %, 0 % export or exempt). */
export const VAT_RATES = ['20', '10', '5.5', '2.1', '0'] as const;
/** A sent quote older than this shows how today's metal prices would change it. */
export const QUOTE_REPRICE_HINT_DAYS = 7;

const uuidField = (message: string) =>
  z.string({ required_error: required, invalid_type_error: message }).uuid(message);

const optionalDecimal = (options: Parameters<typeof decimalString>[0]) =>
  z.preprocess((v) => (v === '' ? null : v), decimalString(options).nullish());

/** Fields every line has: what the client reads, and how it is priced. */
const commonLineFields = {
  /** A stable id the browser gives a line (drag and drop, focus); generated when absent. */
  key: z.string().max(64).optional(),
  label: z
    .string({ invalid_type_error: 'Libellé invalide' })
    .trim()
    .max(200, '200 caractères au maximum')
    .optional()
    .transform((v) => (v ? v : undefined)),
  description: z
    .string({ invalid_type_error: 'Description invalide' })
    .max(2000, '2000 caractères au maximum')
    .default(''),
  quantity: decimalString({ max: 100_000, scale: 3, positive: true }).default('1'),
  priceMode: z.enum(PRICE_MODES, { errorMap: () => ({ message: 'Mode de prix inconnu' }) }).default('coefficient'),
  /** Absent = the default of the line's kind (settings; a product sheet's own price). */
  coefficient: optionalDecimal({ max: 100, scale: 3, positive: true }),
  /** Margin as a share of the sale price: price = cost / (1 - margin %). */
  marginPct: optionalDecimal({ min: 0, max: 99.99, scale: 2 }),
  /** Unit price excl. VAT, typed. */
  unitPrice: optionalDecimal({ min: 0, max: 100_000_000, scale: 2 }),
  discountPct: decimalString({ min: 0, max: 100, scale: 2 }).default('0'),
  vatRatePct: decimalString({ min: 0, max: 100, scale: 2 }).default('20'),
};

const metalLine = z.object({
  kind: z.literal('metal'),
  alloyId: uuidField('Alliage inconnu'),
  weightG: decimalString({ max: 100_000, scale: 3, positive: true }),
  lossPct: optionalDecimal({ min: 0, max: 100, scale: 2 }),
  ...commonLineFields,
});
const diamondLine = z.object({
  kind: z.literal('diamond'),
  diamondId: z
    .union([z.string(), z.number()], { errorMap: () => ({ message: 'Diamant inconnu' }) })
    .transform(String)
    .refine((v) => /^\d{1,18}$/.test(v), 'Diamant inconnu'),
  ...commonLineFields,
});
const meleeLine = z.object({
  kind: z.literal('melee'),
  mm: decimalString({ min: 0.7, max: 4, scale: 2 }),
  clarity: z.enum(CLARITY_TABS, { errorMap: () => ({ message: 'Pureté inconnue' }) }),
  ...commonLineFields,
});
const stoneLine = z.object({
  kind: z.literal('stone'),
  stoneId: uuidField('Pierre ou composant inconnu'),
  /** The stone's unit cost is read per piece, or per carat for a stone sold by weight. */
  stoneUnit: z.enum(['pc', 'ct'], { errorMap: () => ({ message: 'Unité inconnue (pièce ou carat)' }) }).default('pc'),
  ...commonLineFields,
});
const labourLine = z.object({
  kind: z.literal('labour'),
  productionStepId: uuidField('Étape de production inconnue'),
  minutes: optionalDecimal({ max: 100_000, scale: 2, positive: true }),
  /** Overrides the step's hourly rate (EUR/h). */
  hourlyRate: optionalDecimal({ min: 0, max: 100_000, scale: 2 }),
  /** A subcontracted step: price per piece (EUR) instead of minutes x rate. */
  subcontractPrice: optionalDecimal({ min: 0, max: 10_000_000, scale: 2 }),
  ...commonLineFields,
});
const productLine = z.object({
  kind: z.literal('product'),
  productId: uuidField('Fiche produit inconnue'),
  ...commonLineFields,
});
const freeLine = z.object({
  kind: z.literal('free'),
  ...commonLineFields,
  label: z.string({ required_error: required }).trim().min(1, required).max(200, '200 caractères au maximum'),
  unit: z.enum(QUOTE_UNITS, { errorMap: () => ({ message: 'Unité inconnue' }) }).default('pc'),
  /** Cost per unit (EUR) for the margin; 0 when unknown. */
  unitCost: optionalDecimal({ min: 0, max: 100_000_000, scale: 2 }),
});

export const quoteLineSchema = z
  .discriminatedUnion('kind', [metalLine, diamondLine, meleeLine, stoneLine, labourLine, productLine, freeLine], {
    errorMap: () => ({ message: 'Type de ligne inconnu' }),
  })
  .superRefine((line, ctx) => {
    if (line.priceMode === 'price' && line.unitPrice == null)
      ctx.addIssue({ code: 'custom', path: ['unitPrice'], message: 'Prix unitaire HT obligatoire' });
    if (line.priceMode === 'margin' && line.marginPct == null)
      ctx.addIssue({ code: 'custom', path: ['marginPct'], message: 'Marge obligatoire' });
    if (line.kind === 'labour' && line.subcontractPrice == null && line.minutes == null)
      ctx.addIssue({ code: 'custom', path: ['minutes'], message: 'Durée en minutes ou prix de sous-traitance' });
  });
export type QuoteLineInput = z.infer<typeof quoteLineSchema>;
export type QuoteLineDraft = z.input<typeof quoteLineSchema>;

const linesField = z
  .array(quoteLineSchema, { invalid_type_error: 'Lignes invalides' })
  .max(MAX_QUOTE_LINES, `${MAX_QUOTE_LINES} lignes au maximum`)
  .default([]);

const optionalUuid = (message: string) =>
  z.preprocess((v) => (v === '' ? null : v), z.string().uuid(message).nullable().default(null));

const quoteFields = {
  clientId: optionalUuid('Client inconnu'),
  projectId: optionalUuid('Projet inconnu'),
  title: z.preprocess((v) => (v === null ? '' : v), optionalText(200)),
  notes: optionalText(5000),
  paymentTerms: optionalText(1000),
  deliveryTerms: optionalText(1000),
  /** The quote's validity in days (default: the organization's settings). */
  validityDays: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
    z
      .number({ invalid_type_error: 'Nombre entier de jours attendu' })
      .int('Nombre entier de jours attendu')
      .min(1, 'Au moins 1 jour')
      .max(365, 'Au plus 365 jours')
      .optional(),
  ),
  /** A free quote ("Devis gratuit"), or a paid one with its fee incl. VAT. */
  isFree: z.boolean({ invalid_type_error: 'Valeur invalide' }).default(true),
  quoteFee: optionalDecimal({ min: 0, max: 100_000, scale: 2 }),
  lines: linesField,
};

const feeCheck = (v: { isFree: boolean; quoteFee?: string | null | undefined }, ctx: z.RefinementCtx) => {
  if (!v.isFree && !v.quoteFee)
    ctx.addIssue({ code: 'custom', path: ['quoteFee'], message: 'Montant du devis payant obligatoire' });
};

/** POST /api/quotes body: a new draft. */
export const quoteCreateSchema = z.object(quoteFields).superRefine(feeCheck);
export type QuoteCreateInput = z.input<typeof quoteCreateSchema>;

/** PUT /api/quotes/:id body: the whole draft and the version it was read at. */
export const quoteUpdateSchema = z
  .object({ ...quoteFields, version: z.number({ required_error: 'Version manquante' }).int().min(1) })
  .superRefine(feeCheck);
export type QuoteUpdateInput = z.input<typeof quoteUpdateSchema>;

/** POST /api/quotes/pricing-preview body. */
export const quotePricingPreviewSchema = z.object({ lines: linesField });

/** POST /api/quotes/:id/{send,accept,refuse,reprice} body. */
export const quoteActionSchema = z.object({ version: z.number({ required_error: 'Version manquante' }).int().min(1) });

export const QUOTE_SORT_FIELDS = ['createdAt', 'updatedAt', 'number', 'totalInclVat', 'validUntil', 'title'] as const;

/** A calendar day that exists ("2026-02-30" and "2026-13-45" do not), within FIRST_YEAR..LAST_YEAR. */
const dayField = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} : date attendue (AAAA-MM-JJ)`)
    .refine((v) => {
      // Zod runs this after a failed pattern too: "12,5" must not reach toISOString (an invalid date throws).
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return true;
      const day = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === v && isDateInRange(v);
    }, `${label} : date inexistante`)
    .optional();
const amountFilter = (label: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    decimalString({ min: 0, max: 1_000_000_000, scale: 2, label }).optional(),
  );

/** GET /api/quotes query: the shared list query plus status, client, project, period (created) and amount incl. VAT. */
export const quoteListQuerySchema = listQuerySchema(
  QUOTE_SORT_FIELDS,
  'createdAt',
  {
    status: z.enum(QUOTE_STATUSES, { errorMap: () => ({ message: 'Statut inconnu' }) }).optional(),
    clientId: z.string().uuid('Client inconnu').optional(),
    projectId: z.string().uuid('Projet inconnu').optional(),
    from: dayField('Du'),
    to: dayField('Au'),
    minAmount: amountFilter('Montant minimum'),
    maxAmount: amountFilter('Montant maximum'),
  },
  'desc',
);
export type QuoteListQuery = z.infer<typeof quoteListQuerySchema>;

// ---- Answers ----

export interface QuoteListItem {
  id: string;
  number: string | null;
  status: QuoteStatus;
  title: string;
  clientId: string | null;
  clientName: string | null;
  projectId: string | null;
  totalExclVat: string;
  totalInclVat: string;
  lineCount: number;
  issuedOn: string | null;
  validUntil: string | null;
  revisionOf: string | null;
  archivedAt: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface QuoteEvent {
  id: string;
  at: string;
  actor: string;
  action: string;
  /** What happened, in French ("Envoyé", "Accepté via le lien de partage"...). */
  label: string;
  fromStatus: string | null;
  toStatus: string | null;
  details: Record<string, unknown> | null;
}

/** The stored price of a quote: frozen when sent; for a draft, the price at its last save. */
export interface QuotePriceRecord {
  pricing: QuotePricing;
  market: MarketUsed;
  context: QuotePricingContext;
}

export interface QuoteDetail extends QuoteListItem {
  lines: QuoteLineInput[];
  notes: string;
  paymentTerms: string;
  deliveryTerms: string;
  validityDays: number;
  isFree: boolean;
  quoteFee: string | null;
  sentAt: string | null;
  decidedAt: string | null;
  decidedVia: 'staff' | 'share-link' | null;
  revisionIndex: number | null;
  revisions: Array<{ id: string; number: string | null; status: QuoteStatus }>;
  /** The price as stored (frozen at sending; last save of a draft). Costs are left out for roles without costs. */
  stored: { pricing: QuotePricing; market: MarketUsed } | null;
  /** Draft: today's price ("prix du jour"). Sent: today's metal prices applied to the frozen quote. */
  today: { pricing: QuotePricing; market: MarketUsed } | null;
  /** Difference stored -> today, incl. VAT; null when nothing to compare. */
  todayDifference: { amount: string; percent: string | null; metalsOnly: boolean } | null;
  share: { active: boolean; createdAt: string | null; expiresOn: string | null };
  events: QuoteEvent[];
  canSeeCosts: boolean;
}

/** GET /api/quotes/summary: count and totals of the filtered quotes. */
export interface QuoteSummary {
  count: number;
  totalExclVat: string;
  totalInclVat: string;
}

/** The shop's identity as its documents and the client's page print it (from the settings). */
export interface OrganizationIdentity {
  legalName: string;
  legalForm: string;
  addressLines: string[];
  siren: string;
  siret: string;
  rcsRm: string;
  vatNumber: string;
  email: string;
  phone: string;
}

/** GET /api/shared-quotes/:token (the client's page, no sign-in): the quote without any cost. */
export interface SharedQuoteView {
  organization: OrganizationIdentity;
  quote: {
    number: string | null;
    title: string;
    status: StoredQuoteStatus;
    issuedOn: string | null;
    validUntil: string | null;
    clientName: string | null;
    lines: Array<{
      label: string;
      description: string;
      quantity: string;
      unit: QuoteUnit;
      unitPrice: string | null;
      discountPct: string;
      total: string | null;
      vatRatePct: string;
    }>;
    totals: { totalExclVat: string; vatByRate: VatAmount[]; totalVat: string; totalInclVat: string };
    paymentTerms: string;
    deliveryTerms: string;
    isFree: boolean;
    quoteFee: string | null;
    /** ISO instant of the acceptance, when accepted. */
    acceptedAt: string | null;
  };
  canAccept: boolean;
}
