import type { LucideIcon } from 'lucide-react';
import { Hammer } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

interface ComingSoonPageProps {
  title: string;
  /** One sentence on what the screen will do. */
  description?: string;
  icon?: LucideIcon;
}

/** Honest placeholder for screens later issues build: the title and a "coming soon" empty state, no fake data. */
export function ComingSoonPage({ title, description, icon: Icon = Hammer }: ComingSoonPageProps) {
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-5xl">
      <h1 id="page-title" className="mb-4 text-2xl font-semibold tracking-tight">
        {title}
      </h1>
      <Card className="border-dashed">
        <CardContent className="flex flex-col items-center gap-3 py-16 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <p className="text-lg font-medium">Ce module arrive bientôt</p>
          <p className="max-w-md text-sm text-muted-foreground">
            {description ?? `L'écran « ${title} » est en cours de construction.`} Aucune donnée n&apos;est affichée en
            attendant.
          </p>
          <Button asChild variant="outline" className="mt-2">
            <Link to="/">Retour au tableau de bord</Link>
          </Button>
        </CardContent>
      </Card>
    </section>
  );
}

export default ComingSoonPage;
