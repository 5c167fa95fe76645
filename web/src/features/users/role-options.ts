import { ROLES, roleLabel } from '@shared/constants';

/** The roles a user may grant: only a superadmin grants the superadmin role (server rule). */
export function grantableRoles(actorRole: string): Array<{ value: string; label: string }> {
  return ROLES.filter((r) => r !== 'superadmin' || actorRole === 'superadmin').map((r) => ({
    value: r,
    label: roleLabel(r),
  }));
}

export const ALL_ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: roleLabel(r) }));
