import Decimal from 'decimal.js';
import { and, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { convertToEur, toCents } from '@shared/pricing';
import { normalizeSearch } from '@shared/search-text';
import { buildSearchText } from '@shared/search-text';
import {
  stoneInputSchema,
  stoneListQuerySchema,
  STONE_CATEGORY_LABELS,
  STOCK_UNIT_LABELS,
  type Stone,
  type StoneInput,
  type StoneListQuery,
} from '@shared/schemas/stones';
import type { MarketQuote } from '../market/market.types';
import { stones } from '../../db/schema';
import { textSort } from '../../lists/list-query';
import type { ResourceDefinition } from '../../lists/resource';
import { assertSupplierOfOrganization, supplierIdsByName, supplierNames } from '../suppliers/suppliers.lookup';

export type StoneRow = typeof stones.$inferSelect;

export interface StoneContext {
  usdEur: MarketQuote | null;
  supplierNames: Map<string, string>;
}

export function stoneValues(input: StoneInput) {
  return {
    category: input.category,
    name: input.name,
    variety: input.variety,
    shape: input.shape,
    sizeMm: input.sizeMm,
    lengthMm: input.lengthMm,
    widthMm: input.widthMm,
    heightMm: input.heightMm,
    weight: input.weight,
    weightUnit: input.weightUnit,
    colour: input.colour,
    quality: input.quality,
    treatment: input.treatment,
    origin: input.origin,
    certificate: input.certificate,
    unitCost: input.unitCost,
    currency: input.currency,
    supplierId: input.supplierId,
    stockUnit: input.stockUnit,
    stockLocation: input.stockLocation,
    lowStockThreshold: input.lowStockThreshold,
    notes: input.notes,
    searchText: buildSearchText([
      input.name,
      STONE_CATEGORY_LABELS[input.category],
      input.variety,
      input.shape,
      input.colour,
      input.quality,
      input.treatment,
      input.origin,
      input.certificate,
      input.stockLocation,
    ]),
  };
}

/** "95.000" -> "95", "12.500" -> "12.5": quantities in CSV files without padding zeros. */
function trimZeros(quantity: string): string {
  return quantity.includes('.') ? quantity.replace(/0+$/, '').replace(/\.$/, '') : quantity;
}

/** Unit cost in EUR: EUR costs as they are, USD costs at the live USD/EUR rate, 2 decimals half-up. */
export function unitCostEur(
  unitCost: string | null,
  currency: 'EUR' | 'USD',
  usdEur: MarketQuote | null,
): string | null {
  if (unitCost === null) return null;
  if (currency === 'EUR') return toCents(unitCost).toFixed(2);
  if (!usdEur) return null;
  return toCents(convertToEur(unitCost, usdEur.value)).toFixed(2);
}

/**
 * The value of the stock at cost: stock quantity × unit cost (per piece, or per carat for a stone counted in
 * carats), USD at the live USD/EUR rate, rounded once, half-up to the cent. Null without a cost or a rate.
 */
export function stockValueEur(
  stockQuantity: string,
  unitCost: string | null,
  currency: 'EUR' | 'USD',
  usdEur: MarketQuote | null,
): string | null {
  if (unitCost === null) return null;
  const atCost = new Decimal(stockQuantity).times(unitCost);
  if (currency === 'EUR') return toCents(atCost).toFixed(2);
  if (!usdEur) return null;
  return toCents(convertToEur(atCost, usdEur.value)).toFixed(2);
}

/** Stock at or below the threshold (decimal strings compared exactly). */
export function isLowStock(stockQuantity: string, lowStockThreshold: string | null): boolean {
  return lowStockThreshold !== null && new Decimal(stockQuantity).lessThanOrEqualTo(lowStockThreshold);
}

export function stoneDto(row: StoneRow, ctx: StoneContext): Stone {
  return {
    id: row.id,
    category: row.category,
    name: row.name,
    variety: row.variety,
    shape: row.shape,
    sizeMm: row.sizeMm,
    lengthMm: row.lengthMm,
    widthMm: row.widthMm,
    heightMm: row.heightMm,
    weight: row.weight,
    weightUnit: row.weightUnit,
    colour: row.colour,
    quality: row.quality,
    treatment: row.treatment,
    origin: row.origin,
    certificate: row.certificate,
    unitCost: row.unitCost,
    currency: row.currency,
    unitCostEur: unitCostEur(row.unitCost, row.currency, ctx.usdEur),
    supplierId: row.supplierId,
    supplierName: row.supplierId ? (ctx.supplierNames.get(row.supplierId) ?? null) : null,
    stockQuantity: row.stockQuantity,
    stockUnit: row.stockUnit,
    stockValueEur: stockValueEur(row.stockQuantity, row.unitCost, row.currency, ctx.usdEur),
    stockLocation: row.stockLocation,
    lowStockThreshold: row.lowStockThreshold,
    lowStock: isLowStock(row.stockQuantity, row.lowStockThreshold),
    notes: row.notes,
    version: row.version,
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stones resource; `usdEur` reads the live rate (app.market) when answers are built. */
export function stonesResource(
  usdEur: () => MarketQuote | null,
): ResourceDefinition<StoneRow, StoneInput, Stone, StoneListQuery, StoneContext> {
  return {
    path: 'stones',
    entityType: 'stone',
    area: 'catalog',
    notFoundMessage: 'Pierre ou composant introuvable',
    table: stones,
    inputSchema: stoneInputSchema,
    listQuerySchema: stoneListQuerySchema,
    sortColumns: {
      name: textSort(stones.name),
      category: stones.category,
      variety: textSort(stones.variety),
      stockQuantity: stones.stockQuantity,
      unitCost: stones.unitCost,
      createdAt: stones.createdAt,
      updatedAt: stones.updatedAt,
    },
    filters: (q) => [
      q.category ? eq(stones.category, q.category) : undefined,
      q.supplierId ? eq(stones.supplierId, q.supplierId) : undefined,
      q.lowStock === true
        ? and(isNotNull(stones.lowStockThreshold), lte(stones.stockQuantity, stones.lowStockThreshold))
        : q.lowStock === false
          ? or(isNull(stones.lowStockThreshold), gt(stones.stockQuantity, stones.lowStockThreshold))
          : undefined,
    ],
    toValues: (input) => stoneValues(input),
    loadContext: async (db, organizationId, rows) => ({
      usdEur: usdEur(),
      supplierNames: await supplierNames(
        db,
        organizationId,
        rows.map((r) => r.supplierId),
      ),
    }),
    toDto: stoneDto,
    checkInput: (db, organizationId, input) => assertSupplierOfOrganization(db, organizationId, input.supplierId),
    csv: {
      filename: 'pierres-composants',
      importable: true,
      prepareImport: async (db, organizationId) => {
        const byName = await supplierIdsByName(db, organizationId);
        return (data) => {
          const { supplierName, ...rest } = data;
          const name = typeof supplierName === 'string' ? supplierName.trim() : '';
          if (!name) return { data: rest };
          const id = byName.get(normalizeSearch(name));
          if (!id) return { data: rest, errors: { supplierId: [`Fournisseur inconnu : ${name}`] } };
          return { data: { ...rest, supplierId: id } };
        };
      },
      columns: [
        {
          header: 'Catégorie',
          field: 'category',
          aliases: ['category'],
          value: (s) => STONE_CATEGORY_LABELS[s.category],
        },
        { header: 'Nom', field: 'name', aliases: ['name', 'désignation', 'designation'], value: (s) => s.name },
        { header: 'Variété', field: 'variety', aliases: ['variety'], value: (s) => s.variety },
        { header: 'Forme', field: 'shape', aliases: ['shape'], value: (s) => s.shape },
        {
          header: 'Taille (mm)',
          field: 'sizeMm',
          aliases: ['size', 'size mm', 'taille'],
          format: 'decimal',
          value: (s) => s.sizeMm,
        },
        {
          header: 'Longueur (mm)',
          field: 'lengthMm',
          aliases: ['length', 'length mm', 'longueur'],
          format: 'decimal',
          value: (s) => s.lengthMm,
        },
        {
          header: 'Largeur (mm)',
          field: 'widthMm',
          aliases: ['width', 'width mm', 'largeur'],
          format: 'decimal',
          value: (s) => s.widthMm,
        },
        {
          header: 'Hauteur (mm)',
          field: 'heightMm',
          aliases: ['height', 'height mm', 'hauteur'],
          format: 'decimal',
          value: (s) => s.heightMm,
        },
        { header: 'Poids', field: 'weight', aliases: ['weight'], format: 'decimal', value: (s) => s.weight },
        {
          header: 'Unité de poids',
          field: 'weightUnit',
          aliases: ['weight unit', 'unité', 'unit'],
          value: (s) => s.weightUnit,
        },
        { header: 'Couleur', field: 'colour', aliases: ['colour', 'color'], value: (s) => s.colour },
        { header: 'Qualité', field: 'quality', aliases: ['quality'], value: (s) => s.quality },
        { header: 'Traitement', field: 'treatment', aliases: ['treatment'], value: (s) => s.treatment },
        { header: 'Origine', field: 'origin', aliases: ['origin'], value: (s) => s.origin },
        { header: 'Certificat', field: 'certificate', aliases: ['certificate'], value: (s) => s.certificate },
        {
          header: 'Coût unitaire',
          field: 'unitCost',
          aliases: ['unit cost', 'cost', 'coût', 'prix'],
          format: 'decimal',
          value: (s) => s.unitCost,
        },
        { header: 'Devise', field: 'currency', aliases: ['currency'], value: (s) => s.currency },
        { header: 'Coût unitaire (EUR)', format: 'decimal', value: (s) => s.unitCostEur },
        { header: 'Fournisseur', field: 'supplierName', aliases: ['supplier'], value: (s) => s.supplierName },
        // Export only: the stock is the sum of the movements, an import never types it over (ADR 0015).
        { header: 'Quantité en stock', format: 'decimal', value: (s) => trimZeros(s.stockQuantity) },
        {
          header: 'Unité de stock',
          field: 'stockUnit',
          aliases: ['stock unit', 'unité de stock'],
          value: (s) => STOCK_UNIT_LABELS[s.stockUnit],
        },
        { header: 'Valeur du stock (EUR)', format: 'decimal', value: (s) => s.stockValueEur },
        {
          header: 'Emplacement',
          field: 'stockLocation',
          aliases: ['location', 'stock location'],
          value: (s) => s.stockLocation,
        },
        {
          header: 'Seuil de stock bas',
          field: 'lowStockThreshold',
          aliases: ['seuil', 'low stock threshold', 'threshold'],
          format: 'decimal',
          value: (s) => (s.lowStockThreshold === null ? null : trimZeros(s.lowStockThreshold)),
        },
        { header: 'Stock bas', format: 'boolean', value: (s) => s.lowStock },
        { header: 'Notes', field: 'notes', aliases: ['notes'], value: (s) => s.notes },
      ],
    },
  };
}
