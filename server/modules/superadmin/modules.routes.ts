import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { MODULES } from '@shared/modules';
import { idParamSchema } from '@shared/schemas/common-fields';
import { organizationModulesSchema, type OrganizationModulesView } from '@shared/schemas/superadmin';
import { organizationModules, organizations } from '../../db/schema';
import { notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { recordAudit } from '../../audit/record-audit';

const READ = { config: { access: { area: 'superadmin', mode: 'read' } } } as const;
const WRITE = { config: { access: { area: 'superadmin', mode: 'write' } } } as const;

/** Modules on/off per organization (superadmin). A turned-off module's routes answer 404 for that organization. */
export async function registerModuleRoutes(app: FastifyInstance): Promise<void> {
  async function view(organizationId: string): Promise<OrganizationModulesView> {
    const [org] = await app.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    if (!org) throw notFound('Organisation introuvable');
    app.organizationModules.invalidate(organizationId);
    const disabled = await app.organizationModules.disabled(organizationId);
    return {
      organizationId,
      modules: MODULES.map((m) => ({ key: m.key, label: m.label, enabled: !disabled.has(m.key) })),
    };
  }

  app.get('/api/superadmin/organizations/:id/modules', READ, async (request) => {
    const { id } = parseInput(idParamSchema, request.params);
    return view(id);
  });

  app.put('/api/superadmin/organizations/:id/modules', WRITE, async (request) => {
    const { id } = parseInput(idParamSchema, request.params);
    const input = parseInput(organizationModulesSchema, request.body);
    const before = await view(id);
    const now = app.now();
    const changes: Record<string, { from: boolean; to: boolean }> = {};
    await app.db.transaction(async (tx) => {
      for (const [module, enabled] of Object.entries(input.modules)) {
        const was = before.modules.find((m) => m.key === module)?.enabled ?? true;
        if (was !== enabled) changes[module] = { from: was, to: enabled };
        await tx
          .insert(organizationModules)
          .values({ organizationId: id, module, enabled, updatedAt: now })
          .onConflictDoUpdate({
            target: [organizationModules.organizationId, organizationModules.module],
            set: { enabled, updatedAt: now },
          });
      }
      if (Object.keys(changes).length > 0) {
        await recordAudit(tx, request, { action: 'update', entityType: 'organization.modules', entityId: id, changes });
      }
    });
    await app.changes.publish({ kind: 'modules', organizationId: id });
    return view(id);
  });
}
