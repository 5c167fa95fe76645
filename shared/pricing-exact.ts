import { GOLD_18KT_RATIO, GOLD_BUYBACK_FACTOR } from './constants';
import { ExactDecimal } from './exact-decimal';

/**
 * The pricing functions the browser needs, with the same names, formulas and results as shared/pricing.ts but
 * on exact scaled BigInts (shared/exact-decimal.ts) so the web bundle carries no Decimal library. The web imports
 * this module, never shared/pricing.ts (shared/pricing-exact.test.ts checks both agree and that web/ obeys).
 */
export { ExactDecimal };

const ZERO = new ExactDecimal(0n);

/** Parses a user-entered or API number; returns null when it is not a finite number. */
export function parseDecimal(value: unknown): ExactDecimal | null {
  return ExactDecimal.parse(value);
}

function required(value: ExactDecimal | string | number): ExactDecimal {
  const parsed = value instanceof ExactDecimal ? value : ExactDecimal.parse(value);
  if (!parsed) throw new RangeError(`not a decimal: ${String(value)}`);
  return parsed;
}

/** Half-up rounding to the cent (documented rounding point for euro amounts). */
export function toCents(value: ExactDecimal | string | number): ExactDecimal {
  return required(value).toDecimalPlacesHalfUp(2);
}

/** Header 18kt = 24kt x 0.75; the header shows it as a whole number. */
export function gold18ktFrom24kt(gold24ktPerGram: ExactDecimal | string | number): ExactDecimal {
  return required(gold24ktPerGram).mul(GOLD_18KT_RATIO);
}

/**
 * Gold buy-back price for private persons = weight x applied price/g x factor, rounded half-up to the cent (
 * the factor is the organization's setting, 0.755 by default). The applied price/g is the alloy price rounded to the
 * cent, as the calculator's note shows it, so the note times the weight is the result (docs/decisions/0003-money.md).
 * Returns 0 when the weight is not a number above 0 or the alloy price is missing.
 */
export function buybackPrice(
  weightGrams: unknown,
  alloyPricePerG: unknown,
  factor: ExactDecimal | string | number = GOLD_BUYBACK_FACTOR,
): ExactDecimal {
  const weight = parseDecimal(weightGrams);
  const price = parseDecimal(alloyPricePerG);
  if (!weight || !price || !weight.isPositive() || !price.isPositive()) return ZERO;
  return toCents(weight.mul(buybackAppliedPricePerGram(price)).mul(required(factor)));
}

/** Applied price per gram in the buy-back note: alloy price/g rounded to the cent (the factor is shown beside it). */
export function buybackAppliedPricePerGram(alloyPricePerG: ExactDecimal | string | number): ExactDecimal {
  return toCents(alloyPricePerG);
}

/**
 * The discount of a buy-back factor as the note writes it: (1 - factor) x 100 with 2 decimals and a comma, no space
 * before the sign ("24,50%" for 0.755).
 */
export function buybackDiscountLabel(factor: ExactDecimal | string | number): string {
  const discount = new ExactDecimal(1n).minus(required(factor)).mul(new ExactDecimal(100n));
  return `${discount.toFixed(2).replace('.', ',')}%`;
}
