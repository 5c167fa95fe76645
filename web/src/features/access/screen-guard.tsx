import { Navigate, Outlet, useLocation } from 'react-router';
import { areaOfScreen, can } from '@shared/access';
import { moduleOfScreen } from '@shared/modules';
import { Spinner } from '@/components/spinner';
import { AccessDeniedPage } from './access-denied-page';
import { ModuleOffPage } from './module-off-page';
import { disabledModulesOf, useMeContext } from './use-me-context';
import { screenAccess } from './screen-access';

/** For a creation or edit screen refused to a role that may read its area: the list it may consult instead. */
function readableList(pathname: string, role: string): string | null {
  const list = pathname.replace(/\/(new|[^/]+\/edit)$/, '');
  return list !== pathname && can(role, areaOfScreen(pathname), 'read') ? list : null;
}

/**
 * Route guard of every screen in the shell, decided before the screen (and its form) shows: "Accès refusé" when
 * the role cannot open it (a `/new` or `/edit` screen needs write access), "Ce module n'est pas activé pour votre
 * organisation" when the organization turned its module off, Mon compte while the password must change. The
 * server stays the judge.
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
  if (access === 'denied')
    return <AccessDeniedPage readOnlyList={context.data ? readableList(pathname, context.data.user.role) : null} />;
  if (access === 'module-off') return <ModuleOffPage moduleKey={moduleOfScreen(pathname)} />;
  return <Outlet />;
}
