import { can } from '@shared/access';
import { PageHeader } from '@/components/form/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth/auth-context';
import { useSettings } from './settings-api';
import { SettingsForm } from './settings-form';

/** Paramètres: admins write, managers read. */
export default function SettingsPage() {
  const { user } = useAuth();
  const settings = useSettings();
  const canWrite = can(user?.role, 'admin', 'write');

  return (
    <section className="mx-auto grid w-full max-w-4xl gap-4">
      <PageHeader
        title="Paramètres"
        description={
          canWrite
            ? "L'identité légale de l'organisation, la TVA et les réglages de tarification."
            : 'Lecture seule : seul un administrateur modifie les paramètres.'
        }
      />
      {settings.data ? (
        <SettingsForm
          answer={settings.data}
          canWrite={canWrite}
          onReload={async () => (await settings.refetch()).data}
        />
      ) : settings.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 rounded-lg border p-6 text-sm">
          <p>Impossible de charger les paramètres.</p>
          <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
            Réessayer
          </Button>
        </div>
      ) : (
        <div className="grid gap-4" aria-busy="true">
          <Skeleton className="h-72 w-full" />
          <Skeleton className="h-56 w-full" />
        </div>
      )}
    </section>
  );
}
