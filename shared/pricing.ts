import Decimal from 'decimal.js';
import { GOLD_18KT_RATIO, GOLD_BUYBACK_FACTOR, TROY_OUNCE_GRAMS } from './constants';

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

/** Alloy price per gram = metal price per gram x fineness / 1000 (brief §3). */
export function alloyPricePerGram(metalPricePerGram: DecimalInput, finenessThousandths: DecimalInput): Decimal {
  return D(metalPricePerGram).mul(finenessThousandths).div(1000);
}

/** Header 18kt = 24kt x 0.75, rounded to a whole euro for display (spec §2, §9). */
export function gold18ktFrom24kt(gold24ktPerGram: DecimalInput): Decimal {
  return D(gold24ktPerGram).mul(GOLD_18KT_RATIO);
}

/**
 * Gold buy-back price for private persons = weight x alloy price/g x 0.755 (spec §2).
 * Returns 0 when the weight is not a number above 0 or the alloy price is missing (spec §5).
 */
export function buybackPrice(
  weightGrams: unknown,
  alloyPricePerG: unknown,
  factor: DecimalInput = GOLD_BUYBACK_FACTOR,
): Decimal {
  const weight = parseDecimal(weightGrams);
  const price = parseDecimal(alloyPricePerG);
  if (!weight || !price || weight.lte(0) || price.lte(0)) return new Decimal(0);
  return toCents(weight.mul(price).mul(factor));
}

/** Applied price per gram in the buy-back note: alloy price/g (the factor is shown beside it). */
export function buybackAppliedPricePerGram(alloyPricePerG: DecimalInput): Decimal {
  return toCents(alloyPricePerG);
}

/** Converts an amount in a foreign currency to EUR with a rate "1 foreign = rate EUR". */
export function convertToEur(amount: DecimalInput, rateToEur: DecimalInput): Decimal {
  return D(amount).mul(rateToEur);
}

/**
 * Approximate carat of a round brilliant from its diameter D in mm (brief §4):
 * ct ~ D^2 x depth x 0.0061 with depth ~ 61 % of D, i.e. ~ 0.0037 x D^3.
 */
export function approximateCaratFromDiameter(diameterMm: DecimalInput): Decimal {
  const d = D(diameterMm);
  return d.pow(2).mul(d.mul('0.61')).mul('0.0061');
}

export { Decimal };
