import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateFr, formatEuro } from '@shared/format';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { ApiError, isUnauthenticated } from '@/lib/api-client';
import { useAddDiamondToQuote, useDraftQuotes } from '../api/add-to-quote';

/**
 * "Ajouter à un devis": the shop's latest drafts, or a new one. The stone becomes a diamond line priced like the
 * builder's (the settings' coefficient); the builder opens on the quote.
 */
export function AddToQuoteDialog({
  open,
  onOpenChange,
  diamondId,
  label,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  diamondId: string;
  label: string;
}) {
  const drafts = useDraftQuotes(open);
  const add = useAddDiamondToQuote(diamondId);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  const choose = (quoteId: string | null) => {
    setError(null);
    add.mutate(quoteId, {
      onSuccess: (quote) => {
        toast({
          title: 'Diamant ajouté au devis',
          description: `${label} — ${quote.title || quote.number || 'Brouillon'}`,
        });
        onOpenChange(false);
        void navigate(`/quotes/${quote.id}`);
      },
      onError: (e) => {
        if (isUnauthenticated(e)) return;
        if (e instanceof ApiError && e.status === 409)
          setError('Ce devis vient d’être modifié ou n’est plus un brouillon : choisissez-le de nouveau.');
        else setError(e instanceof ApiError ? e.serverMessage : 'Une erreur est survenue.');
        void drafts.refetch();
      },
    });
  };

  const items = drafts.data?.items ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg" data-testid="add-to-quote-dialog">
        <DialogHeader>
          <DialogTitle>Ajouter à un devis</DialogTitle>
          <DialogDescription>
            {label} : une ligne « diamant » au prix du catalogue, avec le coefficient des réglages.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-3">
          <Button type="button" onClick={() => choose(null)} disabled={add.isPending}>
            Nouveau devis avec ce diamant
          </Button>
          <p className="text-sm font-medium">Ou un brouillon en cours</p>
          {drafts.isLoading ? (
            <div className="space-y-2">
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-12 w-full" />
            </div>
          ) : drafts.isError ? (
            <p role="alert" className="text-sm text-destructive">
              Impossible de lire les brouillons.{' '}
              <button type="button" className="underline" onClick={() => void drafts.refetch()}>
                Réessayer
              </button>
            </p>
          ) : items.length === 0 ? (
            <p className="text-sm text-muted-foreground">Aucun devis en brouillon.</p>
          ) : (
            <ul className="flex max-h-72 flex-col gap-1.5 overflow-y-auto" data-testid="draft-quotes">
              {items.map((q) => (
                <li key={q.id}>
                  <button
                    type="button"
                    disabled={add.isPending}
                    onClick={() => choose(q.id)}
                    className="flex w-full items-center justify-between gap-3 rounded-md border px-3 py-2 text-left text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
                  >
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{q.title || 'Devis sans titre'}</span>
                      <span className="block truncate text-xs text-muted-foreground">
                        {q.clientName ?? 'Sans client'} · {q.lineCount} ligne{q.lineCount > 1 ? 's' : ''} · modifié le{' '}
                        {formatDateFr(q.updatedAt)}
                      </span>
                    </span>
                    <span className="shrink-0 tabular-nums">{formatEuro(q.totalInclVat)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
