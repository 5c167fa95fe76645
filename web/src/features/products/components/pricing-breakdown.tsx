import { AlertTriangle } from 'lucide-react';
import { METAL_LABELS_FR } from '@shared/constants';
import { formatEuro, formatNumber } from '@shared/format';
import { formatGroupFormula, formatLineDetail, formatLineFormula, formatPlainDecimal } from '@shared/pricing-display';
import { COEFFICIENT_GROUP_LABELS } from '@shared/pricing-groups';
import type { PricingBreakdown as Breakdown } from '@shared/product-pricing';
import { COMPONENT_KIND_LABELS, type MarketUsed } from '@shared/schemas/products';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/class-merge';
import { formatDateTimeFr } from '../lib/display';

/**
 * The breakdown of a sheet's price, written so a jeweller can redo it by hand: each line's formula with the figures
 * it multiplies ("4,500 g + 5 % perte = 4,725 g × 89,87 €/g"), the cost per coefficient group times its coefficient,
 * the sale price excl. VAT, the VAT and the price incl. VAT (shared/pricing-display.ts, ADR 0003).
 */
export function PricingBreakdown({
  pricing,
  testId = 'pricing-breakdown',
}: {
  pricing: Breakdown & { market?: MarketUsed };
  testId?: string;
}) {
  const market = pricing.market;
  const metals = market ? (['gold', 'silver', 'platinum'] as const).filter((m) => market.metals[m]) : [];
  return (
    <div className="space-y-3" data-testid={testId}>
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
          {pricing.lines.map((line) => {
            const detail = formatLineDetail(line);
            return (
              <tr key={line.index} className="border-b align-top last:border-0" data-testid="pricing-line">
                <td className="py-2 pr-2">
                  <div className="font-medium">{line.label}</div>
                  <div className="text-xs text-muted-foreground" data-testid="pricing-line-formula">
                    {COMPONENT_KIND_LABELS[line.kind]} · {formatLineFormula(line)}
                  </div>
                  {detail && <div className="text-xs text-muted-foreground">{detail}</div>}
                  {line.warning && (
                    <div
                      className="mt-1 flex items-center gap-1 text-xs font-medium text-amber-700 dark:text-amber-300"
                      data-testid="pricing-line-warning"
                    >
                      <AlertTriangle className="size-3 shrink-0" aria-hidden="true" />
                      {line.warning.message}
                    </div>
                  )}
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
            );
          })}
        </tbody>
      </table>
      <dl className="ml-auto grid max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Coût de revient</dt>
        <dd className="text-right font-medium" data-testid="total-cost">
          {formatEuro(pricing.totalCost)}
        </dd>
        {pricing.groups
          .filter((g) => Number(g.cost) !== 0)
          .map((g) => (
            <Row key={g.group} label={`${COEFFICIENT_GROUP_LABELS[g.group]} : ${formatGroupFormula(g)}`}>
              {formatEuro(g.salePrice)}
            </Row>
          ))}
        <dt className="font-semibold">Prix de vente HT</dt>
        <dd className="text-right text-lg font-semibold whitespace-nowrap" data-testid="sale-price">
          {formatEuro(pricing.salePrice)}
          {!pricing.complete && <span className="ml-1 text-xs font-normal text-amber-600">(incomplet)</span>}
        </dd>
        <Row label={`TVA ${formatPlainDecimal(pricing.vatRatePct)} %`} testId="vat-amount">
          {formatEuro(pricing.vatAmount)}
        </Row>
        <dt className="font-semibold">Prix de vente TTC</dt>
        <dd className="text-right font-semibold whitespace-nowrap" data-testid="sale-price-incl-vat">
          {formatEuro(pricing.salePriceInclVat)}
        </dd>
      </dl>
      {metals.length > 0 && market && (
        <p className="text-xs text-muted-foreground">
          Cours utilisés :{' '}
          {metals
            .map((m) => {
              const v = market.metals[m];
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

function Row({ label, testId, children }: { label: string; testId?: string; children: string }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={cn('text-right whitespace-nowrap')} data-testid={testId}>
        {children}
      </dd>
    </>
  );
}
