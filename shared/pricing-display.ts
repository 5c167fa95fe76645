import { formatEuro, formatNumber } from './format';
import type { GroupPrice, PricedLine } from './product-pricing';

/**
 * The price breakdown of a product sheet as a jeweller reads it: each line written with the very
 * figures its cost multiplies ("4,500 g + 5 % perte = 4,725 g × 89,87 €/g"), so it can be redone by hand and
 * the lines add up to the totals to the cent (shared/product-pricing.ts; property test in
 * shared/product-pricing.test.ts). No Decimal library here: the web imports this module.
 */

/** "5", "2,5", "0,75": a percentage or coefficient as entered, with a comma, no trailing zeros. */
export function formatPlainDecimal(value: string | number): string {
  const text = String(value);
  const trimmed = text.includes('.') ? text.replace(/\.?0+$/, '') : text;
  return trimmed.replace('-', '−').replace('.', ',');
}

function pieces(quantity: string): string {
  const n = Number(quantity);
  return `${formatNumber(n, 0)} ${n > 1 ? 'pièces' : 'pièce'}`;
}

/** What the line's quantity is, in its unit ("4,500 g", "12 pièces", "45 min", "Forfait"). */
export function formatLineQuantity(line: Pick<PricedLine, 'quantity' | 'unit'>): string {
  switch (line.unit) {
    case 'g':
      return `${formatNumber(line.quantity, 3)} g`;
    case 'min':
      return `${formatPlainDecimal(line.quantity)} min`;
    case 'pc':
      return pieces(line.quantity);
    case 'forfait':
      return 'Forfait';
  }
}

/** The unit price as shown and multiplied ("89,87 €/g", "108,00 €/pièce", "60,00 €/h"), a dash when unknown. */
export function formatLineUnitPrice(line: Pick<PricedLine, 'unitPriceEur' | 'unitPriceLabel'>): string {
  if (line.unitPriceEur === null) return '—';
  return `${formatNumber(line.unitPriceEur, 2)} ${line.unitPriceLabel}`;
}

/**
 * The line's formula: quantity x unit price, the metal loss written out.
 * metal "4,500 g + 5 % perte = 4,725 g × 89,87 €/g" (no loss: "4,500 g × 89,87 €/g"); stone and melee
 * "12 pièces × 26,82 €/pièce"; labour "45 min × 60,00 €/h"; other "Forfait".
 */
export function formatLineFormula(line: PricedLine): string {
  if (line.unit === 'forfait') return 'Forfait';
  let quantity = formatLineQuantity(line);
  const loss = line.kind === 'metal' ? String(line.details.lossPct ?? '0') : '0';
  if (line.kind === 'metal' && Number(loss) !== 0) {
    quantity = `${quantity} + ${formatPlainDecimal(loss)} % perte = ${formatNumber(line.billedQuantity, 3)} g`;
  }
  return line.unitPriceEur === null ? quantity : `${quantity} × ${formatLineUnitPrice(line)}`;
}

/**
 * How the unit price itself was obtained, when it is not a typed figure: a stone bought in another currency
 * "120,00 USD × 0,9000 €/USD"; a melee stone "≈ 0,0300 ct × 1 000,00 $/ct × 0,9000 €/$". Null otherwise.
 */
export function formatLineDetail(line: PricedLine): string | null {
  const d = line.details;
  if (line.kind === 'stone' && d.fxRate && d.unitCost) {
    return `${formatNumber(String(d.unitCost), 2)} ${String(d.currency)} × ${formatNumber(String(d.fxRate), 4)} €/${String(d.currency)}`;
  }
  if (line.kind === 'melee' && d.approximateCt) {
    const ct = `≈ ${formatNumber(String(d.approximateCt), 4)} ct`;
    if (!d.usdPerCt || !d.fxRate) return ct;
    return `${ct} × ${formatNumber(String(d.usdPerCt), 2)} $/ct × ${formatNumber(String(d.fxRate), 4)} €/$`;
  }
  return null;
}

/** A coefficient group's line: "1 234,56 € × 1,5". */
export function formatGroupFormula(group: Pick<GroupPrice, 'cost' | 'coefficient'>): string {
  return `${formatEuro(group.cost)} × ${formatPlainDecimal(group.coefficient)}`;
}
