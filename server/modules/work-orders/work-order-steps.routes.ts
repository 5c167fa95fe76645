import type { FastifyInstance } from 'fastify';
import { advanceSteps } from '@shared/work-order-route';
import { workOrderAdvanceSchema, workOrderStepsSchema, workOrderStepStatusSchema } from '@shared/schemas/work-orders';
import type { Db } from '../../db/client';
import { recordAudit } from '../../audit/record-audit';
import { AppError, notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { isUuid } from '../../http/path-id';
import { loadStepRows } from './work-order-detail';
import {
  changeSteps,
  lockWorkOrder,
  organizationOf,
  resolveSteps,
  workOrderDetail,
  workOrderIdOf,
  writeSteps,
} from './work-order-writes';

export const WORK_ORDERS_WRITE = { config: { access: { area: 'production', mode: 'write' } } } as const;
export const WORK_ORDERS_READ = { config: { access: { area: 'production', mode: 'read' } } } as const;

/**
 * The route of a work order: the whole list of steps (add, remove, reorder, edit), one step's status, and
 * "advance" (the current step done, the next one started: the board's move). Each write takes the order's
 * `version` and answers the order as GET /api/work-orders/:id does.
 */
export function registerWorkOrderStepRoutes(app: FastifyInstance): void {
  app.put('/api/work-orders/:id/steps', WORK_ORDERS_WRITE, async (request) => {
    const organizationId = organizationOf(request);
    const id = workOrderIdOf(request);
    const input = parseInput(workOrderStepsSchema, request.body);
    await app.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const order = await lockWorkOrder(tx, organizationId, id, input.version);
      const existing = await loadStepRows(tx, organizationId, id);
      const now = app.now();
      await writeSteps(tx, order, await resolveSteps(tx, organizationId, existing, input.steps, now), now);
      await recordAudit(tx, request, {
        action: 'update',
        entityType: 'work-order',
        entityId: id,
        changes: { steps: input.steps.map((s) => ({ productionStepId: s.productionStepId, status: s.status })) },
      });
    });
    return workOrderDetail(app.db, organizationId, id);
  });

  app.post('/api/work-orders/:id/steps/:stepId/status', WORK_ORDERS_WRITE, async (request) => {
    const organizationId = organizationOf(request);
    const id = workOrderIdOf(request);
    const stepId = (request.params as { stepId?: string }).stepId ?? '';
    const input = parseInput(workOrderStepStatusSchema, request.body);
    if (!isUuid(stepId)) throw notFound('Étape introuvable');
    await app.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const order = await lockWorkOrder(tx, organizationId, id, input.version);
      await changeSteps(
        tx,
        order,
        (steps) => {
          if (!steps.some((s) => s.id === stepId.toLowerCase())) throw notFound('Étape introuvable');
          return steps.map((s) => (s.id === stepId.toLowerCase() ? { ...s, status: input.status } : s));
        },
        app.now(),
      );
      await recordAudit(tx, request, {
        action: 'update',
        entityType: 'work-order',
        entityId: id,
        changes: { stepId, status: input.status },
      });
    });
    return workOrderDetail(app.db, organizationId, id);
  });

  app.post('/api/work-orders/:id/advance', WORK_ORDERS_WRITE, async (request) => {
    const organizationId = organizationOf(request);
    const id = workOrderIdOf(request);
    const input = parseInput(workOrderAdvanceSchema, request.body);
    await app.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const order = await lockWorkOrder(tx, organizationId, id, input.version);
      if (order.archivedAt) throw new AppError('CONFLICT', 'Cet ordre de fabrication est archivé');
      await changeSteps(
        tx,
        order,
        (steps) => {
          const next = advanceSteps(steps);
          if (steps.length === 0) throw new AppError('CONFLICT', "Cet ordre de fabrication n'a pas encore d'étape");
          if (!next) throw new AppError('CONFLICT', 'Toutes les étapes sont déjà terminées');
          return next;
        },
        app.now(),
      );
      await recordAudit(tx, request, {
        action: 'update',
        entityType: 'work-order',
        entityId: id,
        changes: { advance: true },
      });
    });
    return workOrderDetail(app.db, organizationId, id);
  });
}
