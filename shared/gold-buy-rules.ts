import type { Metal } from './constants';
import { ExactDecimal } from './exact-decimal';
import { isFrenchWorkingDay } from './french-holidays';
import { parisInstant, parisWallClock, wallClockDay } from './paris-time';

/**
 * The French rules of buying precious metal from private persons, pure (no database, no HTTP) and exact (scaled
 * BigInts, shared/exact-decimal.ts, so the browser can run them too): the 48-hour withdrawal period, the legal
 * finenesses, the price of an item, the flat tax (CGI art. 150 VI to 150 VK), the IBAN check, the
 * anti-money-laundering threshold and the payment methods (never cash). Amounts are decimal strings in euros
 * with 2 decimals ("1234.50").
 */

export type { Metal };

// ---------------------------------------------------------------------------------------------------------------
// Withdrawal period (Code de la consommation L224-99)

/** The seller may withdraw within 48 hours of signing. */
export const WITHDRAWAL_PERIOD_HOURS = 48;
const WITHDRAWAL_PERIOD_MS = WITHDRAWAL_PERIOD_HOURS * 3_600_000;

function checkDate(value: Date, what: string): number {
  const time = value instanceof Date ? value.getTime() : Number.NaN;
  if (Number.isNaN(time)) throw new RangeError(`${what}: invalid date`);
  return time;
}

/**
 * End of the withdrawal period of a purchase signed at `signedAt`: 48 hours later on the wall clocks of Paris (the
 * same hour, minute and second two calendar days later, whatever a change of clocks in between); when that day is
 * a Saturday, a Sunday or a public holiday, the same hour on the next working day (repeated until one is).
 *
 * The seller never gets less than 48 elapsed hours: a purchase signed on the Saturday of the spring change (or on
 * that Sunday before 03:00) would end on the Monday at the same hour after only 47 hours, so it ends on the next
 * working day at that hour. In short: the first working day, from two days after the signature, whose instant at
 * the signature's Paris hour is at least 48 hours after it.
 */
export function withdrawalDeadline(signedAt: Date): Date {
  const earliest = checkDate(signedAt, 'signedAt') + WITHDRAWAL_PERIOD_MS;
  const wall = parisWallClock(signedAt);
  for (let days = 2; ; days++) {
    const sameHour = { ...wall, day: wall.day + days };
    const end = parisInstant(sameHour);
    if (isFrenchWorkingDay(wallClockDay(sameHour)) && end.getTime() >= earliest) return end;
  }
}

/** Whether the seller may still withdraw at `now`: until the deadline, excluded. */
export function withdrawalOpen(signedAt: Date, now: Date): boolean {
  return msUntilWithdrawalEnds(signedAt, now) > 0;
}

/** Milliseconds from `now` to the end of the withdrawal period, 0 once it has ended (the countdown). */
export function msUntilWithdrawalEnds(signedAt: Date, now: Date): number {
  return Math.max(0, withdrawalDeadline(signedAt).getTime() - checkDate(now, 'now'));
}

/**
 * What the shop owes the seller when, after a withdrawal, it cannot give the items back: twice the price
 * (Code de la consommation, L224-99), to the cent. `price` is the contract's total (EUR, decimal string).
 */
export function withdrawalPenalty(price: string): string {
  const value = ExactDecimal.parse(price);
  if (value === null) throw new Error(`withdrawalPenalty: not a decimal price: ${price}`);
  return value.plus(value).toFixed(2);
}

// ---------------------------------------------------------------------------------------------------------------
// Finenesses (CGI art. 522)

/**
 * The legal French finenesses in thousandths, the ones offered first. Any whole number of thousandths from 1 to
 * 999 is accepted (`isValidFineness`): foreign pieces carry others (20 kt is 833).
 */
export const LEGAL_FINENESSES: Readonly<Record<Metal, readonly number[]>> = {
  gold: [999, 916, 750, 585, 375],
  silver: [999, 925, 800],
  platinum: [999, 950, 900, 850],
};

/** A fineness in thousandths: a whole number from 1 to 999. */
export function isValidFineness(fineness: number): boolean {
  return Number.isInteger(fineness) && fineness >= 1 && fineness <= 999;
}

/** Whether a fineness is one of the legal French titles of the metal. */
export function isLegalFineness(metal: Metal, fineness: number): boolean {
  return LEGAL_FINENESSES[metal].includes(fineness);
}

// ---------------------------------------------------------------------------------------------------------------
// Decimal helpers

const ZERO = new ExactDecimal(0n);
const ONE = new ExactDecimal(1n);
const HUNDREDTH = new ExactDecimal(1n, 2);
const THOUSANDTH = new ExactDecimal(1n, 3);

function decimal(value: string, what: string): ExactDecimal {
  const parsed = typeof value === 'string' ? ExactDecimal.parse(value) : null;
  if (!parsed) throw new RangeError(`${what}: not a decimal: ${String(value)}`);
  return parsed;
}

function nonNegative(value: string, what: string): ExactDecimal {
  const parsed = decimal(value, what);
  if (parsed.comparedTo(ZERO) < 0) throw new RangeError(`${what}: negative: ${value}`);
  return parsed;
}

/** A euro amount: at least 0 and at most 2 decimals. */
function amount(value: string, what: string): ExactDecimal {
  const parsed = nonNegative(value, what);
  if (parsed.toDecimalPlacesHalfUp(2).comparedTo(parsed) !== 0) throw new RangeError(`${what}: not in cents: ${value}`);
  return parsed;
}

const cents = (value: ExactDecimal): string => value.toFixed(2);
const sum = (values: ExactDecimal[]): ExactDecimal => values.reduce((a, b) => a.plus(b), ZERO);
const percentOf = (base: ExactDecimal, ratePct: string): ExactDecimal =>
  base.mul(ratePct).mul(HUNDREDTH).toDecimalPlacesHalfUp(2);

// ---------------------------------------------------------------------------------------------------------------
// Price of an item

export interface GoldBuyItemPriceInput {
  /** Net weight of metal in grams, at least 0 ("12.5"). */
  netWeightG: string;
  /** Fineness in thousandths, 1 to 999. */
  fineness: number;
  /** Market price of one gram of pure metal in EUR, at least 0. */
  pricePerGramPure: string;
  /** The organization's buy-back factor, above 0 and at most 1 (0.755 by default in the settings). */
  factor: string;
}

export interface GoldBuyItemPrice {
  /** Price of one gram at that fineness, EUR, to the cent: the figure the contract prints and multiplies. */
  pricePerGram: string;
  /** Price paid for the item, EUR, to the cent. */
  price: string;
}

/**
 * Price of one item = net weight x price per gram of that fineness x buy-back factor, where the price per gram of
 * that fineness = price per gram of pure metal x fineness / 1000.
 *
 * Rounding points, each half-up to the cent, as the dashboard calculator does (docs/decisions/0003-money.md):
 * 1. the price per gram of that fineness, the figure the contract shows;
 * 2. the item's price = net weight x that shown figure x factor.
 * So the seller who redoes "weight x price per gram x factor" with a calculator finds the price printed, to the
 * cent. Throws a RangeError on a weight or a price below 0, a fineness outside 1-999 or a factor outside ]0, 1].
 */
export function goldBuyItemPrice(input: GoldBuyItemPriceInput): GoldBuyItemPrice {
  const weight = nonNegative(input.netWeightG, 'netWeightG');
  const pricePerGramPure = nonNegative(input.pricePerGramPure, 'pricePerGramPure');
  const factor = decimal(input.factor, 'factor');
  if (!isValidFineness(input.fineness)) throw new RangeError(`fineness: not 1-999: ${input.fineness}`);
  if (!factor.isPositive() || factor.comparedTo(ONE) > 0)
    throw new RangeError(`factor: not in ]0, 1]: ${input.factor}`);
  const pricePerGram = pricePerGramPure.mul(new ExactDecimal(BigInt(input.fineness))).mul(THOUSANDTH);
  const shownPerGram = pricePerGram.toDecimalPlacesHalfUp(2);
  return { pricePerGram: cents(shownPerGram), price: cents(weight.mul(shownPerGram).mul(factor)) };
}

// ---------------------------------------------------------------------------------------------------------------
// Flat tax on precious metals and jewellery (CGI art. 150 VI to 150 VK)

/** What an item is for the tax: precious metal (bullion, coins, scrap metal) or jewellery and objets d'art. */
export const GOLD_BUY_ITEM_CATEGORIES = ['metal', 'jewellery'] as const;
export type GoldBuyItemCategory = (typeof GOLD_BUY_ITEM_CATEGORIES)[number];

/** The flat tax, or the capital-gains regime when the seller proves the purchase price. */
export const GOLD_BUY_TAX_REGIMES = ['flat', 'capital-gains'] as const;
export type GoldBuyTaxRegime = (typeof GOLD_BUY_TAX_REGIMES)[number];

export const GOLD_BUY_TAX_REGIME_LABELS: Readonly<Record<GoldBuyTaxRegime, string>> = {
  flat: 'Taxe forfaitaire',
  'capital-gains': 'Régime des plus-values',
};

/** Tax rates in percent: the tax itself and the CRDS (contribution au remboursement de la dette sociale). */
export const GOLD_BUY_TAX_RATES_PCT: Readonly<Record<GoldBuyItemCategory, { tax: string; crds: string }>> = {
  metal: { tax: '11', crds: '0.5' },
  jewellery: { tax: '6', crds: '0.5' },
};

/** Jewellery sold for this total or less in one sale is exempt from the flat tax. */
export const JEWELLERY_TAX_EXEMPTION_EUR = '5000.00';

const JEWELLERY_EXEMPTION = decimal(JEWELLERY_TAX_EXEMPTION_EUR, 'JEWELLERY_TAX_EXEMPTION_EUR');

/** The labels of a tax line, as the contract prints them. */
export const GOLD_BUY_TAX_LABELS = {
  metal: 'Taxe forfaitaire sur les métaux précieux',
  jewellery: 'Taxe forfaitaire sur les bijoux',
  jewelleryExempt: 'Exonéré (bijoux \u2264 5\u202f000\u00a0€)',
  capitalGains: 'Régime des plus-values',
} as const;

export interface GoldBuyTaxInput {
  /** Each item's category and price (EUR, at least 0, at most 2 decimals). */
  items: ReadonlyArray<{ category: GoldBuyItemCategory; amount: string }>;
  /** Whether the buyer is registered for VAT in France: it then withholds the tax and declares it. */
  vatRegistered: boolean;
  regime: GoldBuyTaxRegime;
}

/** The tax on the items of one category. */
export interface GoldBuyTaxLine {
  category: GoldBuyItemCategory;
  label: string;
  /** Sum of the prices of the category's items. */
  base: string;
  /** Rates in percent ("11", "0.5", "11.5"; "0" when exempt or under the capital-gains regime). */
  taxRatePct: string;
  crdsRatePct: string;
  ratePct: string;
  /** base x tax rate and base x CRDS rate, each half-up to the cent. */
  tax: string;
  crds: string;
  /** tax + crds. */
  total: string;
}

export interface GoldBuyTax {
  regime: GoldBuyTaxRegime;
  regimeLabel: string;
  /** False under the capital-gains regime: no flat tax, the seller declares the gain. */
  flatTax: boolean;
  /** One line per category present in the sale, metal first. */
  lines: GoldBuyTaxLine[];
  /** Sum of the items' prices. */
  total: string;
  /** Tax borne by the seller: sum of the lines' totals. */
  taxDue: string;
  /** Whether the buyer withholds it (VAT-registered buyer); otherwise the seller pays it. */
  withheldByBuyer: boolean;
  /** taxDue when the buyer withholds it, "0.00" otherwise. */
  taxWithheld: string;
  /** What the seller is paid: total - taxWithheld. */
  netPaid: string;
}

function taxLine(
  category: GoldBuyItemCategory,
  base: ExactDecimal,
  regime: GoldBuyTaxRegime,
  jewelleryTotal: ExactDecimal,
): GoldBuyTaxLine {
  const exempt = category === 'jewellery' && jewelleryTotal.comparedTo(JEWELLERY_EXEMPTION) <= 0;
  const label =
    regime === 'capital-gains'
      ? GOLD_BUY_TAX_LABELS.capitalGains
      : exempt
        ? GOLD_BUY_TAX_LABELS.jewelleryExempt
        : GOLD_BUY_TAX_LABELS[category];
  const rates = regime === 'capital-gains' || exempt ? { tax: '0', crds: '0' } : GOLD_BUY_TAX_RATES_PCT[category];
  const tax = percentOf(base, rates.tax);
  const crds = percentOf(base, rates.crds);
  return {
    category,
    label,
    base: cents(base),
    taxRatePct: rates.tax,
    crdsRatePct: rates.crds,
    ratePct: decimal(rates.tax, 'tax rate').plus(decimal(rates.crds, 'CRDS rate')).toString(),
    tax: cents(tax),
    crds: cents(crds),
    total: cents(tax.plus(crds)),
  };
}

/**
 * The flat tax of a sale (CGI art. 150 VI to 150 VK), borne by the seller: precious metal 11 % + 0.5 % CRDS;
 * jewellery 6 % + 0.5 % CRDS on the whole jewellery total when it is above 5,000.00 EUR, exempt at or under it.
 * Tax and CRDS are each rounded half-up to the cent per category. A VAT-registered buyer withholds the tax from
 * the price; otherwise it is shown as due by the seller and the seller is paid the whole price. Under the
 * capital-gains regime (the seller proves the purchase price) there is no flat tax. Throws a RangeError on an
 * amount below 0 or with more than 2 decimals.
 */
export function goldBuyTax(input: GoldBuyTaxInput): GoldBuyTax {
  const items = input.items.map((item, i) => ({ ...item, value: amount(item.amount, `items[${i}].amount`) }));
  const baseOf = (category: GoldBuyItemCategory) =>
    sum(items.filter((item) => item.category === category).map((item) => item.value));
  const jewelleryTotal = baseOf('jewellery');
  const lines = GOLD_BUY_ITEM_CATEGORIES.filter((category) => items.some((item) => item.category === category)).map(
    (category) => taxLine(category, baseOf(category), input.regime, jewelleryTotal),
  );
  const total = sum(items.map((item) => item.value));
  const taxDue = sum(lines.map((line) => decimal(line.total, 'line total')));
  const withheldByBuyer = input.vatRegistered && input.regime === 'flat';
  const taxWithheld = withheldByBuyer ? taxDue : ZERO;
  return {
    regime: input.regime,
    regimeLabel: GOLD_BUY_TAX_REGIME_LABELS[input.regime],
    flatTax: input.regime === 'flat',
    lines,
    total: cents(total),
    taxDue: cents(taxDue),
    withheldByBuyer,
    taxWithheld: cents(taxWithheld),
    netPaid: cents(total.minus(taxWithheld)),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// IBAN (ISO 13616)

/**
 * Length of an IBAN per country: the SEPA area (the European Union, the EEA, Switzerland, the United Kingdom,
 * Monaco, Andorra, San Marino, the Vatican, Gibraltar). An IBAN of another country is refused.
 */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
};

/** An IBAN without spaces, in capitals ("fr76 3000 6000 ..." -> "FR7630006000..."). */
export function normalizeIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/**
 * Whether an IBAN is valid: a country of `IBAN_LENGTHS` with its length, check digits 02 to 98, letters and digits
 * only, and the ISO 13616 check (the number formed by moving the first 4 characters to the end, each letter
 * replaced by 10-35, modulo 97 is 1). Spaces and case are ignored.
 */
export function ibanIsValid(iban: string): boolean {
  const text = normalizeIban(iban);
  const match = /^([A-Z]{2})(\d{2})[A-Z0-9]+$/.exec(text);
  if (!match || IBAN_LENGTHS[match[1]!] !== text.length) return false;
  const checkDigits = Number(match[2]);
  if (checkDigits < 2 || checkDigits > 98) return false;
  let remainder = 0;
  for (const character of text.slice(4) + text.slice(0, 4)) {
    for (const digit of String(parseInt(character, 36))) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** An IBAN as it is printed: capitals in groups of 4 ("FR76 3000 6000 0112 3456 7890 189"). */
export function formatIban(iban: string): string {
  return (normalizeIban(iban).match(/.{1,4}/g) ?? []).join(' ');
}

// ---------------------------------------------------------------------------------------------------------------
// Anti-money-laundering (CMF L561-2 and following)

/** From this total of one seller's purchases in one day, the parties must be identified. */
export const AML_THRESHOLD_EUR = '10000.00';
const AML_THRESHOLD = decimal(AML_THRESHOLD_EUR, 'AML_THRESHOLD_EUR');

/** Whether a seller's total of the day (EUR) calls for anti-money-laundering vigilance: from 10,000.00 included. */
export function amlVigilanceRequired(sellerDayTotal: string): boolean {
  return decimal(sellerDayTotal, 'sellerDayTotal').comparedTo(AML_THRESHOLD) >= 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Payment (CMF L112-6)

/** How a purchase from a private person is paid; cash does not exist. */
export const GOLD_BUY_PAYMENT_METHODS = ['transfer', 'cheque'] as const;
export type GoldBuyPaymentMethod = (typeof GOLD_BUY_PAYMENT_METHODS)[number];

export const GOLD_BUY_PAYMENT_METHOD_LABELS: Readonly<Record<GoldBuyPaymentMethod, string>> = {
  transfer: 'Virement sur un compte au nom du vendeur',
  cheque: 'Chèque barré',
};

/** Why the screen offers no cash payment. */
export const CASH_PAYMENT_IMPOSSIBLE_REASON =
  "Le paiement en espèces est impossible : l'article L112-6 du Code monétaire et financier interdit de payer en " +
  "espèces l'achat de métaux précieux à un particulier, quel que soit le montant. Le vendeur est payé par virement " +
  'sur un compte à son nom ou par chèque barré.';

/** Whether a value is one of the payment methods (a request asking for cash is refused with it). */
export function isGoldBuyPaymentMethod(value: unknown): value is GoldBuyPaymentMethod {
  return (GOLD_BUY_PAYMENT_METHODS as readonly unknown[]).includes(value);
}
