import type { FastifyInstance } from 'fastify';
import { AREAS, PERMISSIONS, matrixRole, type Area, type Permission } from '@shared/access';
import { roleLabel } from '@shared/constants';
import { MODULES } from '@shared/modules';
import { unauthenticated } from '../../http/errors';
import { SIGNED_IN } from '../../http/authorize';
import { toCurrentUser } from '../auth/sign-in';

/**
 * GET /api/me/context: what the web needs to build the menu and route guards: the user, their role's
 * permission per area (shared/access.ts), the organization's modules (on/off) and whether a password change is due.
 */
export async function registerMeContextRoute(app: FastifyInstance): Promise<void> {
  app.get('/api/me/context', { config: { access: SIGNED_IN } }, async (request, reply) => {
    const user = request.user;
    if (!user) throw unauthenticated();
    const role = matrixRole(user.role);
    const permissions = Object.fromEntries(AREAS.map((a) => [a, PERMISSIONS[a][role]])) as Record<Area, Permission>;
    const disabled = await app.organizationModules.disabled(user.organizationId);
    void reply.header('cache-control', 'no-store');
    return {
      user: toCurrentUser(user),
      roleLabel: roleLabel(user.role),
      permissions,
      modules: MODULES.map((m) => ({ key: m.key, label: m.label, enabled: !disabled.has(m.key) })),
      mustChangePassword: user.mustChangePassword === true,
    };
  });
}
