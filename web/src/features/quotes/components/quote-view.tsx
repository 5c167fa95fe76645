import type { ReactNode } from 'react';
import { formatDateFr, formatEuro } from '@shared/format';
import type { QuoteDetail } from '@shared/schemas/quotes';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTimeFr } from '../lib/display';
import { QuoteActions } from './quote-actions';
import { QuoteHeader } from './quote-header';
import { QuoteHistoryCard } from './quote-history';
import { QuoteLinesTable } from './quote-lines-table';
import { MarketUsedText, QuoteTotals } from './quote-totals';
import { TodayPrice } from './today-price';

/**
 * A quote that is no longer a draft (or that the role may not edit): its frozen prices, its number, the market it was
 * priced with, what today's metals would change, its terms and history, and the actions of its status.
 */
export function QuoteView({ quote, canWrite }: { quote: QuoteDetail; canWrite: boolean }) {
  const stored = quote.stored;
  const frozen = quote.status !== 'draft';
  const decided =
    quote.decidedAt && (quote.status === 'accepted' || quote.status === 'refused')
      ? `${quote.status === 'accepted' ? 'Accepté' : 'Refusé'} le ${formatDateTimeFr(quote.decidedAt)}${
          quote.decidedVia === 'share-link' ? ' par le client, via le lien de partage' : ''
        }`
      : null;
  return (
    <div className="space-y-4 md:space-y-6" data-testid="quote-view">
      <QuoteHeader quote={quote}>
        <QuoteActions quote={quote} canWrite={canWrite} version={() => quote.version} />
      </QuoteHeader>
      {decided && (
        <p className="rounded-md border bg-muted/40 p-3 text-sm" data-testid="quote-decided">
          {decided}
        </p>
      )}
      {!canWrite && quote.status === 'draft' && (
        <p className="rounded-md border bg-muted/40 p-3 text-sm text-muted-foreground">
          Lecture seule : votre rôle ne permet pas de modifier les devis.
        </p>
      )}
      <TodayPrice quote={quote} />
      <div className="grid gap-4 md:gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-4 md:space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>{frozen ? 'Lignes (prix figés à l’envoi)' : 'Lignes'}</CardTitle>
            </CardHeader>
            <CardContent>
              {stored ? (
                <QuoteLinesTable lines={stored.pricing.lines} showCosts={quote.canSeeCosts} />
              ) : (
                <p className="text-sm text-muted-foreground">Aucun prix enregistré.</p>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Conditions</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-3 text-sm sm:grid-cols-2">
                <Term label="Validité">
                  {quote.validityDays} jours
                  {quote.validUntil ? ` (jusqu’au ${formatDateFr(quote.validUntil)})` : ''}
                </Term>
                <Term label="Devis">{quote.isFree ? 'Gratuit' : `Payant : ${formatEuro(quote.quoteFee)} TTC`}</Term>
                <Term label="Conditions de paiement">{quote.paymentTerms}</Term>
                <Term label="Délais de livraison">{quote.deliveryTerms}</Term>
                <Term label="Notes" wide>
                  {quote.notes}
                </Term>
              </dl>
            </CardContent>
          </Card>
        </div>
        <aside aria-label="Totaux et historique" className="space-y-4 md:space-y-6 xl:sticky xl:top-20 xl:self-start">
          <Card id="totaux">
            <CardHeader>
              <CardTitle>Totaux</CardTitle>
            </CardHeader>
            <CardContent className="space-y-3">
              <QuoteTotals
                pricing={stored?.pricing ?? null}
                canSeeCosts={quote.canSeeCosts}
                quoteFee={quote.isFree ? null : quote.quoteFee}
              />
              {stored && (
                <MarketUsedText market={stored.market} label={frozen ? 'Cours figés à l’envoi' : 'Cours enregistrés'} />
              )}
            </CardContent>
          </Card>
          <QuoteHistoryCard events={quote.events} />
        </aside>
      </div>
    </div>
  );
}

function Term({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="whitespace-pre-wrap">{children || '—'}</dd>
    </div>
  );
}
