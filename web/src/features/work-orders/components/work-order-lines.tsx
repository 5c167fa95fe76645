import { formatNumber } from '@shared/format';
import { QUOTE_LINE_KIND_LABELS, QUOTE_LINE_KINDS, type QuoteLineKind } from '@shared/schemas/quotes';
import type { WorkOrderLine } from '@shared/schemas/work-orders';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useAlloys } from '@/lib/reference-data';
import { ScrollRegion } from './scroll-region';
import { formatGrams } from '../lib/display';

const isKind = (kind: string): kind is QuoteLineKind => (QUOTE_LINE_KINDS as readonly string[]).includes(kind);

/** A quantity without needless decimals: "1", "2,5". */
function quantityText(value: string): string {
  const n = Number(value);
  return Number.isInteger(n) ? formatNumber(n, 0) : formatNumber(value, 3).replace(/0+$/, '');
}

/** What to make, carried over from the quote (never its prices): kind, label, quantity, alloy and weight. */
export function WorkOrderLines({ lines }: { lines: WorkOrderLine[] }) {
  const alloys = useAlloys();
  const alloyName = (id: string | undefined) =>
    id ? (alloys.data?.find((a) => a.id === id)?.name ?? 'Alliage') : null;
  return (
    <Card data-testid="work-order-lines">
      <CardHeader className="p-4 sm:p-6">
        <CardTitle>Lignes du devis</CardTitle>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <ScrollRegion label="Lignes du devis">
          <table className="w-full min-w-[32rem] text-sm">
            <thead>
              <tr className="border-b text-left text-xs text-muted-foreground">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Type
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Désignation
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Quantité
                </th>
                <th scope="col" className="py-2 font-medium">
                  Alliage / poids
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line, i) => {
                const alloy = alloyName(line.alloyId);
                return (
                  <tr key={i} className="border-b align-top last:border-0">
                    <td className="py-2 pr-3 whitespace-nowrap">
                      {isKind(line.kind) ? QUOTE_LINE_KIND_LABELS[line.kind] : line.kind}
                    </td>
                    <td className="py-2 pr-3">
                      <div className="font-medium">{line.label}</div>
                      {line.description ? (
                        <div className="text-xs text-muted-foreground">{line.description}</div>
                      ) : null}
                      {line.mm || line.clarity ? (
                        <div className="text-xs text-muted-foreground">
                          {[line.mm ? `${formatNumber(line.mm, 2)} mm` : null, line.clarity]
                            .filter(Boolean)
                            .join(' · ')}
                        </div>
                      ) : null}
                    </td>
                    <td className="py-2 pr-3 text-right tabular-nums">{quantityText(line.quantity)}</td>
                    <td className="py-2 whitespace-nowrap">
                      {alloy || line.weightG
                        ? [alloy, line.weightG ? formatGrams(line.weightG) : null].filter(Boolean).join(' · ')
                        : '—'}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      </CardContent>
    </Card>
  );
}
