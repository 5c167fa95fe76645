import Decimal from 'decimal.js';
import { toCents } from './pricing';
import {
  MISSING_REASON_LABELS,
  priceComponent,
  type MissingReason,
  type PricedLine,
  type PricingComponent,
  type PricingContext,
} from './product-pricing';
import type { QuoteLineInput, QuoteLineKind, QuoteUnit } from './schemas/quotes';

/**
 * Quote pricing, pure and decimal: the same engine as product sheets (shared/product-pricing.ts costs the metal,
 * stone, melee and labour lines), plus what a quote adds: catalogue diamonds, whole product sheets, subcontracted
 * labour, free lines, and per line a coefficient or a margin or a typed price, a quantity, a discount and a VAT
 * rate (ADR 0010, "Quote pricing").
 *
 * Rounding points, each half-up to the cent, written once here:
 * 1. unit cost (EUR): the line's cost for one unit (priceComponent's cost, a diamond's EUR price, a sheet's
 *    total cost, a subcontracted price, a free line's cost);
 * 2. unit price excl. VAT: unit cost x coefficient, or unit cost / (1 - margin % / 100), or the typed price;
 * 3. gross = unit price x quantity; discount = gross x discount % / 100; line total excl. VAT = gross - discount;
 * 4. line cost = unit cost x quantity (for the margin, never printed);
 * 5. VAT per rate = (sum of the line totals at that rate) x rate / 100.
 * Totals: excl. VAT = sum of the line totals; VAT = sum of the per-rate amounts; incl. VAT = excl. VAT + VAT.
 *
 * A line that cannot be priced (no market price, unknown reference, no cost) has null figures and a French
 * reason; the totals then cover the priced lines only and `complete` is false (never a silent 0). A typed price
 * prices the line even when its cost is unknown (its margin is then unknown).
 */

export type QuoteMissingReason =
  MissingReason | 'UNKNOWN_DIAMOND' | 'NO_DIAMOND_PRICE' | 'UNKNOWN_PRODUCT' | 'INCOMPLETE_PRODUCT';

export const QUOTE_MISSING_LABELS: Readonly<Record<QuoteMissingReason, string>> = {
  ...MISSING_REASON_LABELS,
  UNKNOWN_DIAMOND: 'Diamant introuvable dans le catalogue',
  NO_DIAMOND_PRICE: 'Diamant sans prix',
  UNKNOWN_PRODUCT: 'Fiche produit introuvable',
  INCOMPLETE_PRODUCT: 'Fiche produit incomplète (une ligne sans prix)',
};

/** Everything a quote's price depends on besides its lines; frozen with the quote when it is sent. */
export interface QuotePricingContext extends PricingContext {
  /** Catalogue diamonds by id: their EUR price (null when unknown). */
  diamonds: Readonly<Record<string, { label: string; priceEur: string | null }>>;
  /** Product sheets by id, priced with the same context: cost and sale price per piece (null when incomplete). */
  products: Readonly<Record<string, { name: string; unitCost: string | null; unitPrice: string | null }>>;
  /** The organization's default coefficients per group (settings). */
  coefficients: { metal: string; stones: string; labour: string };
}

export interface QuotePricedLine {
  index: number;
  kind: QuoteLineKind;
  /** What the client reads. */
  label: string;
  description: string;
  quantity: string;
  unit: QuoteUnit;
  /** Cost of one unit, EUR, cents; null when unknown. Never printed. */
  unitCost: string | null;
  /** unitCost x quantity, cents. Never printed. */
  cost: string | null;
  priceMode: 'coefficient' | 'margin' | 'price';
  /** The coefficient applied (the line's, or the default of its kind); null for a typed price or margin. */
  coefficient: string | null;
  marginPct: string | null;
  /** Unit sale price excl. VAT, cents. */
  unitPrice: string | null;
  gross: string | null;
  discountPct: string;
  discount: string | null;
  /** Line total excl. VAT, cents. */
  total: string | null;
  vatRatePct: string;
  /** total - cost; null when either is unknown. Never printed. */
  margin: string | null;
  missing: { reason: QuoteMissingReason; message: string } | null;
  warning: { reason: 'LOSS_ABOVE_THRESHOLD'; message: string } | null;
  /** What the cost was computed from (alloy, spot, FX, calibrated range...): kept with the frozen quote. */
  details: Record<string, string | number | null>;
}

export interface VatAmount {
  ratePct: string;
  base: string;
  amount: string;
}

export interface QuotePricing {
  lines: QuotePricedLine[];
  totalCost: string;
  totalExclVat: string;
  vatByRate: VatAmount[];
  totalVat: string;
  totalInclVat: string;
  /** totalExclVat - totalCost over the lines whose cost is known. */
  margin: string;
  complete: boolean;
  missingCount: number;
  warningCount: number;
}

const ZERO = new Decimal(0);
const cents = (d: Decimal.Value) => toCents(new Decimal(d)).toFixed(2);

/** The coefficient group whose settings default applies to a kind of line (ADR 0003's three groups). */
export function coefficientGroupOf(kind: QuoteLineKind): 'metal' | 'stones' | 'labour' | null {
  switch (kind) {
    case 'metal':
      return 'metal';
    case 'labour':
      return 'labour';
    case 'product':
      return null; // a sheet carries its own coefficients: its sale price is the default
    default:
      return 'stones';
  }
}

/** The composition line priceComponent costs for one unit of a quote line, or null for other kinds. */
function componentOf(line: QuoteLineInput): PricingComponent | null {
  switch (line.kind) {
    case 'metal':
      return { kind: 'metal', alloyId: line.alloyId, weightG: line.weightG, lossPct: line.lossPct };
    case 'melee':
      return { kind: 'melee', mm: line.mm, clarity: line.clarity, quantity: 1 };
    case 'stone':
      return { kind: 'stone', stoneId: line.stoneId, quantity: 1 };
    case 'labour':
      return line.subcontractPrice
        ? null
        : {
            kind: 'labour',
            productionStepId: line.productionStepId,
            minutes: line.minutes ?? '0',
            hourlyRate: line.hourlyRate,
          };
    default:
      return null;
  }
}

/**
 * The composition lines whose references (alloys, stones, production steps, calibrated ranges) pricing these
 * quote lines reads: what the server loads into the context. A subcontracted labour line still names its step.
 */
export function quoteLineReferences(lines: readonly QuoteLineInput[]): PricingComponent[] {
  return lines.flatMap((line) => {
    const component =
      componentOf(line) ??
      (line.kind === 'labour'
        ? { kind: 'labour' as const, productionStepId: line.productionStepId, minutes: '0' }
        : null);
    return component ? [component] : [];
  });
}

interface UnitCost {
  label: string;
  unitCost: Decimal | null;
  /** A product sheet's own sale price per piece (the default price of a product line). */
  sheetPrice: Decimal | null;
  missing: QuotePricedLine['missing'];
  warning: QuotePricedLine['warning'];
  details: Record<string, string | number | null>;
}

const missing = (reason: QuoteMissingReason) => ({ reason, message: QUOTE_MISSING_LABELS[reason] });

function unitCostOf(line: QuoteLineInput, context: QuotePricingContext): UnitCost {
  const component = componentOf(line);
  if (component) {
    const priced: PricedLine = priceComponent(component, context);
    return {
      label: priced.label,
      unitCost: priced.cost === null ? null : new Decimal(priced.cost),
      sheetPrice: null,
      missing: priced.missing,
      warning: priced.warning,
      details: { ...priced.details, unitPriceEur: priced.unitPriceEur, billedQuantity: priced.billedQuantity },
    };
  }
  const none = { sheetPrice: null, warning: null, details: {} };
  switch (line.kind) {
    case 'diamond': {
      const diamond = context.diamonds[line.diamondId];
      if (!diamond)
        return { ...none, label: 'Diamant introuvable', unitCost: null, missing: missing('UNKNOWN_DIAMOND') };
      if (diamond.priceEur === null)
        return { ...none, label: diamond.label, unitCost: null, missing: missing('NO_DIAMOND_PRICE') };
      return { ...none, label: diamond.label, unitCost: new Decimal(diamond.priceEur), missing: null };
    }
    case 'product': {
      const product = context.products[line.productId];
      if (!product) return { ...none, label: 'Fiche introuvable', unitCost: null, missing: missing('UNKNOWN_PRODUCT') };
      if (product.unitCost === null || product.unitPrice === null)
        return { ...none, label: product.name, unitCost: null, missing: missing('INCOMPLETE_PRODUCT') };
      return {
        ...none,
        label: product.name,
        unitCost: new Decimal(product.unitCost),
        sheetPrice: new Decimal(product.unitPrice),
        missing: null,
      };
    }
    case 'labour':
      return {
        ...none,
        label: context.steps[line.productionStepId]?.name ?? 'Sous-traitance',
        unitCost: new Decimal(line.subcontractPrice ?? 0),
        missing: null,
        details: { subcontracted: 'yes' },
      };
    case 'free':
      return { ...none, label: line.label ?? 'Ligne libre', unitCost: new Decimal(line.unitCost ?? 0), missing: null };
    default:
      return { ...none, label: '', unitCost: null, missing: null };
  }
}

/** The unit of a line as printed: pieces, carats for a stone sold by weight, or the free line's own. */
export function unitOf(line: QuoteLineInput): QuoteUnit {
  if (line.kind === 'free') return line.unit;
  if (line.kind === 'stone') return line.stoneUnit;
  return 'pc';
}

/** Prices one quote line (rounding points 1 to 4). */
export function priceQuoteLine(line: QuoteLineInput, index: number, context: QuotePricingContext): QuotePricedLine {
  const base = unitCostOf(line, context);
  const quantity = new Decimal(line.quantity);
  const unitCost = base.unitCost === null ? null : toCents(base.unitCost);
  const group = coefficientGroupOf(line.kind);
  let coefficient: Decimal | null = null;
  let unitPrice: Decimal | null = null;
  let priceMode = line.priceMode;
  if (priceMode === 'price' && line.unitPrice != null) {
    unitPrice = toCents(new Decimal(line.unitPrice));
  } else if (priceMode === 'margin' && line.marginPct != null) {
    if (unitCost) unitPrice = toCents(unitCost.div(new Decimal(1).minus(new Decimal(line.marginPct).div(100))));
  } else {
    priceMode = 'coefficient';
    const explicit = line.coefficient != null ? new Decimal(line.coefficient) : null;
    if (explicit) coefficient = explicit;
    else if (group) coefficient = new Decimal(context.coefficients[group]);
    if (unitCost) {
      if (coefficient) unitPrice = toCents(unitCost.mul(coefficient));
      else if (base.sheetPrice) unitPrice = toCents(base.sheetPrice);
    }
  }
  const discountPct = new Decimal(line.discountPct ?? 0);
  const gross = unitPrice === null ? null : toCents(unitPrice.mul(quantity));
  const discount = gross === null ? null : toCents(gross.mul(discountPct).div(100));
  const total = gross === null || discount === null ? null : gross.minus(discount);
  const cost = unitCost === null ? null : toCents(unitCost.mul(quantity));
  const priced = total !== null;
  return {
    index,
    kind: line.kind,
    label: line.label?.trim() || base.label,
    description: line.description ?? '',
    quantity: quantity.toFixed(),
    unit: unitOf(line),
    unitCost: unitCost?.toFixed(2) ?? null,
    cost: cost?.toFixed(2) ?? null,
    priceMode,
    coefficient: priceMode === 'coefficient' ? (coefficient?.toFixed() ?? null) : null,
    marginPct: priceMode === 'margin' ? new Decimal(line.marginPct ?? 0).toFixed() : null,
    unitPrice: unitPrice?.toFixed(2) ?? null,
    gross: gross?.toFixed(2) ?? null,
    discountPct: discountPct.toFixed(),
    discount: discount?.toFixed(2) ?? null,
    total: total?.toFixed(2) ?? null,
    vatRatePct: new Decimal(line.vatRatePct).toFixed(),
    margin: total !== null && cost !== null ? total.minus(cost).toFixed(2) : null,
    missing: priced ? null : (base.missing ?? missing('NO_UNIT_COST')),
    warning: base.warning,
    details: base.details,
  };
}

/** Prices a quote: its lines, then the totals and the VAT per rate (rounding point 5). */
export function priceQuote(lines: readonly QuoteLineInput[], context: QuotePricingContext): QuotePricing {
  const priced = lines.map((line, i) => priceQuoteLine(line, i, context));
  let totalExclVat = ZERO;
  let totalCost = ZERO;
  let marginBase = ZERO;
  let missingCount = 0;
  let warningCount = 0;
  const baseByRate = new Map<string, Decimal>();
  for (const line of priced) {
    if (line.warning) warningCount += 1;
    if (line.total === null) {
      missingCount += 1;
      continue;
    }
    totalExclVat = totalExclVat.plus(line.total);
    baseByRate.set(line.vatRatePct, (baseByRate.get(line.vatRatePct) ?? ZERO).plus(line.total));
    if (line.cost !== null) {
      totalCost = totalCost.plus(line.cost);
      marginBase = marginBase.plus(line.total);
    }
  }
  const vatByRate = [...baseByRate.entries()]
    .sort(([a], [b]) => new Decimal(b).comparedTo(a))
    .map(([ratePct, base]) => ({
      ratePct,
      base: base.toFixed(2),
      amount: cents(base.mul(ratePct).div(100)),
    }));
  const totalVat = vatByRate.reduce((sum, v) => sum.plus(v.amount), ZERO);
  return {
    lines: priced,
    totalCost: totalCost.toFixed(2),
    totalExclVat: totalExclVat.toFixed(2),
    vatByRate,
    totalVat: totalVat.toFixed(2),
    totalInclVat: totalExclVat.plus(totalVat).toFixed(2),
    margin: marginBase.minus(totalCost).toFixed(2),
    complete: missingCount === 0,
    missingCount,
    warningCount,
  };
}

/** The difference between two prices of the same quote: amount (after - before) and percent of before. */
export function priceDifference(before: string, after: string): { amount: string; percent: string | null } {
  const b = new Decimal(before);
  const a = new Decimal(after);
  return {
    amount: a.minus(b).toFixed(2),
    percent: b.isZero() ? null : a.minus(b).div(b).mul(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
  };
}
