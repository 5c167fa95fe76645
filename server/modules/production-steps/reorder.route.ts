import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { reorderSchema } from '@shared/schemas/lists';
import type { ProductionStep } from '@shared/schemas/production-steps';
import type { Db } from '../../db/client';
import { productionSteps } from '../../db/schema';
import { recordAudit } from '../../audit/record-audit';
import { AppError } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { activeSteps, productionStepsResource } from './production-steps.resource';

export const REORDER_MISMATCH_MESSAGE = 'La liste doit contenir chaque étape active exactement une fois';

/**
 * POST /api/production-steps/reorder `{ ids }`: the full ordered list of the organization's active
 * steps; positions 1..n written in one transaction (not a version change: the step itself is unchanged).
 */
export function registerReorderRoute(app: FastifyInstance): void {
  app.post(
    '/api/production-steps/reorder',
    { config: { access: { area: 'production', mode: 'write' } } },
    async (request): Promise<{ items: ProductionStep[] }> => {
      const organizationId = request.user!.organizationId;
      const { ids } = parseInput(reorderSchema, request.body);
      const rows = await app.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        // Lock the organization's steps so two reorders (or a reorder and a create) run one after the other.
        await tx
          .select({ id: productionSteps.id })
          .from(productionSteps)
          .where(eq(productionSteps.organizationId, organizationId))
          .for('update');
        const active = new Set((await activeSteps(tx, organizationId)).map((s) => s.id));
        const wanted = ids.map((id) => id.toLowerCase());
        const exact =
          wanted.length === active.size &&
          new Set(wanted).size === wanted.length &&
          wanted.every((id) => active.has(id));
        if (!exact) {
          throw new AppError('VALIDATION_FAILED', 'Données invalides', { ids: [REORDER_MISMATCH_MESSAGE] });
        }
        for (const [index, id] of wanted.entries()) {
          await tx
            .update(productionSteps)
            .set({ position: index + 1 })
            .where(and(eq(productionSteps.id, id), eq(productionSteps.organizationId, organizationId)));
        }
        await recordAudit(tx, request, {
          action: 'reorder',
          entityType: productionStepsResource.entityType,
          changes: { ids: wanted },
        });
        return activeSteps(tx, organizationId);
      });
      const ctx = await productionStepsResource.loadContext(app.db, organizationId, rows);
      return { items: rows.map((r) => productionStepsResource.toDto(r, ctx)) };
    },
  );
}
