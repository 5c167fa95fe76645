import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { FullPageSpinner } from '@/components/spinner';
import { ProtectedRoute } from '@/features/auth/protected-route';

// Every screen is its own chunk, loaded on demand behind the "Chargement..." spinner (spec §2).
const AuthPage = lazy(() => import('@/features/auth/auth-page'));
const AppShell = lazy(() => import('./layout/app-shell'));
const DashboardPage = lazy(() => import('@/features/dashboard/dashboard-page'));
const ComingSoonPage = lazy(() => import('./pages/coming-soon-page'));
const NotFoundPage = lazy(() => import('./pages/not-found-page'));

/** Screens later issues build: path and French title. */
export const COMING_SOON_ROUTES: ReadonlyArray<{ path: string; title: string; description: string }> = [
  { path: '/quotes', title: 'Devis & Pricing', description: 'Les devis chiffrés à partir des cours du jour.' },
  { path: '/quotes/:id', title: 'Devis & Pricing', description: "Le détail d'un devis et son PDF." },
  {
    path: '/work-orders',
    title: 'Ordres de fabrication',
    description: "Le suivi des ordres de fabrication de l'atelier.",
  },
  { path: '/suppliers', title: 'Fournisseurs', description: 'Vos ateliers et partenaires.' },
  { path: '/clients', title: 'Clients', description: 'Vos clients et prospects.' },
  { path: '/diamonds', title: 'Catalogue Diamant', description: 'La recherche dans le catalogue de diamants.' },
  { path: '/diamond/:id', title: 'Catalogue Diamant', description: "La fiche détaillée d'un diamant." },
  { path: '/stones', title: 'Pierres & Composants', description: 'Le stock de pierres et de composants.' },
  { path: '/products', title: 'Fiches produits', description: 'Les fiches produits et leur prix de revient.' },
  { path: '/products/:slug', title: 'Fiches produits', description: "La composition et le prix d'un produit." },
  { path: '/production-steps', title: 'Étapes Production', description: 'Le référentiel des étapes de fabrication.' },
  { path: '/projects', title: 'Projets', description: "Les créations sur mesure, de l'idée à la livraison." },
  { path: '/projects/:id', title: 'Projets', description: "Le suivi d'un projet client." },
  { path: '/settings', title: 'Paramètres', description: "L'identité légale, la TVA et les réglages de la boutique." },
  { path: '/users', title: 'Utilisateurs', description: "Les comptes de l'équipe et leurs rôles." },
  { path: '/goldbuy', title: "Achats d'Or", description: 'Le registre des rachats d’or aux particuliers.' },
  { path: '/goldbuy/new', title: "Achats d'Or", description: 'La calculette de rachat qui devient un contrat.' },
  { path: '/goldbuy/:id', title: "Achats d'Or", description: "Le détail d'un rachat et son contrat." },
  { path: '/goldbuy/:id/edit', title: "Achats d'Or", description: "La modification d'un rachat avant validation." },
  { path: '/logs', title: "Journal d'erreurs", description: 'Les erreurs remontées par les navigateurs.' },
  {
    path: '/superadmin/organizations',
    title: 'Organisations',
    description: 'Les organisations de cette installation.',
  },
  {
    path: '/superadmin/data-sources',
    title: 'Sources de données',
    description: 'Les sources de cours et de catalogue, avec leur état.',
  },
  { path: '/superadmin/modules', title: 'Modules', description: 'Les modules activés par organisation.' },
];

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/auth"
        element={
          <Page>
            <AuthPage />
          </Page>
        }
      />
      <Route
        element={
          <ProtectedRoute>
            <Page>
              <AppShell />
            </Page>
          </ProtectedRoute>
        }
      >
        <Route index element={<DashboardPage />} />
        {COMING_SOON_ROUTES.map(({ path, title, description }) => (
          <Route key={path} path={path} element={<ComingSoonPage title={title} description={description} />} />
        ))}
      </Route>
      <Route
        path="*"
        element={
          <Page>
            <NotFoundPage />
          </Page>
        }
      />
    </Routes>
  );
}
