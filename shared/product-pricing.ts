import Decimal from 'decimal.js';
import type { Metal } from './constants';
import { alloyPricePerGram, approximateCaratFromDiameter, toCents } from './pricing';
import type { ComponentKind } from './schemas/products';

/**
 * Product sheet pricing (issue 4), pure and decimal.
 *
 * Line costs (EUR):
 * - metal:  weight g x alloy price/g x (1 + loss % / 100), alloy price/g = metal EUR/g x fineness / 1000;
 * - stone:  quantity x unit cost, converted to EUR with the live FX rate when the cost is in USD or ILS;
 * - melee:  quantity x approximate ct per stone (0.0037 x D^3) x USD/ct of the calibrated range x USD/EUR;
 * - labour: minutes / 60 x hourly rate (the line's override, else the production step's rate);
 * - other:  the amount.
 *
 * Rounding points (half-up to the cent): each line cost; the total cost is the exact sum of the
 * rounded line costs; the sale price is total cost x coefficient, rounded. Unit prices
 * (alloy price/g, EUR/ct...) are given unrounded (8 decimals) for display.
 *
 * A line whose price cannot be computed (no market price, no FX rate, no calibrated range,
 * no unit cost, unknown reference) gets `cost: null` and a French reason; the total then
 * covers the priced lines only and `complete` is false. It is never silently 0.
 */

export type PricingCurrency = 'EUR' | 'USD' | 'ILS';

export type PricingComponent =
  | { kind: 'metal'; label?: string | undefined; alloyId: string; weightG: string; lossPct?: string | null | undefined }
  | { kind: 'stone'; label?: string | undefined; stoneId: string; quantity: number }
  | { kind: 'melee'; label?: string | undefined; mm: string; clarity: string; quantity: number }
  | {
      kind: 'labour';
      label?: string | undefined;
      productionStepId: string;
      minutes: string;
      hourlyRate?: string | null | undefined;
    }
  | { kind: 'other'; label: string; amount: string };

export interface CalibratedRange {
  clarity: string;
  mmMin: string;
  mmMax: string;
  usdPerCt: string;
  /** ISO date (YYYY-MM-DD). */
  effectiveDate: string;
}

/**
 * Everything the price depends on besides the composition: market values and reference data.
 * Treat it as immutable: its parsed form is cached per object (build a new context for new values).
 */
export interface PricingContext {
  /** Spot price in EUR per gram of pure metal; null/absent = unknown. */
  metals: Partial<Record<Metal, string | null>>;
  /** 1 unit of the currency = rate EUR; null/absent = unknown. */
  fx: Partial<Record<'USD' | 'ILS', string | null>>;
  alloys: Readonly<Record<string, { name: string; baseMetal: Metal; fineness: number }>>;
  stones: Readonly<Record<string, { name: string; unitCost: string | null; currency: PricingCurrency }>>;
  steps: Readonly<Record<string, { name: string; hourlyRate: string | null }>>;
  calibrated: readonly CalibratedRange[];
}

export type MissingReason =
  | 'UNKNOWN_ALLOY'
  | 'NO_METAL_PRICE'
  | 'UNKNOWN_STONE'
  | 'NO_UNIT_COST'
  | 'NO_FX'
  | 'NO_RANGE'
  | 'UNKNOWN_STEP'
  | 'NO_HOURLY_RATE';

export const MISSING_REASON_LABELS: Readonly<Record<MissingReason, string>> = {
  UNKNOWN_ALLOY: 'Alliage inconnu',
  NO_METAL_PRICE: 'Cours du métal indisponible',
  UNKNOWN_STONE: 'Pierre ou composant introuvable',
  NO_UNIT_COST: 'Coût unitaire non renseigné',
  NO_FX: 'Taux de change indisponible',
  NO_RANGE: 'Aucun prix calibré pour ce diamètre et cette pureté',
  UNKNOWN_STEP: 'Étape de production introuvable',
  NO_HOURLY_RATE: 'Taux horaire non renseigné',
};

export interface PricedLine {
  index: number;
  kind: ComponentKind;
  /** What the line is, in French ("Or 18kt", "Saphir bleu", "Sertissage"...). */
  label: string;
  /** The quantity in its unit, for the breakdown table ("3.2 g", "12 pierres", "45 min"). */
  quantity: string;
  unit: 'g' | 'pc' | 'min' | 'forfait';
  /** EUR per unit (per g, per piece, per hour, ...) unrounded; null when unknown. */
  unitPriceEur: string | null;
  /** What the unit price is ("€/g", "€/pièce", "€/h", "€"). */
  unitPriceLabel: string;
  /** Line cost in EUR rounded to the cent; null when it cannot be computed. */
  cost: string | null;
  missing: { reason: MissingReason; message: string } | null;
  /** Kind-specific figures (alloy price/g, loss %, approximate ct, USD/ct, FX...) as decimal strings. */
  details: Record<string, string | number | null>;
}

export interface PricingBreakdown {
  lines: PricedLine[];
  /** Sum of the priced lines, EUR, 2 decimals. */
  totalCost: string;
  coefficient: string;
  /** totalCost x coefficient, EUR, 2 decimals. */
  salePrice: string;
  /** False when at least one line could not be priced (totals then cover the priced lines only). */
  complete: boolean;
  missingCount: number;
  /** Cost per kind of line, EUR, 2 decimals (priced lines only). */
  costByKind: Record<ComponentKind, string>;
}

const UNIT_DECIMALS = 8;
const unit = (d: Decimal): string => d.toDecimalPlaces(UNIT_DECIMALS, Decimal.ROUND_HALF_UP).toFixed();
const money = (d: Decimal): string => toCents(d).toFixed(2);

function missing(reason: MissingReason): PricedLine['missing'] {
  return { reason, message: MISSING_REASON_LABELS[reason] };
}

/** The calibrated range for a diameter and clarity: most recent effective date, then narrowest range. */
export function findCalibratedRange(
  ranges: readonly CalibratedRange[],
  mm: Decimal.Value,
  clarity: string,
): CalibratedRange | null {
  const context: PricingContext = { metals: {}, fx: {}, alloys: {}, stones: {}, steps: {}, calibrated: ranges };
  return rangeFor(prepare(context), new Decimal(mm), clarity);
}

interface PreparedRange {
  range: CalibratedRange;
  min: Decimal;
  max: Decimal;
  width: Decimal;
}

/** Parsed, indexed view of a context, computed once per context object (prices 1,000 products fast). */
interface Prepared {
  fx: { USD: Decimal | null; ILS: Decimal | null };
  rangesByClarity: Map<string, PreparedRange[]>;
  alloyPrice: Map<string, Decimal | null>;
}

const preparedCache = new WeakMap<PricingContext, Prepared>();

function prepare(context: PricingContext): Prepared {
  let prepared = preparedCache.get(context);
  if (prepared) return prepared;
  const positive = (value: string | null | undefined) => {
    if (!value) return null;
    const d = new Decimal(value);
    return d.gt(0) ? d : null;
  };
  const rangesByClarity = new Map<string, PreparedRange[]>();
  for (const range of context.calibrated) {
    const min = new Decimal(range.mmMin);
    const max = new Decimal(range.mmMax);
    const list = rangesByClarity.get(range.clarity) ?? [];
    list.push({ range, min, max, width: max.minus(min) });
    rangesByClarity.set(range.clarity, list);
  }
  prepared = {
    fx: { USD: positive(context.fx.USD), ILS: positive(context.fx.ILS) },
    rangesByClarity,
    alloyPrice: new Map(),
  };
  preparedCache.set(context, prepared);
  return prepared;
}

function rangeFor(prepared: Prepared, mm: Decimal, clarity: string): CalibratedRange | null {
  let best: PreparedRange | null = null;
  for (const r of prepared.rangesByClarity.get(clarity) ?? []) {
    if (mm.lt(r.min) || mm.gt(r.max)) continue;
    if (
      !best ||
      r.range.effectiveDate > best.range.effectiveDate ||
      (r.range.effectiveDate === best.range.effectiveDate && r.width.lt(best.width))
    )
      best = r;
  }
  return best?.range ?? null;
}

function fxRate(prepared: Prepared, currency: PricingCurrency): Decimal | null {
  return currency === 'EUR' ? ONE : prepared.fx[currency];
}

const ONE = new Decimal(1);

function priceLine(
  component: PricingComponent,
  index: number,
  context: PricingContext,
  prepared: Prepared,
): PricedLine {
  switch (component.kind) {
    case 'metal': {
      const alloy = context.alloys[component.alloyId];
      const loss = new Decimal(component.lossPct ?? 0);
      const base = {
        index,
        kind: 'metal' as const,
        label: component.label ?? alloy?.name ?? 'Alliage inconnu',
        quantity: new Decimal(component.weightG).toFixed(),
        unit: 'g' as const,
        unitPriceLabel: '€/g',
      };
      if (!alloy) {
        return { ...base, unitPriceEur: null, cost: null, missing: missing('UNKNOWN_ALLOY'), details: {} };
      }
      const spot = context.metals[alloy.baseMetal];
      const details = { alloy: alloy.name, fineness: alloy.fineness, lossPct: loss.toFixed(), metal: alloy.baseMetal };
      if (!spot) {
        return { ...base, unitPriceEur: null, cost: null, missing: missing('NO_METAL_PRICE'), details };
      }
      let perGram = prepared.alloyPrice.get(component.alloyId);
      if (!perGram) {
        perGram = alloyPricePerGram(spot, alloy.fineness);
        prepared.alloyPrice.set(component.alloyId, perGram);
      }
      const cost = new Decimal(component.weightG).mul(perGram).mul(loss.div(100).plus(1));
      return {
        ...base,
        unitPriceEur: unit(perGram),
        cost: money(cost),
        missing: null,
        details: { ...details, spotEurPerG: new Decimal(spot).toFixed() },
      };
    }
    case 'stone': {
      const stone = context.stones[component.stoneId];
      const base = {
        index,
        kind: 'stone' as const,
        label: component.label ?? stone?.name ?? 'Pierre inconnue',
        quantity: String(component.quantity),
        unit: 'pc' as const,
        unitPriceLabel: '€/pièce',
      };
      if (!stone) return { ...base, unitPriceEur: null, cost: null, missing: missing('UNKNOWN_STONE'), details: {} };
      const details = { unitCost: stone.unitCost, currency: stone.currency };
      if (stone.unitCost === null) {
        return { ...base, unitPriceEur: null, cost: null, missing: missing('NO_UNIT_COST'), details };
      }
      const rate = fxRate(prepared, stone.currency);
      if (!rate) return { ...base, unitPriceEur: null, cost: null, missing: missing('NO_FX'), details };
      const unitEur = new Decimal(stone.unitCost).mul(rate);
      return {
        ...base,
        unitPriceEur: unit(unitEur),
        cost: money(unitEur.mul(component.quantity)),
        missing: null,
        details: { ...details, fxRate: stone.currency === 'EUR' ? null : rate.toFixed() },
      };
    }
    case 'melee': {
      const mm = new Decimal(component.mm);
      const ct = approximateCaratFromDiameter(mm);
      const range = rangeFor(prepared, mm, component.clarity);
      const base = {
        index,
        kind: 'melee' as const,
        label: component.label ?? `Mêlée ${new Decimal(component.mm).toFixed()} mm ${component.clarity}`,
        quantity: String(component.quantity),
        unit: 'pc' as const,
        unitPriceLabel: '€/pièce',
      };
      const details: Record<string, string | number | null> = {
        mm: new Decimal(component.mm).toFixed(),
        clarity: component.clarity,
        approximateCt: ct.toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4),
        usdPerCt: range ? new Decimal(range.usdPerCt).toFixed() : null,
        effectiveDate: range?.effectiveDate ?? null,
      };
      if (!range) return { ...base, unitPriceEur: null, cost: null, missing: missing('NO_RANGE'), details };
      const rate = fxRate(prepared, 'USD');
      if (!rate) return { ...base, unitPriceEur: null, cost: null, missing: missing('NO_FX'), details };
      const unitEur = ct.mul(range.usdPerCt).mul(rate);
      return {
        ...base,
        unitPriceEur: unit(unitEur),
        cost: money(unitEur.mul(component.quantity)),
        missing: null,
        details: { ...details, fxRate: rate.toFixed() },
      };
    }
    case 'labour': {
      const step = context.steps[component.productionStepId];
      const base = {
        index,
        kind: 'labour' as const,
        label: component.label ?? step?.name ?? 'Étape inconnue',
        quantity: new Decimal(component.minutes).toFixed(),
        unit: 'min' as const,
        unitPriceLabel: '€/h',
      };
      const override = component.hourlyRate ?? null;
      if (!step && override === null) {
        return { ...base, unitPriceEur: null, cost: null, missing: missing('UNKNOWN_STEP'), details: {} };
      }
      const rate = override ?? step?.hourlyRate ?? null;
      const details = { hourlyRateSource: override !== null ? 'override' : 'step' };
      if (rate === null) {
        return { ...base, unitPriceEur: null, cost: null, missing: missing('NO_HOURLY_RATE'), details };
      }
      const cost = new Decimal(component.minutes).div(60).mul(rate);
      return { ...base, unitPriceEur: unit(new Decimal(rate)), cost: money(cost), missing: null, details };
    }
    case 'other': {
      const amount = new Decimal(component.amount);
      return {
        index,
        kind: 'other',
        label: component.label,
        quantity: '1',
        unit: 'forfait',
        unitPriceEur: unit(amount),
        unitPriceLabel: '€',
        cost: money(amount),
        missing: null,
        details: {},
      };
    }
  }
}

/** Prices a composition with a coefficient (sale price = cost x coefficient). */
export function priceProduct(
  components: readonly PricingComponent[],
  coefficient: Decimal.Value,
  context: PricingContext,
): PricingBreakdown {
  const prepared = prepare(context);
  const lines = components.map((c, i) => priceLine(c, i, context, prepared));
  let total = new Decimal(0);
  const byKind: Record<ComponentKind, Decimal> = {
    metal: new Decimal(0),
    stone: new Decimal(0),
    melee: new Decimal(0),
    labour: new Decimal(0),
    other: new Decimal(0),
  };
  let missingCount = 0;
  for (const line of lines) {
    if (line.cost === null) {
      missingCount += 1;
      continue;
    }
    total = total.plus(line.cost);
    byKind[line.kind] = byKind[line.kind].plus(line.cost);
  }
  const coef = new Decimal(coefficient);
  return {
    lines,
    totalCost: total.toFixed(2),
    coefficient: coef.toFixed(),
    salePrice: money(total.mul(coef)),
    complete: missingCount === 0,
    missingCount,
    costByKind: {
      metal: byKind.metal.toFixed(2),
      stone: byKind.stone.toFixed(2),
      melee: byKind.melee.toFixed(2),
      labour: byKind.labour.toFixed(2),
      other: byKind.other.toFixed(2),
    },
  };
}
