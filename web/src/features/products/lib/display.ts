import { formatEuro, formatNumber } from '@shared/format';
import type { PricedLine } from '@shared/product-pricing';

/** Display helpers of the product screens (fr-FR). */

export function formatQuantity(line: Pick<PricedLine, 'quantity' | 'unit'>): string {
  switch (line.unit) {
    case 'g':
      return `${formatNumber(line.quantity, 3)} g`;
    case 'min':
      return `${formatNumber(line.quantity, 0)} min`;
    case 'pc': {
      const n = Number(line.quantity);
      return `${formatNumber(n, 0)} ${n > 1 ? 'pièces' : 'pièce'}`;
    }
    case 'forfait':
      return 'Forfait';
  }
}

export function formatUnitPrice(line: Pick<PricedLine, 'unitPriceEur' | 'unitPriceLabel'>): string {
  if (line.unitPriceEur === null) return '—';
  return `${formatNumber(line.unitPriceEur, 2)} ${line.unitPriceLabel}`;
}

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
