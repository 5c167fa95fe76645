import { KeyRound } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Button } from '@/components/ui/button';
import { useMeContext } from '@/features/access/use-me-context';
import { useAccount } from './account-api';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { SessionsList } from './sessions-list';

/** Mon compte: my name and email, my password, my sessions. */
export default function AccountPage() {
  const account = useAccount();
  const context = useMeContext();
  const mustChange = context.data?.mustChangePassword === true;

  return (
    <section aria-labelledby="page-title" className="mx-auto grid w-full max-w-3xl gap-6">
      <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
        Mon compte
      </h1>
      {mustChange && (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-lg border border-amber-500/50 bg-amber-500/10 p-4 text-sm"
          data-testid="password-change-banner"
        >
          <KeyRound className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
          <div>
            <p className="font-semibold">Changez votre mot de passe pour continuer</p>
            <p className="text-muted-foreground">
              Votre mot de passe est temporaire. Choisissez-en un nouveau ci-dessous : les autres écrans restent fermés
              d&apos;ici là.
            </p>
          </div>
        </div>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Mot de passe</CardTitle>
          <CardDescription>Le mot de passe actuel est demandé pour en choisir un nouveau.</CardDescription>
        </CardHeader>
        <CardContent>
          <PasswordForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Mes informations</CardTitle>
        </CardHeader>
        <CardContent>
          {account.data ? (
            <ProfileForm profile={account.data} onReload={async () => (await account.refetch()).data} />
          ) : account.isError ? (
            <div role="alert" className="grid justify-items-start gap-2 text-sm">
              <p>Impossible de charger votre profil.</p>
              <Button variant="outline" size="sm" onClick={() => void account.refetch()}>
                Réessayer
              </Button>
            </div>
          ) : (
            <Skeleton className="h-40 w-full" />
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Mes sessions</CardTitle>
          <CardDescription>Les navigateurs et appareils connectés à votre compte.</CardDescription>
        </CardHeader>
        <CardContent>
          <SessionsList />
        </CardContent>
      </Card>
    </section>
  );
}
