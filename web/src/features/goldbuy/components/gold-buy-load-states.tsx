import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';

/** While a purchase loads. */
export function GoldBuyLoading() {
  return (
    <div className="space-y-4" aria-busy="true" aria-label="Chargement de l’achat">
      <h1 className="sr-only">Chargement de l’achat</h1>
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

/** A purchase that cannot be read: not found (or another organization's), or an error with "Réessayer". */
export function GoldBuyLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <Card>
      <CardContent className="space-y-3 p-6">
        <h1 className="text-lg font-semibold">{notFound ? 'Achat introuvable' : 'Impossible de charger l’achat'}</h1>
        <p className="text-sm text-muted-foreground">
          {notFound
            ? "Cet achat n'existe pas ou n'appartient pas à votre organisation."
            : error instanceof ApiError
              ? error.serverMessage
              : 'Une erreur est survenue.'}
        </p>
        <div className="flex flex-wrap gap-2">
          {!notFound && (
            <Button type="button" onClick={onRetry}>
              Réessayer
            </Button>
          )}
          <Button asChild variant="outline">
            <Link to="/goldbuy">
              <ArrowLeft aria-hidden="true" />
              Retour aux achats
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
