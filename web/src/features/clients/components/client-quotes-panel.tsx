import { useId } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { formatDateFr, formatEuro } from '@shared/format';
import { QuoteStatusBadge } from '@/components/quote-status-badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCanOpen } from '@/features/access/use-can-open';
import { CLIENT_QUOTES_SHOWN, useClientQuotes } from '../api/list-client-quotes';

/**
 * "Devis" on a client's record: the client's latest quotes (number, title, status, total incl. VAT), each a link,
 * and "Nouveau devis" with the client chosen. Nothing when the quotes module is off for the organization.
 */
export function ClientQuotesPanel({ clientId, canWrite }: { clientId: string; canWrite: boolean }) {
  const headingId = useId();
  const { ready, canOpen } = useCanOpen();
  const allowed = ready && canOpen('/quotes');
  const quotes = useClientQuotes(clientId, allowed);
  if (ready && !allowed) return null;
  const total = quotes.data?.total ?? 0;

  return (
    <section aria-labelledby={headingId} className="rounded-lg border bg-card p-4" data-testid="client-quotes">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="font-semibold">
          Devis
        </h2>
        {canWrite && canOpen('/quotes/new', 'write') ? (
          <Button asChild variant="outline" size="sm">
            <Link to={`/quotes/new?clientId=${encodeURIComponent(clientId)}`}>
              <Plus aria-hidden="true" />
              Nouveau devis
            </Link>
          </Button>
        ) : null}
      </div>
      {!quotes.data && !quotes.isError ? (
        <Skeleton className="h-12 w-full" />
      ) : quotes.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          Impossible de charger les devis.
          <Button type="button" variant="outline" size="sm" onClick={() => void quotes.refetch()}>
            Réessayer
          </Button>
        </div>
      ) : total === 0 ? (
        <p className="text-sm text-muted-foreground">Aucun devis pour ce client</p>
      ) : (
        <>
          <ul className="flex flex-col divide-y">
            {quotes.data?.items.map((q) => (
              <li key={q.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <Link to={`/quotes/${q.id}`} className="font-medium hover:underline">
                    {q.number ?? 'Brouillon'}
                    {q.title ? ` — ${q.title}` : ''}
                  </Link>
                  <p className="text-xs text-muted-foreground">
                    {formatEuro(q.totalInclVat)} TTC · créé le {formatDateFr(q.createdAt)}
                  </p>
                </div>
                <QuoteStatusBadge status={q.status} />
              </li>
            ))}
          </ul>
          {total > CLIENT_QUOTES_SHOWN ? (
            <Link
              to={`/quotes?clientId=${encodeURIComponent(clientId)}`}
              className="mt-2 inline-block text-sm hover:underline"
            >
              Voir les {total} devis
            </Link>
          ) : null}
        </>
      )}
    </section>
  );
}
