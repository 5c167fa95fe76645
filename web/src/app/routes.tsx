import { Suspense, type ReactNode } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { FullPageSpinner } from '@/components/spinner';
import { ProtectedRoute } from '@/features/auth/protected-route';
import { usePageTitle } from '@/hooks/use-page-title';
import { lazyScreen, type LazyScreen } from '@/lib/lazy-screen';
import { INVITATION_TITLE, SCREENS, SHARED_QUOTE_TITLE, type ScreenInfo, type ScreenPath } from './screens';

// Every screen is its own chunk, loaded on demand behind the "Chargement..." spinner.
const AuthPage = lazyScreen(() => import('@/features/auth/auth-page'));
const AppShell = lazyScreen(() => import('./layout/app-shell'));
const DashboardPage = lazyScreen(() => import('@/features/dashboard/dashboard-page'));
const ProductListPage = lazyScreen(() => import('@/features/products/product-list-page'));
const ProductPage = lazyScreen(() => import('@/features/products/product-page'));
const ComingSoonPage = lazyScreen(() => import('./pages/coming-soon-page'));
const NotFoundPage = lazyScreen(() => import('./pages/not-found-page'));
const ScreenGuard = lazyScreen(() => import('@/features/access/screen-guard'));
const InvitationPage = lazyScreen(() => import('@/features/invitation/invitation-page'));
const AccountPage = lazyScreen(() => import('@/features/account/account-page'));
const UsersPage = lazyScreen(() => import('@/features/users/users-page'));
const SharedQuotePage = lazyScreen(() => import('@/features/quotes/shared-quote-page'));

/** The screens outside the shell, as the routes below and `preloadScreensOf` match them. */
const SIGN_IN_PATH = '/auth';
const INVITATION_PATH = '/invitation/:token';
/** The quote a client opens from its share link: public, without the signed-in frame. */
const SHARED_QUOTE_PATH = '/devis/partage/:token';

/** A screen of the shell and its lazy page; its title comes from ./screens. */
interface ScreenRoute {
  path: ScreenPath;
  Page: LazyScreen;
}

const SCREEN_ROUTES: readonly ScreenRoute[] = [
  // Product sheets.
  { path: '/products', Page: ProductListPage },
  { path: '/products/:slug', Page: ProductPage },
  // Accounts, users, settings, journal, superadmin.
  { path: '/account', Page: AccountPage },
  { path: '/users', Page: UsersPage },
  { path: '/settings', Page: lazyScreen(() => import('@/features/settings/settings-page')) },
  { path: '/logs', Page: lazyScreen(() => import('@/features/journal/journal-page')) },
  { path: '/superadmin/organizations', Page: lazyScreen(() => import('@/features/superadmin/organizations-page')) },
  { path: '/superadmin/data-sources', Page: lazyScreen(() => import('@/features/superadmin/data-sources-page')) },
  { path: '/superadmin/modules', Page: lazyScreen(() => import('@/features/superadmin/modules-page')) },
  // Référentiels (clients, suppliers, stones, production steps).
  { path: '/clients', Page: lazyScreen(() => import('@/features/clients/clients-page')) },
  { path: '/clients/new', Page: lazyScreen(() => import('@/features/clients/client-new-page')) },
  { path: '/clients/:id', Page: lazyScreen(() => import('@/features/clients/client-detail-page')) },
  { path: '/clients/:id/edit', Page: lazyScreen(() => import('@/features/clients/client-edit-page')) },
  { path: '/suppliers', Page: lazyScreen(() => import('@/features/suppliers/suppliers-page')) },
  { path: '/suppliers/new', Page: lazyScreen(() => import('@/features/suppliers/supplier-new-page')) },
  { path: '/suppliers/:id', Page: lazyScreen(() => import('@/features/suppliers/supplier-page')) },
  { path: '/stones', Page: lazyScreen(() => import('@/features/stones/stones-page')) },
  { path: '/stones/new', Page: lazyScreen(() => import('@/features/stones/stone-new-page')) },
  { path: '/stones/:id', Page: lazyScreen(() => import('@/features/stones/stone-page')) },
  { path: '/production-steps', Page: lazyScreen(() => import('@/features/production-steps/production-steps-page')) },
  {
    path: '/production-steps/new',
    Page: lazyScreen(() => import('@/features/production-steps/production-step-new-page')),
  },
  { path: '/production-steps/:id', Page: lazyScreen(() => import('@/features/production-steps/production-step-page')) },
  // Projects.
  { path: '/projects', Page: lazyScreen(() => import('@/features/projects/projects-page')) },
  { path: '/projects/new', Page: lazyScreen(() => import('@/features/projects/project-new-page')) },
  { path: '/projects/:id', Page: lazyScreen(() => import('@/features/projects/project-page')) },
  // Quotes.
  { path: '/quotes', Page: lazyScreen(() => import('@/features/quotes/quotes-page')) },
  { path: '/quotes/new', Page: lazyScreen(() => import('@/features/quotes/quote-new-page')) },
  { path: '/quotes/:id', Page: lazyScreen(() => import('@/features/quotes/quote-page')) },
  // Work orders (the static screens before :id).
  { path: '/work-orders', Page: lazyScreen(() => import('@/features/work-orders/work-orders-page')) },
  { path: '/work-orders/new', Page: lazyScreen(() => import('@/features/work-orders/work-order-new-page')) },
  { path: '/work-orders/board', Page: lazyScreen(() => import('@/features/work-orders/work-orders-board-page')) },
  { path: '/work-orders/metal', Page: lazyScreen(() => import('@/features/work-orders/metal-ledger-page')) },
  { path: '/work-orders/:id', Page: lazyScreen(() => import('@/features/work-orders/work-order-page')) },
  // The diamond catalogue and its supplier feeds.
  { path: '/diamonds', Page: lazyScreen(() => import('@/features/diamonds/diamonds-page')) },
  { path: '/diamond/:id', Page: lazyScreen(() => import('@/features/diamonds/diamond-page')) },
  { path: '/diamonds/feeds', Page: lazyScreen(() => import('@/features/diamond-feeds/diamond-feeds-page')) },
  { path: '/diamonds/feeds/new', Page: lazyScreen(() => import('@/features/diamond-feeds/diamond-feed-new-page')) },
  { path: '/diamonds/feeds/:id', Page: lazyScreen(() => import('@/features/diamond-feeds/diamond-feed-page')) },
  // Gold buy-back from private persons and the police register.
  { path: '/goldbuy', Page: lazyScreen(() => import('@/features/goldbuy/gold-buys-page')) },
  { path: '/goldbuy/new', Page: lazyScreen(() => import('@/features/goldbuy/gold-buy-new-page')) },
  { path: '/goldbuy/register', Page: lazyScreen(() => import('@/features/goldbuy/register-page')) },
  { path: '/goldbuy/:id', Page: lazyScreen(() => import('@/features/goldbuy/gold-buy-page')) },
  { path: '/goldbuy/:id/edit', Page: lazyScreen(() => import('@/features/goldbuy/gold-buy-edit-page')) },
];

/** Screens later issues build: a placeholder with their title and what they will do. */
const COMING_SOON_ROUTES = Object.entries(SCREENS).flatMap(([path, screen]: [string, ScreenInfo]) =>
  screen.comingSoon ? [{ path, title: screen.title, description: screen.comingSoon }] : [],
);

/**
 * The chunks the screen at `pathname` renders through: the sign-in, invitation or shared-quote page, or the frame,
 * its guard and the screen's page (the sign-in page when nobody is signed in). main.tsx asks for them as soon as the
 * session is known, all at once instead of one lazy level after the other.
 */
export function preloadScreensOf(pathname: string, signedIn: boolean): Promise<unknown> {
  const at = (pattern: string) => matchPath(pattern, pathname) !== null;
  let screens: Array<Pick<LazyScreen, 'preload'>>;
  if (at(SIGN_IN_PATH)) screens = [AuthPage];
  else if (at(INVITATION_PATH)) screens = [InvitationPage];
  else if (at(SHARED_QUOTE_PATH)) screens = [SharedQuotePage];
  else {
    const screen =
      pathname === '/'
        ? DashboardPage
        : (SCREEN_ROUTES.find((route) => at(route.path))?.Page ??
          (COMING_SOON_ROUTES.some((route) => at(route.path)) ? ComingSoonPage : undefined));
    if (!screen) screens = [NotFoundPage];
    else screens = signedIn ? [AppShell, ScreenGuard, screen] : [AuthPage];
  }
  // A failed download shows where the screen renders (its error boundary), not here.
  return Promise.all(screens.map((screen) => screen.preload())).catch(() => undefined);
}

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
        path={SIGN_IN_PATH}
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
        path={INVITATION_PATH}
        element={
          <Page>
            <Titled title={INVITATION_TITLE}>
              <InvitationPage />
            </Titled>
          </Page>
        }
      />
      <Route
        path={SHARED_QUOTE_PATH}
        element={
          <Page>
            <Titled title={SHARED_QUOTE_TITLE}>
              <SharedQuotePage />
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
