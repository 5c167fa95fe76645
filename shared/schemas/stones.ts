import { z } from 'zod';
import { choice, optionalDecimal, optionalInt, optionalText, requiredInt, requiredText } from './fields';
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

const stoneFields = {
  category: choice('Catégorie', STONE_CATEGORIES, STONE_CATEGORY_LABELS),
  name: requiredText('Le nom', 200),
  variety: optionalText('La variété', 100),
  shape: optionalText('La forme', 100),
  sizeMm: optionalDecimal('La taille (mm)', { scale: 2, max: '9999.99' }),
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
  stockQuantity: requiredInt('La quantité en stock', 0, 100_000_000, 0),
  stockLocation: optionalText('L’emplacement', 100),
  lowStockThreshold: optionalInt('Le seuil de stock bas', 0, 100_000_000),
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
  sizeMm: string | null;
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
  stockQuantity: number;
  stockLocation: string | null;
  lowStockThreshold: number | null;
  /** Stock at or below the threshold. */
  lowStock: boolean;
  notes: string | null;
  version: number;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
}
