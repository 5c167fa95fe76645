import { useId } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatDateFr, formatEuro } from '@shared/format';
import type { ListResponse } from '@shared/schemas/lists';
import { QUOTE_STATUS_LABELS, type QuoteStatus } from '@shared/schemas/quotes';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useCanOpen } from '@/features/access/use-can-open';
import { ApiError, apiGet } from '@/lib/api-client';

/** What the panel reads of a quote in the list answer of `GET /api/quotes?projectId=` (quotes module). */
interface ProjectQuote {
  id: string;
  number: string | null;
  status: string;
  title: string;
  totalInclVat: string;
  clientName: string | null;
  updatedAt: string;
}

const QUOTES_PATH = '/api/quotes';
const SHOWN = 20;

const statusLabel = (status: string): string => QUOTE_STATUS_LABELS[status as QuoteStatus] ?? status;

/**
 * The project's quotes ("Devis"), from the quotes module's list. A 404 (the module turned off, or not there
 * yet) reads as "Aucun devis", like an empty list; the panel asks nothing when the user cannot open quotes.
 */
export function ProjectQuotesPanel({ projectId }: { projectId: string }) {
  const headingId = useId();
  const { ready, canOpen } = useCanOpen();
  const allowed = ready && canOpen('/quotes');
  const quotes = useQuery({
    queryKey: [QUOTES_PATH, 'project', projectId],
    enabled: allowed,
    retry: false,
    queryFn: async (): Promise<ProjectQuote[]> => {
      const params = new URLSearchParams({
        projectId,
        sort: 'updatedAt',
        dir: 'desc',
        page: '1',
        pageSize: String(SHOWN),
      });
      try {
        return (await apiGet<ListResponse<ProjectQuote>>(`${QUOTES_PATH}?${params.toString()}`)).items;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
  });

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border bg-card p-4"
      data-testid="project-quotes"
    >
      <h2 id={headingId} className="font-semibold">
        Devis
      </h2>
      {!ready || (allowed && quotes.isPending) ? (
        <Skeleton className="h-12 w-full" />
      ) : quotes.isError ? (
        <p role="alert" className="text-sm text-muted-foreground">
          Impossible de charger les devis.
        </p>
      ) : !allowed || !quotes.data || quotes.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">Aucun devis</p>
      ) : (
        <ul className="flex flex-col divide-y">
          {quotes.data.map((quote) => (
            <li key={quote.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <Link to={`/quotes/${quote.id}`} className="font-medium hover:underline">
                  {quote.number ? `${quote.number} · ` : ''}
                  {quote.title}
                </Link>
                <p className="text-xs text-muted-foreground">Modifié le {formatDateFr(quote.updatedAt)}</p>
              </div>
              <div className="flex items-center gap-2">
                <Badge variant="secondary">{statusLabel(quote.status)}</Badge>
                <span className="text-sm tabular-nums">{formatEuro(quote.totalInclVat)} TTC</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
