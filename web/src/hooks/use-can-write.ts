import { can, type Area } from '@shared/access';
import { useAuth } from '@/features/auth/auth-context';

/** True when the signed-in user may create/edit/archive in `area` (authorization matrix, shared/access.ts). */
export function useCanWrite(area: Area): boolean {
  const { user } = useAuth();
  return can(user?.role, area, 'write');
}
