import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { FullPageSpinner } from '@/components/spinner';
import { ProtectedRoute } from '@/features/auth/protected-route';
import { usePageTitle } from '@/hooks/use-page-title';
import { INVITATION_TITLE, SCREENS, type ScreenInfo, type ScreenPath } from './screens';

// Every screen is its own chunk, loaded on demand behind the "Chargement..." spinner.
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

/** A screen of the shell and its lazy page; its title comes from ./screens. */
interface ScreenRoute {
  path: ScreenPath;
  Page: ReturnType<typeof lazy>;
}

const SCREEN_ROUTES: readonly ScreenRoute[] = [
  // Product sheets.
  { path: '/products', Page: ProductListPage },
  { path: '/products/:slug', Page: ProductPage },
  // Accounts, users, settings, journal, superadmin.
  { path: '/account', Page: AccountPage },
  { path: '/users', Page: UsersPage },
  { path: '/settings', Page: lazy(() => import('@/features/settings/settings-page')) },
  { path: '/logs', Page: lazy(() => import('@/features/journal/journal-page')) },
  { path: '/superadmin/organizations', Page: lazy(() => import('@/features/superadmin/organizations-page')) },
  { path: '/superadmin/data-sources', Page: lazy(() => import('@/features/superadmin/data-sources-page')) },
  { path: '/superadmin/modules', Page: lazy(() => import('@/features/superadmin/modules-page')) },
  // Référentiels (clients, suppliers, stones, production steps).
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

/** Screens later issues build: a placeholder with their title and what they will do. */
const COMING_SOON_ROUTES = Object.entries(SCREENS).flatMap(([path, screen]: [string, ScreenInfo]) =>
  screen.comingSoon ? [{ path, title: screen.title, description: screen.comingSoon }] : [],
);

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>;
}

/** Gives a route's screen its title in the header and the tab (hooks/use-page-title.ts). */
function Titled({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  usePageTitle(title, { subtitle });
  return <>{children}</>;
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
          <Route
            index
            element={
              <Titled {...SCREENS['/']}>
                <DashboardPage />
              </Titled>
            }
          />
          {SCREEN_ROUTES.map(({ path, Page: Screen }) => (
            <Route
              key={path}
              path={path}
              element={
                <Titled title={SCREENS[path].title}>
                  <Screen />
                </Titled>
              }
            />
          ))}
          {COMING_SOON_ROUTES.map(({ path, title, description }) => (
            <Route
              key={path}
              path={path}
              element={
                <Titled title={title}>
                  <ComingSoonPage title={title} description={description} />
                </Titled>
              }
            />
          ))}
        </Route>
      </Route>
      <Route
        path="/invitation/:token"
        element={
          <Page>
            <Titled title={INVITATION_TITLE}>
              <InvitationPage />
            </Titled>
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
