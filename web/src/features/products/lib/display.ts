import { formatEuro, formatNumber } from '@shared/format';

/** Display helpers of the product screens (fr-FR). */

/** "+12,34 €" / "−5,00 €" with an explicit sign. */
export function formatSignedEuro(amount: string): string {
  const n = Number(amount);
  const sign = n > 0 ? '+' : n < 0 ? '−' : '';
  return `${sign}${formatEuro(Math.abs(n))}`;
}

export function formatSignedPercent(percent: string | null): string {
  if (percent === null) return '—';
  const n = Number(percent);
  const sign = n > 0 ? '+' : n < 0 ? '−' : '';
  return `${sign}${formatNumber(Math.abs(n), 2)} %`;
}

export function formatDateTimeFr(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return d.toLocaleString('fr-FR', { dateStyle: 'short', timeStyle: 'short' });
}
