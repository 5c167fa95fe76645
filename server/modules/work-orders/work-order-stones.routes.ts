import { and, asc, eq, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { workOrderStoneMovementSchema, type WorkOrderStoneMovement } from '@shared/schemas/work-orders';
import { queryRows, type Db } from '../../db/client';
import { stockMovements, stones } from '../../db/schema';
import { recordAudit } from '../../audit/record-audit';
import { AppError } from '../../http/errors';
import { userDisplayName } from '../../http/user-name';
import { parseInput } from '../../http/validate';
import { recordStockMovement } from '../stones/stock-movements';
import { WORK_ORDERS_READ, WORK_ORDERS_WRITE } from './work-order-steps.routes';
import { assertWorkOrder, lockWorkOrder, organizationOf, workOrderIdOf } from './work-order-writes';

/** The stones moved to and from a work order, oldest first, with the stones' names. */
async function stoneMovementsOf(
  db: Db,
  organizationId: string,
  workOrderId: string,
): Promise<WorkOrderStoneMovement[]> {
  const rows = await db
    .select({
      id: stockMovements.id,
      stoneId: stockMovements.stoneId,
      stoneName: stones.name,
      kind: stockMovements.kind,
      quantity: stockMovements.quantity,
      unit: stockMovements.unit,
      at: stockMovements.at,
      userName: stockMovements.userName,
    })
    .from(stockMovements)
    .innerJoin(stones, eq(stones.id, stockMovements.stoneId))
    .where(and(eq(stockMovements.organizationId, organizationId), eq(stockMovements.workOrderId, workOrderId)))
    .orderBy(asc(stockMovements.at), asc(stockMovements.createdAt));
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}

/**
 * Stones issued from stock to a work order and returned from it: each a stock movement of the stone (its
 * quantity on hand moves in the same transaction), dated and signed. A return cannot exceed what the order
 * holds of that stone.
 */
export function registerWorkOrderStoneRoutes(app: FastifyInstance): void {
  app.get('/api/work-orders/:id/stones', WORK_ORDERS_READ, async (request) => {
    const organizationId = organizationOf(request);
    const id = workOrderIdOf(request);
    await assertWorkOrder(app.db, organizationId, id);
    return { items: await stoneMovementsOf(app.db, organizationId, id) };
  });

  app.post('/api/work-orders/:id/stones', WORK_ORDERS_WRITE, async (request, reply) => {
    const organizationId = organizationOf(request);
    const id = workOrderIdOf(request);
    const input = parseInput(workOrderStoneMovementSchema, request.body);
    await app.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const order = await lockWorkOrder(tx, organizationId, id);
      if (order.archivedAt) throw new AppError('CONFLICT', 'Cet ordre de fabrication est archivé');
      if (input.kind === 'return') {
        const [held] = await queryRows<{ net: string | null }>(
          tx,
          sql`SELECT (-sum(quantity))::text AS net FROM stock_movements
            WHERE organization_id = ${organizationId} AND work_order_id = ${id} AND stone_id = ${input.stoneId}`,
        );
        const net = new Decimal(held?.net ?? 0);
        if (net.lt(input.quantity!)) {
          const message = `Retour impossible : l’ordre n’en détient que ${net.toString().replace('.', ',')}`;
          throw new AppError('CONFLICT', message, { quantity: [message] });
        }
      }
      const recorded = await recordStockMovement(tx, {
        organizationId,
        stoneId: input.stoneId,
        kind: input.kind === 'issue' ? 'out_work_order' : 'return_work_order',
        quantity: input.quantity!,
        workOrderId: id,
        userId: request.user?.id ?? null,
        userName: userDisplayName(request) ?? '',
        at: app.now(),
      });
      await recordAudit(tx, request, {
        action: 'create',
        entityType: 'stock-movement',
        entityId: recorded.movement.id,
        changes: { workOrderId: id, ...input },
      });
    });
    return reply.status(201).send({ items: await stoneMovementsOf(app.db, organizationId, id) });
  });
}
