import { PowerOff } from 'lucide-react';
import { Link } from 'react-router';
import { MODULES } from '@shared/modules';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { usePageTitle } from '@/hooks/use-page-title';
import { useCanOpen } from './use-can-open';

/**
 * A screen whose module the organization turned off (shared/modules.ts, superadmin "Modules"): said in French,
 * instead of the developer 404, with the way back. Its menu entries and shortcuts are hidden meanwhile.
 */
export function ModuleOffPage({ moduleKey }: { moduleKey: string | null }) {
  usePageTitle('Module non activé');
  const { canOpen } = useCanOpen();
  const label = MODULES.find((m) => m.key === moduleKey)?.label;
  return (
    <section aria-labelledby="module-off-title" className="mx-auto w-full max-w-xl py-8" data-testid="module-off">
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <PowerOff className="size-6" aria-hidden="true" />
          </span>
          <h1 id="module-off-title" className="text-2xl font-semibold tracking-tight">
            Ce module n&apos;est pas activé pour votre organisation
          </h1>
          <p className="max-w-md text-sm text-muted-foreground">
            {label ? <>Le module « {label} » est désactivé. </> : null}
            Il peut être activé par l&apos;administrateur de la plateforme ; les autres écrans restent disponibles.
          </p>
          <div className="mt-2 flex flex-wrap justify-center gap-2">
            <Button asChild>
              <Link to="/">Retour au tableau de bord</Link>
            </Button>
            {canOpen('/superadmin/modules') ? (
              <Button asChild variant="outline">
                <Link to="/superadmin/modules">Gérer les modules</Link>
              </Button>
            ) : null}
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
