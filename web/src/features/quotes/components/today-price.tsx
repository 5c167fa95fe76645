import { RefreshCw, TrendingDown, TrendingUp } from 'lucide-react';
import { formatEuro } from '@shared/format';
import type { QuoteDetail } from '@shared/schemas/quotes';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/class-merge';
import { todayDifferenceText } from '../lib/display';
import { MarketUsedText } from './quote-totals';

/**
 * "Prix du jour": how today's market changes the quote. A draft shows its saved price and today's, and can store
 * today's ("Mettre à jour les prix"); a sent quote keeps its frozen price and says what the metals alone would change.
 */
export function TodayPrice({
  quote,
  onReprice,
  repricing,
}: {
  quote: QuoteDetail;
  /** Drafts only: store today's price. */
  onReprice?: () => void;
  repricing?: boolean;
}) {
  const difference = quote.todayDifference;
  if (!difference || !quote.stored || !quote.today) return null;
  const up = Number(difference.amount) > 0;
  const Icon = up ? TrendingUp : TrendingDown;
  return (
    <section
      className={cn(
        'space-y-2 rounded-lg border p-4 text-sm',
        up ? 'border-amber-500/50 bg-amber-500/10' : 'border-sky-500/40 bg-sky-500/10',
      )}
      data-testid="today-price"
      aria-labelledby="today-price-title"
    >
      <h2 id="today-price-title" className="flex items-center gap-2 font-semibold">
        <Icon className="size-4" aria-hidden="true" />
        {quote.status === 'draft' ? 'Prix du jour' : todayDifferenceText(difference)}
      </h2>
      {quote.status === 'draft' ? (
        <>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
            <dt className="text-muted-foreground">Prix enregistré</dt>
            <dd className="text-right tabular-nums" data-testid="today-before">
              {formatEuro(quote.stored.pricing.totalInclVat)} TTC
            </dd>
            <dt className="text-muted-foreground">Prix actuel</dt>
            <dd className="text-right font-semibold tabular-nums" data-testid="today-after">
              {formatEuro(quote.today.pricing.totalInclVat)} TTC
            </dd>
          </dl>
          <p>{todayDifferenceText(difference)}</p>
          {onReprice && (
            <Button type="button" size="sm" onClick={onReprice} disabled={repricing}>
              <RefreshCw aria-hidden="true" />
              {repricing ? 'Mise à jour…' : 'Mettre à jour les prix'}
            </Button>
          )}
        </>
      ) : (
        <p className="text-muted-foreground">
          Le devis envoyé garde ses prix ({formatEuro(quote.stored.pricing.totalInclVat)} TTC) ; aux cours des métaux
          d&apos;aujourd&apos;hui il ferait {formatEuro(quote.today.pricing.totalInclVat)} TTC.
        </p>
      )}
      <MarketUsedText market={quote.today.market} label="Cours du jour" />
    </section>
  );
}
