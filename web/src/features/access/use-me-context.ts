import { useQuery } from '@tanstack/react-query';
import type { Area, Permission } from '@shared/access';
import type { CurrentUser } from '@shared/schemas/auth';

/** GET /api/me/context (server/modules/account/README.md): permissions per area, modules, password flag. */
export interface MeContext {
  user: CurrentUser;
  roleLabel: string;
  permissions: Record<Area, Permission>;
  modules: Array<{ key: string; label: string; enabled: boolean }>;
  mustChangePassword: boolean;
}

export const ME_CONTEXT_KEY = ['/api/me/context'] as const;

export function useMeContext() {
  return useQuery<MeContext>({ queryKey: ME_CONTEXT_KEY });
}

/** The keys of the organization's turned-off modules (empty while the context loads). */
export function disabledModulesOf(context: MeContext | undefined): ReadonlySet<string> {
  return new Set((context?.modules ?? []).filter((m) => !m.enabled).map((m) => m.key));
}
