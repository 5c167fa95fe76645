import { lazy, Suspense, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Clock } from 'lucide-react';
import { hasDrafts } from '@/components/form/record-drafts';
import { SkipLink } from '@/components/ui/skip-link';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { Logo } from '@/components/logo';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ThemeToggle } from '@/features/theme/theme-toggle';
import { useMediaQuery } from '@/hooks/use-media-query';
import { usePageTitle } from '@/hooks/use-page-title';
import { useAuth } from './auth-context';
import { NEXT_PARAM, SESSION_ENDED, SESSION_PARAM, safeNextPath } from './sign-in-path';
import { AuthTabs } from './components/auth-tabs';
import { LoginForm } from './components/login-form';
import { RegisterForm } from './components/register-form';

// Loaded only on large screens, so phones never download it.
const RandomDiamondShowcase = lazy(() =>
  import('@/features/diamonds/components/random-diamond-showcase').then((m) => ({
    default: m.RandomDiamondShowcase,
  })),
);

function ShowcaseFallback() {
  return (
    <div className="grid w-full max-w-sm gap-4" aria-hidden="true">
      <Skeleton className="aspect-square w-full rounded-xl" />
      <Skeleton className="h-5 w-2/3" />
      <Skeleton className="h-5 w-1/2" />
    </div>
  );
}

/** Why the person is asked to sign in again, and that what they were typing is kept. */
function SessionEndedNotice() {
  const [draftKept] = useState(hasDrafts);
  return (
    <div
      role="alert"
      className="mb-4 flex items-start gap-3 rounded-lg border border-amber-500/50 bg-amber-500/10 p-4 text-sm"
      data-testid="session-ended"
    >
      <Clock className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden="true" />
      <div>
        <p className="font-semibold">Session expirée</p>
        <p className="text-muted-foreground">
          Votre session a pris fin (inactivité, déconnexion depuis un autre appareil ou compte désactivé).
          Reconnectez-vous pour reprendre là où vous en étiez
          {draftKept ? ' : vos saisies non enregistrées ont été conservées.' : '.'}
        </p>
      </div>
    </div>
  );
}

/**
 * /auth: theme toggle, logo, tabs "Connexion" (default) and "Inscription", showcase on large screens.
 * Signed in, it leads to `?next=` (where the person was) or to the dashboard.
 */
export default function AuthPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const isLarge = useMediaQuery('(min-width: 1024px)');
  usePageTitle('Connexion');
  if (user) return <Navigate to={safeNextPath(params.get(NEXT_PARAM)) ?? '/'} replace />;
  const sessionEnded = params.get(SESSION_PARAM) === SESSION_ENDED;

  return (
    <div className="relative min-h-screen bg-background">
      <SkipLink targetId="connexion" />
      <header className="absolute right-4 top-4">
        <ThemeToggle />
      </header>
      <main
        id="connexion"
        tabIndex={-1}
        className="mx-auto grid min-h-screen max-w-6xl items-center gap-10 px-4 py-16 focus:outline-none lg:grid-cols-2 lg:px-8"
      >
        <div className="mx-auto w-full max-w-md">
          <div className="mb-8 flex justify-center lg:justify-start">
            <Logo />
          </div>
          {sessionEnded ? <SessionEndedNotice /> : null}
          <Card>
            <CardHeader>
              <h1 className="text-2xl font-semibold tracking-tight">Bienvenue</h1>
              <CardDescription>Cours des métaux, devis et gestion de votre atelier de bijouterie.</CardDescription>
            </CardHeader>
            <CardContent>
              <AuthTabs
                defaultValue="login"
                tabs={[
                  { value: 'login', label: 'Connexion', content: <LoginForm /> },
                  { value: 'register', label: 'Inscription', content: <RegisterForm /> },
                ]}
              />
            </CardContent>
          </Card>
        </div>
        {isLarge && (
          <aside aria-label="Diamant du catalogue" className="hidden flex-col items-center gap-6 lg:flex">
            <div className="max-w-sm text-center">
              <h2 className="font-serif text-2xl font-semibold tracking-tight">Le cours du jour, au gramme près</h2>
              <p className="mt-2 text-sm text-muted-foreground">
                Métaux précieux, diamants certifiés et devis : tout votre atelier en un seul endroit.
              </p>
            </div>
            <ErrorBoundary name="vitrine diamant" fallback={() => null}>
              <Suspense fallback={<ShowcaseFallback />}>
                <RandomDiamondShowcase />
              </Suspense>
            </ErrorBoundary>
          </aside>
        )}
      </main>
    </div>
  );
}
