import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { FullPageSpinner } from '@/components/spinner';
import { ProtectedRoute } from '@/features/auth/protected-route';

// Every screen is its own chunk, loaded on demand behind the "Chargement..." spinner (spec §2).
const AuthPage = lazy(() => import('@/features/auth/auth-page'));
const AppShell = lazy(() => import('./layout/app-shell'));
const DashboardPage = lazy(() => import('@/features/dashboard/dashboard-page'));
const ProductListPage = lazy(() => import('@/features/products/product-list-page'));
const ProductPage = lazy(() => import('@/features/products/product-page'));
const ComingSoonPage = lazy(() => import('./pages/coming-soon-page'));
const NotFoundPage = lazy(() => import('./pages/not-found-page'));
const ScreenGuard = lazy(() => import('@/features/access/screen-guard'));
const InvitationPage = lazy(() => import('@/features/invitation/invitation-page'));
const AccountPage = lazy(() => import('@/features/account/account-page'));
const UsersPage = lazy(() => import('@/features/users/users-page'));

/** Issue 4 référentiels (clients, suppliers, stones, production steps): path and lazy page. */
const REFERENTIEL_ROUTES: ReadonlyArray<{ path: string; Page: ReturnType<typeof lazy> }> = [
  { path: '/clients', Page: lazy(() => import('@/features/clients/clients-page')) },
  { path: '/clients/new', Page: lazy(() => import('@/features/clients/client-new-page')) },
  { path: '/clients/:id', Page: lazy(() => import('@/features/clients/client-detail-page')) },
  { path: '/clients/:id/edit', Page: lazy(() => import('@/features/clients/client-edit-page')) },
  { path: '/suppliers', Page: lazy(() => import('@/features/suppliers/suppliers-page')) },
  { path: '/suppliers/new', Page: lazy(() => import('@/features/suppliers/supplier-new-page')) },
  { path: '/suppliers/:id', Page: lazy(() => import('@/features/suppliers/supplier-page')) },
  { path: '/stones', Page: lazy(() => import('@/features/stones/stones-page')) },
  { path: '/stones/new', Page: lazy(() => import('@/features/stones/stone-new-page')) },
  { path: '/stones/:id', Page: lazy(() => import('@/features/stones/stone-page')) },
  { path: '/production-steps', Page: lazy(() => import('@/features/production-steps/production-steps-page')) },
  {
    path: '/production-steps/new',
    Page: lazy(() => import('@/features/production-steps/production-step-new-page')),
  },
  { path: '/production-steps/:id', Page: lazy(() => import('@/features/production-steps/production-step-page')) },
];

/** Issue 3 screens: path and lazy page. */
const ADMIN_ROUTES: ReadonlyArray<{ path: string; Page: ReturnType<typeof lazy> }> = [
  { path: '/account', Page: AccountPage },
  { path: '/users', Page: UsersPage },
  { path: '/settings', Page: lazy(() => import('@/features/settings/settings-page')) },
  { path: '/logs', Page: lazy(() => import('@/features/journal/journal-page')) },
  { path: '/superadmin/organizations', Page: lazy(() => import('@/features/superadmin/organizations-page')) },
  { path: '/superadmin/data-sources', Page: lazy(() => import('@/features/superadmin/data-sources-page')) },
  { path: '/superadmin/modules', Page: lazy(() => import('@/features/superadmin/modules-page')) },
];

/** Screens later issues build: path and French title. */
export const COMING_SOON_ROUTES: ReadonlyArray<{ path: string; title: string; description: string }> = [
  { path: '/quotes', title: 'Devis & Pricing', description: 'Les devis chiffrés à partir des cours du jour.' },
  { path: '/quotes/:id', title: 'Devis & Pricing', description: "Le détail d'un devis et son PDF." },
  {
    path: '/work-orders',
    title: 'Ordres de fabrication',
    description: "Le suivi des ordres de fabrication de l'atelier.",
  },
  { path: '/diamonds', title: 'Catalogue Diamant', description: 'La recherche dans le catalogue de diamants.' },
  { path: '/diamond/:id', title: 'Catalogue Diamant', description: "La fiche détaillée d'un diamant." },
  { path: '/projects', title: 'Projets', description: "Les créations sur mesure, de l'idée à la livraison." },
  { path: '/projects/:id', title: 'Projets', description: "Le suivi d'un projet client." },
  { path: '/goldbuy', title: "Achats d'Or", description: 'Le registre des rachats d’or aux particuliers.' },
  { path: '/goldbuy/new', title: "Achats d'Or", description: 'La calculette de rachat qui devient un contrat.' },
  { path: '/goldbuy/:id', title: "Achats d'Or", description: "Le détail d'un rachat et son contrat." },
  { path: '/goldbuy/:id/edit', title: "Achats d'Or", description: "La modification d'un rachat avant validation." },
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
        <Route
          element={
            <Suspense fallback={null}>
              <ScreenGuard />
            </Suspense>
          }
        >
          <Route index element={<DashboardPage />} />
          <Route path="/products" element={<ProductListPage />} />
          <Route path="/products/:slug" element={<ProductPage />} />
          {ADMIN_ROUTES.map(({ path, Page: Screen }) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
          {REFERENTIEL_ROUTES.map(({ path, Page: Screen }) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
          {COMING_SOON_ROUTES.map(({ path, title, description }) => (
            <Route key={path} path={path} element={<ComingSoonPage title={title} description={description} />} />
          ))}
        </Route>
      </Route>
      <Route
        path="/invitation/:token"
        element={
          <Page>
            <InvitationPage />
          </Page>
        }
      />
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
