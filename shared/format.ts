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

/** A number with exactly `decimals` decimals, fr-FR grouping (e.g. "1 234,57"). */
export function formatNumber(value: Numeric, decimals: number, fallback = NOT_AVAILABLE): string {
  const n = toNumber(value);
  if (n === null) return fallback;
  return formatter(`n${decimals}`, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(n);
}

/** An amount in a currency with `decimals` decimals (e.g. "1 234,57 €", "1 235 $US"). */
export function formatMoney(value: Numeric, currency: string, decimals = 2, fallback = NOT_AVAILABLE): string {
  const n = toNumber(value);
  if (n === null) return fallback;
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

/** A date in fr-FR (e.g. "20/11/2026"). */
export function formatDateFr(value: string | Date | null | undefined, fallback = NOT_AVAILABLE): string {
  if (!value) return fallback;
  const d = typeof value === 'string' ? new Date(value) : value;
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
