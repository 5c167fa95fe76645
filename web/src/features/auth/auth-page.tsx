import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { Logo } from '@/components/logo';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ThemeToggle } from '@/features/theme/theme-toggle';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useAuth } from './auth-context';
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

/** /auth (spec §2): theme toggle, logo, tabs "Connexion" (default) and "Inscription", showcase on large screens. */
export default function AuthPage() {
  const { user } = useAuth();
  const isLarge = useMediaQuery('(min-width: 1024px)');
  if (user) return <Navigate to="/" replace />;

  return (
    <div className="relative min-h-screen bg-background">
      <header className="absolute right-4 top-4">
        <ThemeToggle />
      </header>
      <main className="mx-auto grid min-h-screen max-w-6xl items-center gap-10 px-4 py-16 lg:grid-cols-2 lg:px-8">
        <div className="mx-auto w-full max-w-md">
          <div className="mb-8 flex justify-center lg:justify-start">
            <Logo />
          </div>
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
