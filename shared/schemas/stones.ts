import { z } from 'zod';
import { normalizeDecimalText } from '../decimal-input';
import { choice, optionalDecimal, optionalText, requiredText } from './fields';
import { listQuerySchema, queryBoolean, versionField } from './lists';

/** Pierres & Composants. */
export const STONE_CATEGORIES = ['pierre_couleur', 'perle', 'lot_melee', 'appret', 'chaine', 'autre'] as const;
export type StoneCategory = (typeof STONE_CATEGORIES)[number];
export const STONE_CATEGORY_LABELS: Readonly<Record<StoneCategory, string>> = {
  pierre_couleur: 'Pierre de couleur',
  perle: 'Perle',
  lot_melee: 'Lot de mêlée',
  appret: 'Apprêt',
  chaine: 'Chaîne',
  autre: 'Autre',
};
export const WEIGHT_UNITS = ['ct', 'g'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];
export const WEIGHT_UNIT_LABELS: Readonly<Record<WeightUnit, string>> = { ct: 'ct', g: 'g' };
export const STONE_CURRENCIES = ['EUR', 'USD'] as const;
export type StoneCurrency = (typeof STONE_CURRENCIES)[number];
export const STONE_CURRENCY_LABELS: Readonly<Record<StoneCurrency, string>> = { EUR: 'EUR', USD: 'USD' };
/** How a stone's stock is counted: pieces, or carats (melee lots by carat weight). */
export const STOCK_UNITS = ['pc', 'ct'] as const;
export type StockUnit = (typeof STOCK_UNITS)[number];
export const STOCK_UNIT_LABELS: Readonly<Record<StockUnit, string>> = { pc: 'pièces', ct: 'carats' };

const stoneFields = {
  category: choice('Catégorie', STONE_CATEGORIES, STONE_CATEGORY_LABELS),
  name: requiredText('Le nom', 200),
  variety: optionalText('La variété', 100),
  shape: optionalText('La forme', 100),
  sizeMm: optionalDecimal('La taille (mm)', { scale: 2, max: '9999.99' }),
  lengthMm: optionalDecimal('La longueur (mm)', { scale: 2, max: '9999.99' }),
  widthMm: optionalDecimal('La largeur (mm)', { scale: 2, max: '9999.99' }),
  heightMm: optionalDecimal('La hauteur (mm)', { scale: 2, max: '9999.99' }),
  weight: optionalDecimal('Le poids', { scale: 3, max: '999999.999' }),
  weightUnit: choice('Unité de poids', WEIGHT_UNITS, WEIGHT_UNIT_LABELS, 'ct'),
  colour: optionalText('La couleur', 100),
  quality: optionalText('La qualité', 100),
  treatment: optionalText('Le traitement', 200),
  origin: optionalText('L’origine', 100),
  certificate: optionalText('Le certificat', 200),
  unitCost: optionalDecimal('Le coût unitaire', { scale: 2, max: '999999999.99' }),
  currency: choice('Devise', STONE_CURRENCIES, STONE_CURRENCY_LABELS, 'EUR'),
  supplierId: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.string().uuid('Fournisseur invalide').nullable(),
  ),
  // No stock quantity: it is the sum of the stone's stock movements, never typed over (ADR 0015).
  stockUnit: choice('Unité de stock', STOCK_UNITS, STOCK_UNIT_LABELS, 'pc'),
  stockLocation: optionalText('L’emplacement', 100),
  lowStockThreshold: optionalDecimal('Le seuil de stock bas', { scale: 3, max: '100000000' }),
  notes: optionalText('Les notes', 5000),
};

export const stoneInputSchema = z.object(stoneFields);
export type StoneInput = z.infer<typeof stoneInputSchema>;
export const stoneUpdateSchema = z.object(stoneFields).partial().extend({ version: versionField });

export const STONE_SORT_FIELDS = [
  'name',
  'category',
  'variety',
  'stockQuantity',
  'unitCost',
  'createdAt',
  'updatedAt',
] as const;
export const stoneListQuerySchema = listQuerySchema(STONE_SORT_FIELDS, 'name', {
  category: z.enum(STONE_CATEGORIES, { errorMap: () => ({ message: 'Catégorie invalide' }) }).optional(),
  supplierId: z.string().uuid('Fournisseur invalide').optional(),
  lowStock: queryBoolean.optional(),
});
export type StoneListQuery = z.infer<typeof stoneListQuerySchema>;

export interface Stone {
  id: string;
  category: StoneCategory;
  name: string;
  variety: string | null;
  shape: string | null;
  /** Diameter of a round stone. */
  sizeMm: string | null;
  /** Fancy shapes: length × width (× height). */
  lengthMm: string | null;
  widthMm: string | null;
  heightMm: string | null;
  weight: string | null;
  weightUnit: WeightUnit;
  colour: string | null;
  quality: string | null;
  treatment: string | null;
  origin: string | null;
  certificate: string | null;
  unitCost: string | null;
  currency: StoneCurrency;
  /** Unit cost in EUR at the live USD/EUR rate (2 decimals, half-up); null without a cost or a rate. */
  unitCostEur: string | null;
  supplierId: string | null;
  supplierName: string | null;
  /** On hand: the sum of the stock movements (decimal string, 3 places), in `stockUnit`. */
  stockQuantity: string;
  stockUnit: StockUnit;
  /** Stock quantity × unit cost in EUR (USD at the live rate), 2 decimals half-up; null without a cost or a rate. */
  stockValueEur: string | null;
  stockLocation: string | null;
  lowStockThreshold: string | null;
  /** Stock at or below the threshold. */
  lowStock: boolean;
  notes: string | null;
  version: number;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

// ---- Stock movements (ADR 0015) ----

export const STOCK_MOVEMENT_KINDS = ['in', 'out_work_order', 'return_work_order', 'adjustment', 'sold'] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];
export const STOCK_MOVEMENT_KIND_LABELS: Readonly<Record<StockMovementKind, string>> = {
  in: 'Entrée',
  out_work_order: 'Sortie vers OF',
  return_work_order: 'Retour d’OF',
  adjustment: 'Ajustement',
  sold: 'Vente',
};
/** The kinds recorded from a stone's page; issues to and returns from a work order are made by the work order. */
export const MANUAL_STOCK_MOVEMENT_KINDS = ['in', 'adjustment', 'sold'] as const;
export type ManualStockMovementKind = (typeof MANUAL_STOCK_MOVEMENT_KINDS)[number];
/** The kinds that take stock away (their quantity is stored negative). */
export const OUTGOING_STOCK_MOVEMENT_KINDS: ReadonlySet<StockMovementKind> = new Set(['out_work_order', 'sold']);

/** The largest quantity of one movement (and of a stone's stock), in pieces or carats. */
export const MAX_STOCK_QUANTITY = '100000000';
export const WORK_ORDER_KIND_MESSAGE =
  'Les sorties vers un OF et les retours d’OF se font depuis l’ordre de fabrication';
export const REASON_REQUIRED_MESSAGE = 'Le motif est obligatoire pour un ajustement';
export const PIECES_WHOLE_MESSAGE = 'La quantité en pièces doit être un nombre entier';

const QUANTITY_PATTERN = /^-?\d{1,9}(\.\d{1,3})?$/;

/**
 * A movement's quantity as typed: "12,5", "12.5", 12.5, "1 250"; up to 3 decimals. Signed ("-2") only where
 * `signed` (an adjustment); never zero.
 */
export function stockQuantityField(signed: boolean) {
  const label = 'La quantité';
  return z.preprocess(
    (v) => {
      if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'NaN';
      if (typeof v === 'string') {
        const plus = v.trim().replace(/^\+/, '');
        if (plus === '') return undefined;
        return normalizeDecimalText(plus, { allowNegative: true }) ?? v;
      }
      return v;
    },
    z
      .string({ required_error: `${label} est obligatoire`, invalid_type_error: `${label} doit être un nombre` })
      .regex(QUANTITY_PATTERN, `${label} doit être un nombre avec au plus 3 décimales`)
      .refine((s) => signed || !s.startsWith('-'), `${label} doit être positive`)
      .refine((s) => Number(s) !== 0, `${label} ne peut pas être nulle`)
      .refine((s) => Math.abs(Number(s)) <= Number(MAX_STOCK_QUANTITY), `${label} doit être au plus 100 000 000`),
  );
}

/**
 * The body of `POST /api/stones/:id/movements`: an entry ('in'), an adjustment (signed quantity, reason
 * required) or a sale ('sold'). Quantities of entries and sales are positive; the kind gives the sign.
 */
export const stockMovementInputSchema = z
  .object({
    kind: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string({
        required_error: 'Le type de mouvement est obligatoire',
        invalid_type_error: 'Type de mouvement invalide',
      }),
    ),
    quantity: z.unknown(),
    reason: optionalText('Le motif', 500),
  })
  .transform((raw, ctx) => {
    const kind = raw.kind;
    if (kind === 'out_work_order' || kind === 'return_work_order') {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['kind'], message: WORK_ORDER_KIND_MESSAGE });
      return z.NEVER;
    }
    if (!(MANUAL_STOCK_MOVEMENT_KINDS as readonly string[]).includes(kind)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['kind'],
        message: 'Type de mouvement : choisir parmi Entrée, Ajustement, Vente',
      });
      return z.NEVER;
    }
    const manualKind = kind as ManualStockMovementKind;
    const quantity = stockQuantityField(manualKind === 'adjustment').safeParse(raw.quantity);
    let failed = false;
    if (!quantity.success) {
      for (const issue of quantity.error.issues) ctx.addIssue({ ...issue, path: ['quantity'] });
      failed = true;
    }
    if (manualKind === 'adjustment' && !raw.reason) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['reason'], message: REASON_REQUIRED_MESSAGE });
      failed = true;
    }
    if (failed || !quantity.success) return z.NEVER;
    return { kind: manualKind, quantity: quantity.data, reason: raw.reason };
  });
export type StockMovementInput = z.infer<typeof stockMovementInputSchema>;

export const stockMovementListQuerySchema = z.object({
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
    .max(100, 'Au plus 100 éléments par page')
    .default(25),
});

export interface StockMovement {
  id: string;
  stoneId: string;
  kind: StockMovementKind;
  /** Signed as it affects stock ("-2.000" for a sale of 2), 3 decimals. */
  quantity: string;
  unit: StockUnit;
  workOrderId: string | null;
  /** The work order's number (OF-2026-0001) when the movement belongs to one. */
  workOrderNumber: string | null;
  reason: string | null;
  unitCost: string | null;
  currency: StoneCurrency | null;
  at: string;
  userId: string | null;
  userName: string;
}

export interface StockMovementPage {
  items: StockMovement[];
  total: number;
  page: number;
  pageSize: number;
}

/** The answer of `POST /api/stones/:id/movements`: the movement and the stone as it now is. */
export interface StockMovementResult {
  movement: StockMovement;
  stone: Stone;
}

/** A decimal quantity without its trailing zeros, French writing: "12.500" -> "12,5", "-1250.000" -> "-1 250". */
export function formatQuantityFr(quantity: string): string {
  const [whole = '0', fraction = ''] = quantity.trim().split('.');
  const negative = whole.startsWith('-');
  const digits = (negative ? whole.slice(1) : whole).replace(/^0+(?=\d)/, '');
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, '\u202f');
  const decimals = fraction.replace(/0+$/, '');
  return `${negative ? '-' : ''}${grouped}${decimals ? `,${decimals}` : ''}`;
}

/** A stock quantity with its unit: "12,5 ct", "3 pièces", "1 pièce". */
export function formatStockQuantity(quantity: string, unit: StockUnit): string {
  const text = formatQuantityFr(quantity);
  if (unit === 'ct') return `${text} ct`;
  return `${text} ${Math.abs(Number(quantity)) <= 1 ? 'pièce' : 'pièces'}`;
}
