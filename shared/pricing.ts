import Decimal from 'decimal.js';
import { GOLD_18KT_RATIO, GOLD_BUYBACK_FACTOR, TROY_OUNCE_GRAMS } from './constants';
import { ROUND_BRILLIANT_CARATS } from './sieve';

/**
 * Pricing math, pure and decimal (never binary floats for money).
 * Inputs accept numbers or decimal strings; outputs are Decimal so callers choose
 * where to round. Rounding points are documented in docs/decisions/0003-money.md:
 * amounts shown or stored in euros are rounded half-up to the cent with `toCents`.
 */

export type DecimalInput = Decimal.Value;

const D = (value: DecimalInput): Decimal => new Decimal(value);

/** Parses a user-entered or API number; returns null when it is not a finite number. */
export function parseDecimal(value: unknown): Decimal | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const text = typeof value === 'string' ? value.trim().replace(',', '.') : value;
  if (text === '') return null;
  try {
    const d = new Decimal(text);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/** Half-up rounding to the cent (documented rounding point for euro amounts). */
export function toCents(value: DecimalInput): Decimal {
  return D(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** Price per gram from a price per troy ounce. */
export function perOunceToPerGram(pricePerOunce: DecimalInput): Decimal {
  return D(pricePerOunce).div(TROY_OUNCE_GRAMS);
}

/** Alloy price per gram = metal price per gram x fineness / 1000. */
export function alloyPricePerGram(metalPricePerGram: DecimalInput, finenessThousandths: DecimalInput): Decimal {
  return D(metalPricePerGram).mul(finenessThousandths).div(1000);
}

/** Header 18kt = 24kt x 0.75, rounded to a whole euro for display. */
export function gold18ktFrom24kt(gold24ktPerGram: DecimalInput): Decimal {
  return D(gold24ktPerGram).mul(GOLD_18KT_RATIO);
}

/**
 * Gold buy-back price for private persons = weight x applied price/g x factor (factor 0.755 by
 * default, the organization's setting otherwise), rounded half-up to the cent. The applied price/g is the
 * alloy price rounded to the cent, as the calculator shows it, so the result can be checked by hand
 * (docs/decisions/0003-money.md). Returns 0 when the weight is not a number above 0 or the alloy price is
 * missing.
 */
export function buybackPrice(
  weightGrams: unknown,
  alloyPricePerG: unknown,
  factor: DecimalInput = GOLD_BUYBACK_FACTOR,
): Decimal {
  const weight = parseDecimal(weightGrams);
  const price = parseDecimal(alloyPricePerG);
  if (!weight || !price || weight.lte(0) || price.lte(0)) return new Decimal(0);
  return toCents(weight.mul(buybackAppliedPricePerGram(price)).mul(factor));
}

/** Applied price per gram in the buy-back note: the alloy price/g rounded to the cent (the factor is shown beside it). */
export function buybackAppliedPricePerGram(alloyPricePerG: DecimalInput): Decimal {
  return toCents(alloyPricePerG);
}

/** Converts an amount in a foreign currency to EUR with a rate "1 foreign = rate EUR". */
export function convertToEur(amount: DecimalInput, rateToEur: DecimalInput): Decimal {
  return D(amount).mul(rateToEur);
}

/**
 * Approximate carat of one round brilliant from its diameter in mm: the published chart
 * `ROUND_BRILLIANT_CARATS` (shared/sieve.ts), linear between its points, rounded half-up to 4 decimals (the
 * carat shown, which every per-stone price multiplies). Outside the chart (below 0.8 mm, above 4.0 mm) the
 * nearest point is scaled by the cube of the diameter ratio (weight grows as the volume). The old rule
 * 0.0037 x D^3 was 26-52 % low below 1.2 mm, where most melee is.
 */
export function approximateCaratFromDiameter(diameterMm: DecimalInput): Decimal {
  const d = D(diameterMm);
  const first = CHART[0]!;
  const last = CHART[CHART.length - 1]!;
  let ct: Decimal;
  if (d.lte(first.mm)) ct = first.ct.mul(d.div(first.mm).pow(3));
  else if (d.gte(last.mm)) ct = last.ct.mul(d.div(last.mm).pow(3));
  else {
    const upper = CHART.findIndex((p) => p.mm.gte(d));
    const a = CHART[upper - 1]!;
    const b = CHART[upper]!;
    ct = a.ct.plus(b.ct.minus(a.ct).mul(d.minus(a.mm)).div(b.mm.minus(a.mm)));
  }
  return ct.toDecimalPlaces(CARAT_DECIMALS, Decimal.ROUND_HALF_UP);
}

/** Carats are shown and multiplied with 4 decimals. */
export const CARAT_DECIMALS = 4;
const CHART = ROUND_BRILLIANT_CARATS.map((p) => ({ mm: D(p.mm), ct: D(p.ct) }));

export { Decimal };
