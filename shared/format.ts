import { EMPTY_VALUE, NOT_AVAILABLE } from './constants';

/**
 * fr-FR number formatting. Every function takes a number or a decimal
 * string (the API sends decimals as strings) and returns the fallback when the
 * value is missing or not a finite number.
 */

type Numeric = number | string | null | undefined;

function toNumber(value: Numeric): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat('fr-FR', options);
    formatters.set(key, f);
  }
  return f;
}

/** fr-FR thousands separator (narrow no-break space) and the space before a currency sign (no-break space). */
const GROUP_SEPARATOR = '\u202f';
const CURRENCY_SPACE = '\u00a0';
/** The fr-FR signs of the currencies the app shows; others go through Intl. */
const CURRENCY_SIGNS: Record<string, string> = { EUR: '€', USD: '$US', ILS: '₪' };

/** "199" + 1 = "200", "99" + 1 = "100": the digits of a rounded-up decimal. */
function plusOne(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i--;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return `${digits.slice(0, i)}${String(Number(digits[i]) + 1)}${'0'.repeat(digits.length - i - 1)}`;
}

/**
 * `n` with exactly `decimals` decimals, fr-FR grouping, written without Intl: the browser's first
 * `Intl.NumberFormat` loads locale data for 15-25 ms, one long task on a phone's first screen. Same text as
 * `Intl.NumberFormat('fr-FR')` (shared/format.test.ts compares them): it rounds the shortest decimal writing of the
 * number half away from zero (1.005 gives "1,01"), a minus sign for any negative number, even one that rounds to 0.
 * Null for numbers JavaScript writes with an exponent (below 1e-6 or from 1e21), left to Intl.
 */
function frenchFixed(n: number, decimals: number): string | null {
  const text = String(Math.abs(n));
  if (text.includes('e')) return null;
  const [integer = '0', fraction = ''] = text.split('.');
  let digits = integer + fraction.slice(0, decimals).padEnd(decimals, '0');
  if (fraction.length > decimals && fraction.charCodeAt(decimals) >= 53 /* '5' */) digits = plusOne(digits);
  const integerLength = digits.length - decimals;
  const whole = digits.slice(0, integerLength).replace(/^0+(?=\d)/, '') || '0';
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, GROUP_SEPARATOR);
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  return decimals > 0 ? `${sign}${grouped},${digits.slice(integerLength)}` : `${sign}${grouped}`;
}

/** A number with exactly `decimals` decimals, fr-FR grouping (e.g. "1 234,57"). */
export function formatNumber(value: Numeric, decimals: number, fallback = NOT_AVAILABLE): string {
  const n = toNumber(value);
  if (n === null) return fallback;
  return (
    frenchFixed(n, decimals) ??
    formatter(`n${decimals}`, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(n)
  );
}

/** An amount in a currency with `decimals` decimals (e.g. "1 234,57 €", "1 235 $US"). */
export function formatMoney(value: Numeric, currency: string, decimals = 2, fallback = NOT_AVAILABLE): string {
  const n = toNumber(value);
  if (n === null) return fallback;
  const sign = CURRENCY_SIGNS[currency];
  const amount = sign === undefined ? null : frenchFixed(n, decimals);
  if (amount !== null) return `${amount}${CURRENCY_SPACE}${sign}`;
  return formatter(`m${currency}${decimals}`, {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(n);
}

export const formatEuro = (value: Numeric, decimals = 2, fallback = NOT_AVAILABLE): string =>
  formatMoney(value, 'EUR', decimals, fallback);

/** Gold buy-back output: euros with 2 decimals, or a dash when there is no price. */
export function formatBuybackPrice(value: Numeric): string {
  const n = toNumber(value);
  if (n === null || n <= 0) return EMPTY_VALUE;
  return formatEuro(n, 2);
}

/** Header: gold buttons whole numbers. */
export const formatGoldButton = (value: Numeric): string => formatNumber(value, 0);
/** Header: silver 2 decimals, 1 on mobile. */
export const formatSilverButton = (value: Numeric, mobile = false): string => formatNumber(value, mobile ? 1 : 2);
/** Header: USD/EUR 3 decimals, 2 on mobile. */
export const formatRateButton = (value: Numeric, mobile = false): string => formatNumber(value, mobile ? 2 : 3);
/** Ticker: prices 2 decimals with "€/g". */
export const formatTickerPrice = (value: Numeric): string => `${formatNumber(value, 2)} €/g`;
/** Ticker and FX badges: rates 4 decimals. */
export const formatRate = (value: Numeric): string => formatNumber(value, 4);
/** Diamond prices: whole numbers, EUR or USD. */
export const formatDiamondPrice = (value: Numeric, currency: 'EUR' | 'USD'): string => formatMoney(value, currency, 0);

/** A date in fr-FR (e.g. "20/11/2026"); a date without a time ("1980-05-01") is that day wherever the browser is. */
export function formatDateFr(value: string | Date | null | undefined, fallback = NOT_AVAILABLE): string {
  if (!value) return fallback;
  const d =
    typeof value === 'string' ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00` : value) : value;
  if (Number.isNaN(d.getTime())) return fallback;
  return d.toLocaleDateString('fr-FR');
}

/** Age of a value in French words for stale prices ("il y a 5 min"). */
export function formatAgeFr(ageSeconds: number): string {
  if (!Number.isFinite(ageSeconds) || ageSeconds < 60) return "à l'instant";
  const minutes = Math.floor(ageSeconds / 60);
  if (minutes < 60) return `il y a ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `il y a ${hours} h`;
  return `il y a ${Math.floor(hours / 24)} j`;
}
