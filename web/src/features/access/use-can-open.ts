import type { AccessMode } from '@shared/access';
import { useAuth } from '@/features/auth/auth-context';
import { screenAccess } from './screen-access';
import { disabledModulesOf, useMeContext } from './use-me-context';

/**
 * Whether a link to a screen should show: the role may open it (shared/access.ts) and its module is on for the
 * organization (GET /api/me/context). Shortcuts (header buttons, quick actions) use it like the sidebar does;
 * `ready` is false until the organization's modules are known, so a shortcut of a turned-off module never flashes.
 */
export function useCanOpen(): { ready: boolean; canOpen: (pathname: string, mode?: AccessMode) => boolean } {
  const { user } = useAuth();
  const context = useMeContext();
  const disabledModules = disabledModulesOf(context.data);
  return {
    ready: context.data !== undefined || context.isError,
    canOpen: (pathname, mode) =>
      user !== null &&
      screenAccess(pathname, { role: user.role, mustChangePassword: false, disabledModules }, mode) === 'allowed',
  };
}
