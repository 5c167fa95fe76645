import Decimal from 'decimal.js';
import type { Metal } from './constants';
import { alloyPricePerGram, approximateCaratFromDiameter, CARAT_DECIMALS, toCents } from './pricing';
import {
  COEFFICIENT_GROUP_OF_KIND,
  COEFFICIENT_GROUPS,
  type CoefficientGroup,
  type ProductCoefficients,
} from './pricing-groups';
import type { ComponentKind } from './schemas/products';

export type { CoefficientGroup, ProductCoefficients } from './pricing-groups';

/**
 * Product sheet pricing, pure and decimal. Every figure a line multiplies is the figure the
 * sheet shows, so a jeweller can redo each line by hand and the lines add up to the totals to the cent
 * (docs/decisions/0003-money.md, "Rounding points"; shared/pricing-display.ts writes the lines).
 *
 * Line costs (EUR), each rounded half-up to the cent:
 * - metal:  alloy price/g = metal EUR/g x fineness / 1000, rounded to the cent (shown "89,87 €/g");
 *           weight with loss = weight g x (1 + loss % / 100), rounded to the milligram (shown "4,725 g");
 *           cost = weight with loss x alloy price/g;
 * - stone:  unit EUR = unit cost x FX (the rate shown, 4 decimals) rounded to the cent; cost = quantity x unit EUR;
 * - melee:  ct per stone from the published chart (4 decimals, shared/pricing.ts); unit EUR = ct x USD/ct of the
 *           calibrated range x USD/EUR (4 decimals) rounded to the cent; cost = quantity x unit EUR;
 * - labour: minutes / 60 x hourly rate (the line's override, else the production step's rate);
 * - other:  the amount.
 *
 * Totals: total cost = the sum of the line costs; per coefficient group (metal; stones = stone, melee and other
 * lines; labour) the sale price = group cost x the group's coefficient, rounded; the sale price excl. VAT = the
 * sum of the groups' sale prices; VAT = sale price x VAT rate, rounded; incl. VAT = excl. VAT + VAT.
 *
 * A line whose price cannot be computed (no market price, no FX rate, no calibrated range, no unit cost, unknown
 * reference) gets `cost: null` and a French reason; the totals then cover the priced lines only and `complete`
 * is false. It is never silently 0. A metal line whose loss is above the organization's threshold carries a
 * warning (it is still priced).
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
  /** The organization's settings the sheet uses (shared/schemas/settings.ts): VAT % and metal-loss threshold %. */
  organization: { vatRatePct: string; metalLossWarningPct: string };
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
  /** The quantity in its unit as entered ("3.2" g, "12" pieces, "45" min). */
  quantity: string;
  unit: 'g' | 'pc' | 'min' | 'forfait';
  /**
   * What the cost multiplies, as shown: metal = weight with loss (3 decimals); otherwise the quantity. The cost is
   * billedQuantity x unitPriceEur (labour: minutes / 60 x EUR/h), rounded to the cent.
   */
  billedQuantity: string;
  /** EUR per unit (per g, per piece, per hour) AS SHOWN (cents; the hourly rate as entered); null when unknown. */
  unitPriceEur: string | null;
  /** What the unit price is ("€/g", "€/pièce", "€/h", "€"). */
  unitPriceLabel: string;
  /** Line cost in EUR rounded to the cent; null when it cannot be computed. */
  cost: string | null;
  missing: { reason: MissingReason; message: string } | null;
  /** A priced line that deserves a look (metal loss above the organization's threshold). */
  warning: { reason: 'LOSS_ABOVE_THRESHOLD'; message: string } | null;
  /**
   * Kind-specific figures as decimal strings: metal alloy, fineness, lossPct, weightWithLossG, spotEurPerG; stone
   * unitCost, currency, fxRate (4 decimals, as multiplied); melee mm, clarity, approximateCt (4 decimals), usdPerCt,
   * fxRate (4 decimals), effectiveDate; labour hourlyRateSource.
   */
  details: Record<string, string | number | null>;
}

/** One coefficient group's part of the sale price: its cost x its coefficient. */
export interface GroupPrice {
  group: CoefficientGroup;
  /** Sum of the group's priced line costs, EUR, 2 decimals. */
  cost: string;
  coefficient: string;
  /** cost x coefficient, EUR, 2 decimals. */
  salePrice: string;
}

export interface PricingBreakdown {
  lines: PricedLine[];
  /** Sum of the priced lines, EUR, 2 decimals. */
  totalCost: string;
  coefficients: ProductCoefficients;
  /** The three groups, in COEFFICIENT_GROUPS order (a group without lines costs 0.00). */
  groups: GroupPrice[];
  /** Sale price excl. VAT = the sum of the groups' sale prices, EUR, 2 decimals. */
  salePrice: string;
  vatRatePct: string;
  /** salePrice x VAT rate, EUR, 2 decimals. */
  vatAmount: string;
  /** salePrice + vatAmount. */
  salePriceInclVat: string;
  /** False when at least one line could not be priced (totals then cover the priced lines only). */
  complete: boolean;
  missingCount: number;
  /** Lines with a warning (metal loss above the threshold). */
  warningCount: number;
  /** Cost per kind of line, EUR, 2 decimals (priced lines only). */
  costByKind: Record<ComponentKind, string>;
}

const money = (d: Decimal): string => toCents(d).toFixed(2);
/** FX rates are shown, and multiplied, with 4 decimals. */
const FX_DECIMALS = 4;
/** Weights are shown, and multiplied, to the milligram. */
const WEIGHT_DECIMALS = 3;

function missing(reason: MissingReason): PricedLine['missing'] {
  return { reason, message: MISSING_REASON_LABELS[reason] };
}

/** The calibrated range for a diameter and clarity: most recent effective date, then narrowest range. */
export function findCalibratedRange(
  ranges: readonly CalibratedRange[],
  mm: Decimal.Value,
  clarity: string,
): CalibratedRange | null {
  const context: PricingContext = {
    metals: {},
    fx: {},
    alloys: {},
    stones: {},
    steps: {},
    calibrated: ranges,
    organization: { vatRatePct: '0', metalLossWarningPct: '0' },
  };
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
  /** Rates as shown and multiplied (4 decimals). */
  fx: { USD: Decimal | null; ILS: Decimal | null };
  rangesByClarity: Map<string, PreparedRange[]>;
  /** Alloy price per gram as shown (cents). */
  alloyPrice: Map<string, Decimal | null>;
  lossThreshold: Decimal;
  vatRate: Decimal;
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
  const shown = (value: string | null | undefined) => {
    const rate = positive(value)?.toDecimalPlaces(FX_DECIMALS, Decimal.ROUND_HALF_UP);
    return rate && rate.gt(0) ? rate : null;
  };
  prepared = {
    fx: { USD: shown(context.fx.USD), ILS: shown(context.fx.ILS) },
    rangesByClarity,
    alloyPrice: new Map(),
    lossThreshold: new Decimal(context.organization.metalLossWarningPct),
    vatRate: new Decimal(context.organization.vatRatePct),
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

const fixed = (d: Decimal.Value) => new Decimal(d).toFixed();

function priceLine(
  component: PricingComponent,
  index: number,
  context: PricingContext,
  prepared: Prepared,
): PricedLine {
  const none = { unitPriceEur: null, cost: null, warning: null };
  switch (component.kind) {
    case 'metal': {
      const alloy = context.alloys[component.alloyId];
      const loss = new Decimal(component.lossPct ?? 0);
      const weightWithLoss = new Decimal(component.weightG)
        .mul(loss.div(100).plus(1))
        .toDecimalPlaces(WEIGHT_DECIMALS, Decimal.ROUND_HALF_UP);
      const base = {
        index,
        kind: 'metal' as const,
        label: component.label ?? alloy?.name ?? 'Alliage inconnu',
        quantity: fixed(component.weightG),
        billedQuantity: weightWithLoss.toFixed(WEIGHT_DECIMALS),
        unit: 'g' as const,
        unitPriceLabel: '€/g',
      };
      if (!alloy) return { ...base, ...none, missing: missing('UNKNOWN_ALLOY'), details: {} };
      const spot = context.metals[alloy.baseMetal];
      const details = {
        alloy: alloy.name,
        fineness: alloy.fineness,
        lossPct: loss.toFixed(),
        weightWithLossG: weightWithLoss.toFixed(WEIGHT_DECIMALS),
        metal: alloy.baseMetal,
      };
      const warning = loss.gt(prepared.lossThreshold)
        ? {
            reason: 'LOSS_ABOVE_THRESHOLD' as const,
            message: `Perte de ${frenchPercent(loss)} au-dessus du seuil de ${frenchPercent(prepared.lossThreshold)}`,
          }
        : null;
      if (!spot) return { ...base, ...none, warning, missing: missing('NO_METAL_PRICE'), details };
      let perGram = prepared.alloyPrice.get(component.alloyId);
      if (!perGram) {
        perGram = toCents(alloyPricePerGram(spot, alloy.fineness));
        prepared.alloyPrice.set(component.alloyId, perGram);
      }
      return {
        ...base,
        unitPriceEur: perGram.toFixed(2),
        cost: money(weightWithLoss.mul(perGram)),
        missing: null,
        warning,
        details: { ...details, spotEurPerG: fixed(spot) },
      };
    }
    case 'stone': {
      const stone = context.stones[component.stoneId];
      const base = {
        index,
        kind: 'stone' as const,
        label: component.label ?? stone?.name ?? 'Pierre inconnue',
        quantity: String(component.quantity),
        billedQuantity: String(component.quantity),
        unit: 'pc' as const,
        unitPriceLabel: '€/pièce',
      };
      if (!stone) return { ...base, ...none, missing: missing('UNKNOWN_STONE'), details: {} };
      const details = { unitCost: stone.unitCost, currency: stone.currency };
      if (stone.unitCost === null) return { ...base, ...none, missing: missing('NO_UNIT_COST'), details };
      const rate = fxRate(prepared, stone.currency);
      if (!rate) return { ...base, ...none, missing: missing('NO_FX'), details };
      const unitEur = toCents(new Decimal(stone.unitCost).mul(rate));
      return {
        ...base,
        unitPriceEur: unitEur.toFixed(2),
        cost: money(unitEur.mul(component.quantity)),
        missing: null,
        warning: null,
        details: { ...details, fxRate: stone.currency === 'EUR' ? null : rate.toFixed(FX_DECIMALS) },
      };
    }
    case 'melee': {
      const mm = new Decimal(component.mm);
      const ct = approximateCaratFromDiameter(mm);
      const range = rangeFor(prepared, mm, component.clarity);
      const base = {
        index,
        kind: 'melee' as const,
        label: component.label ?? `Mêlée ${mm.toFixed().replace('.', ',')} mm ${component.clarity}`,
        quantity: String(component.quantity),
        billedQuantity: String(component.quantity),
        unit: 'pc' as const,
        unitPriceLabel: '€/pièce',
      };
      const details: Record<string, string | number | null> = {
        mm: mm.toFixed(),
        clarity: component.clarity,
        approximateCt: ct.toFixed(CARAT_DECIMALS),
        usdPerCt: range ? fixed(range.usdPerCt) : null,
        effectiveDate: range?.effectiveDate ?? null,
      };
      if (!range) return { ...base, ...none, missing: missing('NO_RANGE'), details };
      const rate = fxRate(prepared, 'USD');
      if (!rate) return { ...base, ...none, missing: missing('NO_FX'), details };
      const unitEur = toCents(ct.mul(range.usdPerCt).mul(rate));
      return {
        ...base,
        unitPriceEur: unitEur.toFixed(2),
        cost: money(unitEur.mul(component.quantity)),
        missing: null,
        warning: null,
        details: { ...details, fxRate: rate.toFixed(FX_DECIMALS) },
      };
    }
    case 'labour': {
      const step = context.steps[component.productionStepId];
      const base = {
        index,
        kind: 'labour' as const,
        label: component.label ?? step?.name ?? 'Étape inconnue',
        quantity: fixed(component.minutes),
        billedQuantity: fixed(component.minutes),
        unit: 'min' as const,
        unitPriceLabel: '€/h',
      };
      const override = component.hourlyRate ?? null;
      if (!step && override === null) return { ...base, ...none, missing: missing('UNKNOWN_STEP'), details: {} };
      const rate = override ?? step?.hourlyRate ?? null;
      const details = { hourlyRateSource: override !== null ? 'override' : 'step' };
      if (rate === null) return { ...base, ...none, missing: missing('NO_HOURLY_RATE'), details };
      const cost = new Decimal(component.minutes).mul(rate).div(60);
      return {
        ...base,
        unitPriceEur: new Decimal(rate).toFixed(2),
        cost: money(cost),
        missing: null,
        warning: null,
        details,
      };
    }
    case 'other': {
      const amount = new Decimal(component.amount);
      return {
        index,
        kind: 'other',
        label: component.label,
        quantity: '1',
        billedQuantity: '1',
        unit: 'forfait',
        unitPriceEur: amount.toFixed(2),
        unitPriceLabel: '€',
        cost: money(amount),
        missing: null,
        warning: null,
        details: {},
      };
    }
  }
}

/**
 * The cost of one composition line alone, by the same rules as a sheet's line: quotes cost their metal, stone,
 * melee and labour lines with it (shared/quote-pricing.ts), so a product sheet and a quote never disagree.
 */
export function priceComponent(component: PricingComponent, context: PricingContext): PricedLine {
  return priceLine(component, 0, context, prepare(context));
}

/** "5 %", "2,5 %" (a loss or threshold in the warning message). */
function frenchPercent(value: Decimal): string {
  return `${value.toFixed().replace('.', ',')} %`;
}

/** One coefficient for every group (a shorthand for tests and benchmarks), or one per group. */
export function coefficientsOf(coefficients: ProductCoefficients | Decimal.Value): ProductCoefficients {
  if (typeof coefficients === 'object' && coefficients !== null && 'metal' in coefficients) {
    return {
      metal: fixed(coefficients.metal),
      stones: fixed(coefficients.stones),
      labour: fixed(coefficients.labour),
    };
  }
  const one = fixed(coefficients);
  return { metal: one, stones: one, labour: one };
}

/** Prices a composition: sale price = the sum over groups of the group's cost x its coefficient, then VAT. */
export function priceProduct(
  components: readonly PricingComponent[],
  coefficients: ProductCoefficients | Decimal.Value,
  context: PricingContext,
): PricingBreakdown {
  const prepared = prepare(context);
  const coefs = coefficientsOf(coefficients);
  const lines = components.map((c, i) => priceLine(c, i, context, prepared));
  let total = new Decimal(0);
  const zero = () => new Decimal(0);
  const byKind: Record<ComponentKind, Decimal> = {
    metal: zero(),
    stone: zero(),
    melee: zero(),
    labour: zero(),
    other: zero(),
  };
  const byGroup: Record<CoefficientGroup, Decimal> = { metal: zero(), stones: zero(), labour: zero() };
  let missingCount = 0;
  let warningCount = 0;
  for (const line of lines) {
    if (line.warning) warningCount += 1;
    if (line.cost === null) {
      missingCount += 1;
      continue;
    }
    total = total.plus(line.cost);
    byKind[line.kind] = byKind[line.kind].plus(line.cost);
    const group = COEFFICIENT_GROUP_OF_KIND[line.kind];
    byGroup[group] = byGroup[group].plus(line.cost);
  }
  const groups = COEFFICIENT_GROUPS.map((group) => ({
    group,
    cost: byGroup[group].toFixed(2),
    coefficient: coefs[group],
    salePrice: money(byGroup[group].mul(coefs[group])),
  }));
  const salePrice = groups.reduce((sum, g) => sum.plus(g.salePrice), zero());
  const vatAmount = toCents(salePrice.mul(prepared.vatRate).div(100));
  return {
    lines,
    totalCost: total.toFixed(2),
    coefficients: coefs,
    groups,
    salePrice: salePrice.toFixed(2),
    vatRatePct: prepared.vatRate.toFixed(),
    vatAmount: vatAmount.toFixed(2),
    salePriceInclVat: salePrice.plus(vatAmount).toFixed(2),
    complete: missingCount === 0,
    missingCount,
    warningCount,
    costByKind: {
      metal: byKind.metal.toFixed(2),
      stone: byKind.stone.toFixed(2),
      melee: byKind.melee.toFixed(2),
      labour: byKind.labour.toFixed(2),
      other: byKind.other.toFixed(2),
    },
  };
}
