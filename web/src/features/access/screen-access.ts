import { areaOfScreen, can, modeOfScreen, type AccessMode } from '@shared/access';
import { moduleOfScreen } from '@shared/modules';

export type ScreenAccess = 'allowed' | 'denied' | 'module-off' | 'change-password';

/** Paths a user whose password must change may still open. */
const PASSWORD_CHANGE_PATHS = new Set(['/account']);

export interface ScreenUser {
  role: string;
  mustChangePassword: boolean;
  disabledModules: ReadonlySet<string>;
}

/**
 * What the route guard does with a path: the role's matrix permission on the screen's area (shared/access.ts) in
 * the mode the screen needs (a `/new` or `/edit` screen writes), then the organization's modules
 * (shared/modules.ts), then the must-change-password flag. `mode` overrides the screen's own mode, for a link
 * that creates from a list screen ("Nouveau Devis" opens /quotes).
 */
export function screenAccess(
  pathname: string,
  user: ScreenUser,
  mode: AccessMode = modeOfScreen(pathname),
): ScreenAccess {
  if (user.mustChangePassword && !PASSWORD_CHANGE_PATHS.has(pathname)) return 'change-password';
  if (PASSWORD_CHANGE_PATHS.has(pathname)) return 'allowed';
  if (!can(user.role, areaOfScreen(pathname), mode)) return 'denied';
  const module = moduleOfScreen(pathname);
  if (module && user.disabledModules.has(module)) return 'module-off';
  return 'allowed';
}
