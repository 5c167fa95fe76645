import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { metalBalances, returnedGrams } from '@shared/metal-balance';
import { metalMovementInputSchema, type MetalLedger } from '@shared/schemas/work-orders';
import type { Db } from '../../db/client';
import { alloys, workOrderMetalMovements } from '../../db/schema';
import { recordAudit } from '../../audit/record-audit';
import { AppError } from '../../http/errors';
import { userDisplayName } from '../../http/user-name';
import { parseInput } from '../../http/validate';
import { loadSettings } from '../settings/settings.store';
import { assertSupplierOfOrganization } from '../suppliers/suppliers.lookup';
import { alloyNames, metalTotals } from './work-order-detail';
import { WORK_ORDERS_READ, WORK_ORDERS_WRITE } from './work-order-steps.routes';
import { lockWorkOrder, organizationOf, workOrderDetail, workOrderIdOf } from './work-order-writes';

/**
 * Metal accounting: metal issued to the bench or a subcontractor for a work order and what came back (the piece,
 * filings, scrap), each dated and signed; the organization's ledger per alloy (issued, returned, lost on finished
 * orders with its %, in the workshop now).
 */
export function registerWorkOrderMetalRoutes(app: FastifyInstance): void {
  app.post('/api/work-orders/:id/metal', WORK_ORDERS_WRITE, async (request, reply) => {
    const organizationId = organizationOf(request);
    const id = workOrderIdOf(request);
    const input = parseInput(metalMovementInputSchema, request.body);
    await app.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      // The order's lock serialises its movements with its route (a movement counts on the order's status).
      const order = await lockWorkOrder(tx, organizationId, id);
      if (order.archivedAt) throw new AppError('CONFLICT', 'Cet ordre de fabrication est archivé');
      const [alloy] = await tx.select({ id: alloys.id }).from(alloys).where(eq(alloys.id, input.alloyId));
      if (!alloy) throw new AppError('VALIDATION_FAILED', 'Données invalides', { alloyId: ['Alliage introuvable'] });
      await assertSupplierOfOrganization(tx, organizationId, input.supplierId);
      const isReturn = input.kind === 'return';
      const [movement] = await tx
        .insert(workOrderMetalMovements)
        .values({
          organizationId,
          workOrderId: id,
          alloyId: input.alloyId,
          kind: input.kind,
          weightG: isReturn ? returnedGrams([input.pieceG, input.filingsG, input.scrapG]) : input.weightG!,
          pieceG: isReturn ? input.pieceG : null,
          filingsG: isReturn ? input.filingsG : null,
          scrapG: isReturn ? input.scrapG : null,
          supplierId: input.supplierId,
          note: input.note,
          at: app.now(),
          userId: request.user?.id ?? null,
          userName: userDisplayName(request) ?? '',
        })
        .returning({ id: workOrderMetalMovements.id });
      await recordAudit(tx, request, {
        action: 'create',
        entityType: 'work-order-metal',
        entityId: movement!.id,
        changes: { workOrderId: id, ...input },
      });
    });
    return reply.status(201).send(await workOrderDetail(app.db, organizationId, id));
  });

  app.get('/api/work-orders/metal-ledger', WORK_ORDERS_READ, async (request): Promise<MetalLedger> => {
    const organizationId = organizationOf(request);
    const [rows, names, settings] = await Promise.all([
      metalTotals(app.db, organizationId),
      alloyNames(app.db),
      loadSettings(app.db, organizationId),
    ]);
    return {
      alloys: metalBalances(rows, names, settings.metalLossWarningPct),
      metalLossWarningPct: settings.metalLossWarningPct,
    };
  });
}
