import { formatEuro } from '@shared/format';
import { toInputText } from '@shared/decimal-input';
import { QUOTE_UNIT_LABELS, type SharedQuoteView } from '@shared/schemas/quotes';
import { cn } from '@/lib/class-merge';
import { formatVatRate } from '../lib/display';

/** A line as printed: what the client reads and its price (costs only for roles that see them). */
export type PrintedLine = SharedQuoteView['quote']['lines'][number] & {
  cost?: string | null;
  margin?: string | null;
  missing?: { message: string } | null;
};

/** The right-aligned columns after "Désignation" (costs only for roles that see them). */
const AMOUNT_HEADERS = ['Qté', 'PU HT', 'Remise', 'Total HT', 'TVA'];
const COST_HEADERS = ['Coût', 'Marge'];

const quantityText = (line: PrintedLine) =>
  line.unit === 'pc' ? toInputText(line.quantity) : `${toInputText(line.quantity)} ${QUOTE_UNIT_LABELS[line.unit]}`;

const discountText = (pct: string) => (Number(pct) === 0 ? '—' : `${toInputText(pct)} %`);

/**
 * The lines of a quote as it was sent (frozen prices), read-only: a table on wide screens, one card per line on a
 * phone. Used by the quote's page and the client's shared page.
 */
export function QuoteLinesTable({ lines, showCosts = false }: { lines: PrintedLine[]; showCosts?: boolean }) {
  if (lines.length === 0) return <p className="text-sm text-muted-foreground">Aucune ligne.</p>;
  return (
    <>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-sm" data-testid="quote-lines-table">
          <thead>
            <tr className="border-b text-left text-xs text-muted-foreground">
              <th scope="col" className="py-2 pr-3 font-medium">
                Désignation
              </th>
              {[...AMOUNT_HEADERS, ...(showCosts ? COST_HEADERS : [])].map((header) => (
                <th
                  key={header}
                  scope="col"
                  className={cn('py-2 text-right font-medium', header !== 'Marge' && 'pr-3')}
                >
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lines.map((line, i) => (
              <tr key={i} className="border-b align-top last:border-0" data-testid="quote-printed-line">
                <td className="py-2 pr-3">
                  <div className="font-medium">{line.label}</div>
                  {line.description && (
                    <div className="whitespace-pre-wrap text-xs text-muted-foreground">{line.description}</div>
                  )}
                  {line.missing && <div className="text-xs text-destructive">{line.missing.message}</div>}
                </td>
                <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">{quantityText(line)}</td>
                <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">{formatEuro(line.unitPrice)}</td>
                <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">
                  {discountText(line.discountPct)}
                </td>
                <td className="py-2 pr-3 text-right font-medium whitespace-nowrap tabular-nums">
                  {formatEuro(line.total)}
                </td>
                <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">
                  {formatVatRate(line.vatRatePct)}
                </td>
                {showCosts && (
                  <>
                    <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">{formatEuro(line.cost)}</td>
                    <td className="py-2 text-right whitespace-nowrap tabular-nums">{formatEuro(line.margin)}</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ol className="space-y-2 md:hidden">
        {lines.map((line, i) => (
          <li key={i} className="rounded-md border p-3 text-sm" data-testid="quote-printed-card">
            <div className="flex items-start justify-between gap-2">
              <span className="font-medium">{line.label}</span>
              <span className="font-semibold whitespace-nowrap tabular-nums">{formatEuro(line.total)}</span>
            </div>
            {line.description && (
              <p className="mt-0.5 whitespace-pre-wrap text-xs text-muted-foreground">{line.description}</p>
            )}
            <p className="mt-1 text-xs text-muted-foreground">
              {quantityText(line)} × {formatEuro(line.unitPrice)} HT
              {Number(line.discountPct) !== 0 ? ` · remise ${toInputText(line.discountPct)} %` : ''} · TVA{' '}
              {formatVatRate(line.vatRatePct)}
              {showCosts && line.cost != null ? ` · coût ${formatEuro(line.cost)}` : ''}
              {showCosts && line.margin != null ? ` · marge ${formatEuro(line.margin)}` : ''}
            </p>
            {line.missing && <p className="text-xs text-destructive">{line.missing.message}</p>}
          </li>
        ))}
      </ol>
    </>
  );
}
