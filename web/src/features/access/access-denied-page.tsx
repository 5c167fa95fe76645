import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { usePageTitle } from '@/hooks/use-page-title';

/**
 * A screen the user's role cannot open, shown instead of it (a creation or edit screen needs write
 * access): said plainly, with the way back. `readOnlyList` is the list the role may still consult when only
 * writing is refused.
 */
export function AccessDeniedPage({ readOnlyList }: { readOnlyList?: string | null }) {
  usePageTitle('Accès refusé');
  return (
    <section aria-labelledby="access-denied-title" className="mx-auto w-full max-w-xl py-8">
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
            <ShieldAlert className="size-6" aria-hidden="true" />
          </span>
          <h1 id="access-denied-title" className="text-2xl font-semibold tracking-tight">
            Accès refusé
          </h1>
          <p className="max-w-md text-sm text-muted-foreground">
            {readOnlyList
              ? 'Votre rôle permet de consulter ces fiches, pas d’en créer ni d’en modifier.'
              : 'Votre rôle ne permet pas d’ouvrir cette page.'}{' '}
            Demandez à un administrateur de votre organisation si vous pensez en avoir besoin.
          </p>
          <div className="mt-2 flex flex-wrap justify-center gap-2">
            {readOnlyList ? (
              <Button asChild variant="outline">
                <Link to={readOnlyList}>Retour à la liste</Link>
              </Button>
            ) : null}
            <Button asChild>
              <Link to="/">Retour au tableau de bord</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
