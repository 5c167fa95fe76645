import { areaOfScreen, can } from '@shared/access';
import { moduleOfScreen } from '@shared/modules';

export type ScreenAccess = 'allowed' | 'denied' | 'module-off' | 'change-password';

/** Paths a user whose password must change may still open. */
const PASSWORD_CHANGE_PATHS = new Set(['/account']);

/**
 * What the route guard does with a path: the role's matrix permission on the screen's area (shared/access.ts),
 * then the organization's modules (shared/modules.ts), then the must-change-password flag.
 */
export function screenAccess(
  pathname: string,
  user: { role: string; mustChangePassword: boolean; disabledModules: ReadonlySet<string> },
): ScreenAccess {
  if (user.mustChangePassword && !PASSWORD_CHANGE_PATHS.has(pathname)) return 'change-password';
  if (PASSWORD_CHANGE_PATHS.has(pathname)) return 'allowed';
  if (!can(user.role, areaOfScreen(pathname), 'read')) return 'denied';
  const module = moduleOfScreen(pathname);
  if (module && user.disabledModules.has(module)) return 'module-off';
  return 'allowed';
}
