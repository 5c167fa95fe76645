import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/spinner';
import { ApiError, isUnauthenticated } from '@/lib/api-client';
import { useCreateQuote } from './api/quote-mutations';
import { isUuid } from '@shared/uuid';

/**
 * `/quotes/new[?clientId=…&projectId=…]`: creates a draft (for that client and project when given) and replaces the
 * address with the draft's own, so Back does not create another one.
 */
export default function QuoteNewPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const create = useCreateQuote();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const clientId = params.get('clientId') ?? '';
  const projectId = params.get('projectId') ?? '';
  const mutate = create.mutateAsync;

  const start = () => {
    setError(null);
    mutate({
      clientId: isUuid(clientId) ? clientId : null,
      projectId: isUuid(projectId) ? projectId : null,
    })
      .then((quote) => void navigate(`/quotes/${quote.id}`, { replace: true }))
      .catch((e: unknown) => {
        if (isUnauthenticated(e)) return;
        setError(e instanceof ApiError ? e.serverMessage : 'Une erreur est survenue.');
      });
  };

  // Once per visit (React's strict mode mounts twice in development).
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one creation per visit of the page
  }, []);

  if (error) {
    return (
      <Card>
        <CardContent className="space-y-3 p-6">
          <h1 className="text-lg font-semibold">Impossible de créer le devis</h1>
          <p className="text-sm text-muted-foreground">{error}</p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={start}>
              Réessayer
            </Button>
            <Button asChild variant="outline">
              <Link to="/quotes">Retour aux devis</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 py-16">
      <h1 className="text-lg font-semibold">Nouveau devis</h1>
      <Spinner label="Création du brouillon…" />
    </div>
  );
}
