import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '@/components/spinner';
import NotFoundPage from '@/app/pages/not-found-page';
import { AccessDeniedPage } from './access-denied-page';
import { disabledModulesOf, useMeContext } from './use-me-context';
import { screenAccess } from './screen-access';

/**
 * Route guard of every screen in the shell: "Accès refusé" when the role cannot open it, the 404 page when the
 * organization turned its module off, Mon compte while the password must change. The server stays the judge.
 */
export default function ScreenGuard() {
  const { pathname } = useLocation();
  const context = useMeContext();
  if (context.isLoading) return <Spinner />;
  // Without the context (network error), fall through to the screen: its API calls are refused if need be.
  const access = context.data
    ? screenAccess(pathname, {
        role: context.data.user.role,
        mustChangePassword: context.data.mustChangePassword,
        disabledModules: disabledModulesOf(context.data),
      })
    : 'allowed';
  if (access === 'change-password') return <Navigate to="/account" replace />;
  if (access === 'denied') return <AccessDeniedPage />;
  if (access === 'module-off') return <NotFoundPage />;
  return <Outlet />;
}
