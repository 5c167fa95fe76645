import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCanWrite } from '@/hooks/use-can-write';
import { ApiError } from '@/lib/api-client';
import { useQuote } from './api/quotes-api';
import { QuoteBuilder } from './components/quote-builder';
import { QuoteView } from './components/quote-view';

/** `/quotes/:id`: the builder of a draft, the read-only quote otherwise (sent, decided, archived, or read-only role). */
export default function QuotePage() {
  const { id = '' } = useParams();
  const quote = useQuote(id);
  const canWrite = useCanWrite('sales');

  if (quote.isPending) {
    return (
      <div className="space-y-4" aria-busy="true" aria-label="Chargement du devis">
        <h1 className="sr-only">Chargement du devis</h1>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (quote.isError) {
    const notFound = quote.error instanceof ApiError && (quote.error.status === 404 || quote.error.status === 400);
    return (
      <Card>
        <CardContent className="space-y-3 p-6">
          <h1 className="text-lg font-semibold">{notFound ? 'Devis introuvable' : 'Impossible de charger le devis'}</h1>
          <p className="text-sm text-muted-foreground">
            {notFound
              ? "Ce devis n'existe pas ou n'appartient pas à votre organisation."
              : quote.error instanceof ApiError
                ? quote.error.serverMessage
                : 'Une erreur est survenue.'}
          </p>
          <div className="flex flex-wrap gap-2">
            {!notFound && (
              <Button type="button" onClick={() => void quote.refetch()}>
                Réessayer
              </Button>
            )}
            <Button asChild variant="outline">
              <Link to="/quotes">
                <ArrowLeft aria-hidden="true" />
                Retour aux devis
              </Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    );
  }
  const data = quote.data;
  const editable = canWrite && data.status === 'draft' && !data.archivedAt;
  // A new key per quote: the builder's form opens with each quote's own values.
  return editable ? (
    <QuoteBuilder key={data.id} quote={data} canWrite={canWrite} refetch={async () => (await quote.refetch()).data} />
  ) : (
    <QuoteView key={data.id} quote={data} canWrite={canWrite} />
  );
}
