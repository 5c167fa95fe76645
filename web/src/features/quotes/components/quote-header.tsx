import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { formatDateFr } from '@shared/format';
import type { QuoteDetail } from '@shared/schemas/quotes';
import { QuoteStatusBadge } from '@/components/quote-status-badge';
import { usePageTitleDetail } from '@/hooks/use-page-title';

/** What a quote is called on screen and in the tab: its number once sent, its title (or "Nouveau devis") before. */
export function quoteName(quote: Pick<QuoteDetail, 'number' | 'title'>): string {
  return quote.number ?? (quote.title || 'Nouveau devis');
}

/** The quote's title block: name, status, client, dates, revisions; its actions and save status beside. */
export function QuoteHeader({
  quote,
  status,
  children,
}: {
  quote: QuoteDetail;
  /** The draft's save status. */
  status?: ReactNode;
  /** The actions. */
  children: ReactNode;
}) {
  const name = quoteName(quote);
  usePageTitleDetail(name);
  const dates = [
    `Créé le ${formatDateFr(quote.createdAt)}`,
    quote.issuedOn ? `émis le ${formatDateFr(quote.issuedOn)}` : null,
    quote.validUntil ? `valable jusqu’au ${formatDateFr(quote.validUntil)}` : `validité ${quote.validityDays} jours`,
  ].filter(Boolean);
  const original = quote.revisionOf ? quote.revisions.find((r) => r.id === quote.revisionOf) : undefined;
  const later = quote.revisions.filter((r) => r.id !== quote.revisionOf && r.id !== quote.id);
  return (
    <div className="space-y-3">
      <Link to="/quotes" className="inline-flex items-center gap-1 text-xs text-muted-foreground hover:underline">
        <ArrowLeft className="size-3" aria-hidden="true" />
        Devis
      </Link>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 space-y-1">
          <h1 className="flex flex-wrap items-center gap-x-3 gap-y-1 text-2xl font-semibold tracking-tight">
            <span data-testid="quote-number">{name}</span>
            <QuoteStatusBadge status={quote.status} />
            {quote.archivedAt && (
              <span className="rounded-md border px-2 py-0.5 text-xs font-semibold text-muted-foreground">Archivé</span>
            )}
          </h1>
          {quote.number && quote.title && <p className="break-words text-base">{quote.title}</p>}
          <p className="text-sm text-muted-foreground">
            {quote.clientId ? (
              <Link to={`/clients/${quote.clientId}`} className="font-medium text-foreground hover:underline">
                {quote.clientName ?? 'Client'}
              </Link>
            ) : (
              'Sans client'
            )}
            {' · '}
            {dates.join(', ')}
          </p>
          {(original || quote.revisionOf || later.length > 0) && (
            <p className="text-sm text-muted-foreground" data-testid="quote-revisions">
              {quote.revisionOf && (
                <>
                  Révision de{' '}
                  <Link to={`/quotes/${quote.revisionOf}`} className="font-medium text-foreground hover:underline">
                    {original?.number ?? 'le devis d’origine'}
                  </Link>
                  {later.length > 0 ? ' · ' : ''}
                </>
              )}
              {later.length > 0 && (
                <>
                  Autres versions :{' '}
                  {later.map((r, i) => (
                    <span key={r.id}>
                      {i > 0 ? ', ' : ''}
                      <Link to={`/quotes/${r.id}`} className="font-medium text-foreground hover:underline">
                        {r.number ?? 'brouillon'}
                      </Link>
                    </span>
                  ))}
                </>
              )}
            </p>
          )}
          {status}
        </div>
        {children}
      </div>
    </div>
  );
}
