import { and, asc, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BOARD_CARDS_MAX, type WorkOrderBoard } from '@shared/schemas/work-orders';
import type { Db } from '../../db/client';
import { users, workOrders } from '../../db/schema';
import { personName } from './work-order-detail';
import { WORK_ORDERS_READ } from './work-order-steps.routes';
import { boardSteps, organizationOf } from './work-order-writes';
import { loadWorkOrderContext, workOrderDto, type WorkOrderRow } from './work-orders.resource';

/** Finished orders stay on the board this long. */
const DONE_DAYS = 30;

/** The most urgent first: priority, then the due date (none last), then the number. */
const URGENCY = [
  sql`array_position(ARRAY['urgente', 'haute', 'normale', 'basse']::text[], ${workOrders.priority})`,
  sql`${workOrders.dueDate} ASC NULLS LAST`,
  asc(workOrders.numberYear),
  asc(workOrders.numberSeq),
];

/**
 * The workshop board: one column per active production step holding the orders whose current step it is, the
 * orders without steps first ("À planifier", only when there are some) and those finished in the last 30 days
 * last. One query per column (each cut at BOARD_CARDS_MAX), then the cards' context in one go.
 */
export function registerWorkOrderBoardRoute(app: FastifyInstance): void {
  app.get('/api/work-orders/board', WORK_ORDERS_READ, async (request): Promise<WorkOrderBoard> => {
    const organizationId = organizationOf(request);
    const db: Db = app.db;
    const active = and(eq(workOrders.organizationId, organizationId), isNull(workOrders.archivedAt));
    const steps = await boardSteps(db, organizationId);
    const column = (where: ReturnType<typeof and>) =>
      db
        .select()
        .from(workOrders)
        .where(and(active, where))
        .orderBy(...URGENCY)
        .limit(BOARD_CARDS_MAX);
    const doneSince = new Date(app.now().getTime() - DONE_DAYS * 24 * 3600 * 1000);
    const [unplanned, done, ...byStep] = await Promise.all([
      column(and(eq(workOrders.stepCount, 0))),
      column(and(eq(workOrders.status, 'termine'), gte(workOrders.completedAt, doneSince))),
      ...steps.map((s) => column(and(eq(workOrders.currentProductionStepId, s.id), ne(workOrders.status, 'termine')))),
    ]);
    // Orders whose current step is no longer an active production step (archived since) join that step's name.
    const orphans = await column(
      and(
        ne(workOrders.status, 'termine'),
        sql`${workOrders.stepCount} > 0`,
        steps.length > 0
          ? sql`NOT (${inArray(
              workOrders.currentProductionStepId,
              steps.map((s) => s.id),
            )})`
          : undefined,
      ),
    );
    const all: WorkOrderRow[] = [...unplanned!, ...done!, ...byStep.flat(), ...orphans];
    const ctx = await loadWorkOrderContext(db, organizationId, all);
    const cards = (rows: readonly WorkOrderRow[]) => rows.map((r) => workOrderDto(r, ctx));
    const orphanColumns = new Map<string, WorkOrderRow[]>();
    for (const row of orphans) {
      const key = row.currentProductionStepId ?? '';
      orphanColumns.set(key, [...(orphanColumns.get(key) ?? []), row]);
    }
    return {
      columns: [
        ...(unplanned!.length > 0
          ? [{ kind: 'unplanned' as const, productionStepId: null, name: 'À planifier', cards: cards(unplanned!) }]
          : []),
        ...steps.map((s, i) => ({
          kind: 'step' as const,
          productionStepId: s.id,
          name: s.name,
          cards: cards(byStep[i]!),
        })),
        ...[...orphanColumns.entries()].map(([stepId, rows]) => ({
          kind: 'step' as const,
          productionStepId: stepId,
          name: ctx.currentSteps.get(rows[0]!.currentStepId ?? '')?.name ?? 'Étape archivée',
          cards: cards(rows),
        })),
        { kind: 'done' as const, productionStepId: null, name: 'Terminé', cards: cards(done!) },
      ],
    };
  });

  /** Who can take a step: the organization's active users who write work orders. */
  app.get('/api/work-orders/assignees', WORK_ORDERS_READ, async (request) => {
    const organizationId = organizationOf(request);
    const rows = await app.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
      .from(users)
      .where(
        and(
          eq(users.organizationId, organizationId),
          eq(users.active, true),
          inArray(users.role, ['admin', 'manager', 'production']),
        ),
      )
      .orderBy(users.nameSort);
    return {
      items: rows.map((u) => ({ id: u.id, name: personName(u) })),
    };
  });
}
