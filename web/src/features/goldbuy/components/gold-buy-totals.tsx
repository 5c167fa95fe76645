import { formatEuro, formatNumber } from '@shared/format';
import type { GoldBuyPricing } from '@shared/gold-buy-pricing';
import { GOLD_BUY_TAX_REGIME_LABELS, type GoldBuyTaxRegime } from '@shared/gold-buy-rules';
import type { GoldBuyTaxAnswer } from '@shared/schemas/gold-buys';
import { cn } from '@/lib/class-merge';

/**
 * The totals of a purchase: sum of the items, the tax lines (CGI 150 VI-VK), what the buyer withholds and the net
 * paid to the seller. `vatRegistered` null: not known yet (a new purchase), the withholding is said conditionally.
 */
export function GoldBuyTotals({
  tax,
  total,
  netWeightG,
  regime,
  vatRegistered,
  busy,
  className,
}: {
  tax: GoldBuyTaxAnswer | null;
  total: string | null;
  netWeightG?: string | null;
  regime: GoldBuyTaxRegime;
  vatRegistered: boolean | null;
  busy?: boolean;
  className?: string;
}) {
  return (
    <section
      className={cn('space-y-3 rounded-lg border bg-card p-4 text-sm', className)}
      data-testid="gold-buy-totals"
      aria-busy={busy ? true : false}
      aria-labelledby="gold-buy-totals-title"
    >
      <h2 id="gold-buy-totals-title" className="font-semibold">
        Totaux
      </h2>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        {netWeightG != null ? (
          <>
            <dt className="text-muted-foreground">Poids net total</dt>
            <dd className="text-right tabular-nums" data-testid="total-weight">
              {formatNumber(netWeightG, 3)} g
            </dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Prix des objets</dt>
        <dd className="text-right font-medium tabular-nums" data-testid="total-price">
          {tax && total ? formatEuro(total) : '—'}
        </dd>
        <dt className="text-muted-foreground">Régime fiscal</dt>
        <dd className="text-right">{GOLD_BUY_TAX_REGIME_LABELS[regime]}</dd>
        {tax?.lines.map((line) => (
          <TaxLine key={line.category} line={line} />
        ))}
        {tax ? (
          <>
            <dt className="text-muted-foreground">Taxe à la charge du vendeur</dt>
            <dd className="text-right tabular-nums" data-testid="tax-due">
              {formatEuro(tax.taxDue)}
            </dd>
            {vatRegistered !== null ? (
              <>
                <dt className="text-muted-foreground">Retenue par l’acheteur</dt>
                <dd className="text-right tabular-nums" data-testid="tax-withheld">
                  {formatEuro(tax.taxWithheld)}
                </dd>
              </>
            ) : null}
          </>
        ) : null}
        <dt className="border-t pt-2 font-semibold">Net versé au vendeur</dt>
        <dd className="border-t pt-2 text-right text-lg font-bold tabular-nums" data-testid="net-paid">
          {tax ? formatEuro(tax.netPaid) : '—'}
        </dd>
      </dl>
      {!tax ? (
        <p className="text-xs text-muted-foreground">
          Les totaux s’affichent quand chaque objet a un poids net, un titre et un cours.
        </p>
      ) : vatRegistered === null && tax.flatTax && tax.taxDue !== '0.00' ? (
        <p className="text-xs text-muted-foreground">
          Si votre entreprise est assujettie à la TVA, elle retient la taxe et la déclare : le net versé est alors
          diminué de {formatEuro(tax.taxDue)}. Le calcul définitif s’affiche à l’enregistrement.
        </p>
      ) : vatRegistered === false && tax.flatTax && tax.taxDue !== '0.00' ? (
        <p className="text-xs text-muted-foreground">
          L’entreprise n’est pas assujettie à la TVA : le vendeur déclare et paie lui-même la taxe.
        </p>
      ) : null}
    </section>
  );
}

function TaxLine({ line }: { line: GoldBuyTaxAnswer['lines'][number] }) {
  return (
    <>
      <dt className="text-muted-foreground">
        {line.label}
        {line.ratePct !== '0' ? ` (${formatNumber(line.ratePct, 1)} % de ${formatEuro(line.base)})` : ''}
      </dt>
      <dd className="text-right tabular-nums">{formatEuro(line.total)}</dd>
    </>
  );
}

/** The pricing of the form, as the totals show it. */
export function totalsOf(pricing: GoldBuyPricing | null) {
  return {
    tax: pricing?.tax ?? null,
    total: pricing?.total ?? null,
    netWeightG: pricing?.netWeightG ?? null,
  };
}
