import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

/** A screen the user's role cannot open (brief §7): said plainly, with the way back. */
export function AccessDeniedPage() {
  return (
    <section aria-labelledby="access-denied-title" className="mx-auto w-full max-w-xl py-8">
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
            <ShieldAlert className="size-6" aria-hidden="true" />
          </span>
          <h2 id="access-denied-title" className="text-2xl font-semibold tracking-tight">
            Accès refusé
          </h2>
          <p className="max-w-md text-sm text-muted-foreground">
            Votre rôle ne permet pas d&apos;ouvrir cette page. Demandez à un administrateur de votre organisation si
            vous pensez en avoir besoin.
          </p>
          <Button asChild className="mt-2">
            <Link to="/">Retour au tableau de bord</Link>
          </Button>
        </CardContent>
      </Card>
    </section>
  );
}
