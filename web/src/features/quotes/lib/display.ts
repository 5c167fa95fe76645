import { formatEuro, formatNumber } from '@shared/format';
import { toInputText } from '@shared/decimal-input';

/** Display helpers of the quote screens (fr-FR). */

const MINUS = '−';

function signOf(n: number): string {
  return n > 0 ? '+' : n < 0 ? MINUS : '';
}

/** "+12,40 €" / "−5,00 €" / "0,00 €": an amount with its sign. */
export function formatSignedEuro(amount: string | number): string {
  const n = Number(amount);
  if (!Number.isFinite(n)) return '—';
  return `${signOf(n)}${formatEuro(Math.abs(n))}`;
}

/** "+1,2 %" (one decimal), "—" when unknown. */
export function formatSignedPercent(percent: string | number | null): string {
  if (percent === null) return '—';
  const n = Number(percent);
  if (!Number.isFinite(n)) return '—';
  return `${signOf(n)}${formatNumber(Math.abs(n), 1)} %`;
}

/** "Aux cours du jour : +12,40 € (+1,2 %)". */
export function todayDifferenceText(difference: { amount: string; percent: string | null }): string {
  const percent = difference.percent === null ? '' : ` (${formatSignedPercent(difference.percent)})`;
  return `Aux cours du jour : ${formatSignedEuro(difference.amount)}${percent}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "10:42" in the browser's time zone. */
export function formatTimeFr(value: string | Date): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '—';
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** "25/11/2026 à 10:42". */
export function formatDateTimeFr(value: string | Date | null | undefined): string {
  if (!value) return '—';
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '—';
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} à ${formatTimeFr(d)}`;
}

/** A VAT rate as a person reads it: "5.5" -> "5,5 %". */
export function formatVatRate(ratePct: string): string {
  return `${toInputText(ratePct)} %`;
}

/** "Lignes 2 et 4", "Ligne 3". */
export function lineNumbersText(numbers: readonly number[]): string {
  if (numbers.length === 0) return '';
  if (numbers.length === 1) return `Ligne ${numbers[0]}`;
  return `Lignes ${numbers.slice(0, -1).join(', ')} et ${numbers[numbers.length - 1]}`;
}
