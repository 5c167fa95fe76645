import { AlertTriangle } from 'lucide-react';
import { formatEuro, formatNumber } from '@shared/format';
import { COMPONENT_KIND_LABELS, type ProductPricing } from '@shared/schemas/products';
import { METAL_LABELS_FR } from '@shared/constants';
import { Badge } from '@/components/ui/badge';
import { formatDateTimeFr, formatQuantity, formatUnitPrice } from '../lib/display';

/** The breakdown table of a sheet's price: each line's cost, flagged lines, totals, coefficient, sale price. */
export function PricingBreakdown({ pricing }: { pricing: ProductPricing }) {
  const metals = (['gold', 'silver', 'platinum'] as const).filter((m) => pricing.market.metals[m]);
  return (
    <div className="space-y-3" data-testid="pricing-breakdown">
      {!pricing.complete && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm text-amber-900 dark:text-amber-200"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            Prix incomplet : {pricing.missingCount} {pricing.missingCount > 1 ? 'lignes ne peuvent' : 'ligne ne peut'}{' '}
            pas être chiffrée{pricing.missingCount > 1 ? 's' : ''}. Les totaux ne couvrent que les lignes chiffrées.
          </p>
        </div>
      )}
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th className="py-2 pr-2 font-medium">Ligne</th>
            <th className="py-2 text-right font-medium">Coût</th>
          </tr>
        </thead>
        <tbody>
          {pricing.lines.length === 0 && (
            <tr>
              <td colSpan={2} className="py-4 text-center text-muted-foreground">
                Aucune ligne de composition.
              </td>
            </tr>
          )}
          {pricing.lines.map((line) => (
            <tr key={line.index} className="border-b align-top last:border-0" data-testid="pricing-line">
              <td className="py-2 pr-2">
                <div className="font-medium">{line.label}</div>
                <div className="text-xs text-muted-foreground">
                  {COMPONENT_KIND_LABELS[line.kind]} · {formatQuantity(line)}
                  {line.unitPriceEur !== null && line.unit !== 'forfait' ? ` × ${formatUnitPrice(line)}` : ''}
                </div>
              </td>
              <td className="py-2 text-right whitespace-nowrap">
                {line.cost !== null ? (
                  formatEuro(line.cost)
                ) : (
                  <Badge variant="destructive" className="whitespace-normal text-right">
                    {line.missing?.message ?? 'Non chiffré'}
                  </Badge>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Coût de revient</dt>
        <dd className="text-right font-medium" data-testid="total-cost">
          {formatEuro(pricing.totalCost)}
        </dd>
        <dt className="text-muted-foreground">Coefficient</dt>
        <dd className="text-right">× {formatNumber(pricing.coefficient, 2)}</dd>
        <dt className="font-semibold">Prix de vente HT</dt>
        <dd className="text-right text-lg font-semibold" data-testid="sale-price">
          {formatEuro(pricing.salePrice)}
          {!pricing.complete && <span className="ml-1 text-xs font-normal text-amber-600">(incomplet)</span>}
        </dd>
      </dl>
      {metals.length > 0 && (
        <p className="text-xs text-muted-foreground">
          Cours utilisés :{' '}
          {metals
            .map((m) => {
              const v = pricing.market.metals[m];
              if (!v) return '';
              const name = METAL_LABELS_FR[m];
              return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${formatNumber(v.value, 2)} €/g (${formatDateTimeFr(v.observedAt)}${v.stale ? ', ancien' : ''})`;
            })
            .join(' · ')}
        </p>
      )}
    </div>
  );
}
