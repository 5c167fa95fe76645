import type { ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import { METAL_LABELS_FR } from '@shared/constants';
import { formatEuro, formatNumber } from '@shared/format';
import type { QuotePricing } from '@shared/quote-pricing';
import type { MarketUsed } from '@shared/schemas/products';
import { cn } from '@/lib/class-merge';
import { formatDateTimeFr, formatVatRate } from '../lib/display';

/** The totals of a quote: excl. VAT, VAT per rate, incl. VAT, and the margin for roles that see costs. */
export function QuoteTotals({
  pricing,
  canSeeCosts,
  quoteFee,
  busy = false,
}: {
  pricing: QuotePricing | null;
  canSeeCosts: boolean;
  /** A paid quote's fee incl. VAT (shown under the totals); null for a free quote. */
  quoteFee: string | null;
  busy?: boolean;
}) {
  return (
    <div className="space-y-3" data-testid="quote-totals" aria-busy={busy}>
      {pricing && !pricing.complete && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm text-amber-900 dark:text-amber-200"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            {pricing.missingCount}{' '}
            {pricing.missingCount > 1 ? 'lignes ne sont pas chiffrées' : "ligne n'est pas chiffrée"} : les totaux ne
            couvrent que les lignes chiffrées.
          </p>
        </div>
      )}
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
        <dt className="font-medium">Total HT</dt>
        <dd className="text-right font-semibold tabular-nums" data-testid="total-excl-vat">
          {pricing ? formatEuro(pricing.totalExclVat) : '—'}
        </dd>
        {(pricing?.vatByRate ?? []).map((v) => (
          <Row
            key={v.ratePct}
            // The base of each rate is shown when there are several rates.
            label={
              (pricing?.vatByRate.length ?? 0) > 1
                ? `TVA ${formatVatRate(v.ratePct)} sur ${formatEuro(v.base)}`
                : `TVA ${formatVatRate(v.ratePct)}`
            }
            testId={`vat-${v.ratePct}`}
          >
            {formatEuro(v.amount)}
          </Row>
        ))}
        {pricing && pricing.vatByRate.length > 1 && (
          <Row label="Total TVA" testId="total-vat">
            {formatEuro(pricing.totalVat)}
          </Row>
        )}
        <div className="col-span-2 border-t" aria-hidden="true" />
        <dt className="text-base font-semibold">Total TTC</dt>
        <dd className="text-right text-lg font-semibold tabular-nums" data-testid="total-incl-vat">
          {pricing ? formatEuro(pricing.totalInclVat) : '—'}
        </dd>
        {canSeeCosts && pricing && (
          <>
            <Row label="Coût de revient" testId="total-cost">
              {formatEuro(pricing.totalCost)}
            </Row>
            <Row label="Marge" testId="total-margin">
              {formatEuro(pricing.margin)}
              {Number(pricing.totalExclVat) > 0
                ? ` (${formatNumber((Number(pricing.margin) / Number(pricing.totalExclVat)) * 100, 1)} %)`
                : ''}
            </Row>
          </>
        )}
      </dl>
      {quoteFee !== null && <p className="text-xs text-muted-foreground">Devis payant : {formatEuro(quoteFee)} TTC.</p>}
    </div>
  );
}

function Row({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={cn('text-right tabular-nums')} data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

/** "Or 96,12 €/g · Argent 1,05 €/g · USD/EUR 0,9210 — cours du 25/11/2026 à 10:42": what a price was computed with. */
export function MarketUsedText({ market, label = 'Cours utilisés' }: { market: MarketUsed; label?: string }) {
  const metals = (['gold', 'silver', 'platinum'] as const).flatMap((m) => {
    const v = market.metals[m];
    if (!v) return [];
    const name = METAL_LABELS_FR[m];
    return [
      `${name.charAt(0).toUpperCase()}${name.slice(1)} ${formatNumber(v.value, 2)} €/g${v.stale ? ' (ancien)' : ''}`,
    ];
  });
  const fx = market.fx.USD ? [`USD/EUR ${formatNumber(market.fx.USD.value, 4)}`] : [];
  const parts = [...metals, ...fx];
  return (
    <p className="text-xs text-muted-foreground" data-testid="market-used">
      {label} : {parts.length > 0 ? parts.join(' · ') : 'aucun cours de métal'} — calculé le{' '}
      {formatDateTimeFr(market.computedAt)}
    </p>
  );
}

/**
 * The totals bar of a phone or tablet (one column): it stays at the bottom of the screen while the builder scrolls,
 * with the totals and a link to their detail.
 */
export function StickyTotalsBar({ pricing, busy }: { pricing: QuotePricing | null; busy: boolean }) {
  return (
    <div
      className="sticky bottom-0 z-20 flex items-center justify-between gap-3 rounded-t-lg border bg-background/95 px-4 py-2 shadow-[0_-2px_8px_rgba(0,0,0,0.08)] backdrop-blur xl:hidden"
      data-testid="sticky-totals"
    >
      <div className="text-sm">
        <div className="text-xs text-muted-foreground">
          Total HT {pricing ? formatEuro(pricing.totalExclVat) : '—'}
          {busy ? ' · calcul…' : ''}
        </div>
        <div className="font-semibold tabular-nums">TTC {pricing ? formatEuro(pricing.totalInclVat) : '—'}</div>
      </div>
      <a href="#totaux" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        Voir le détail
      </a>
    </div>
  );
}
