import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { metalBalances } from '@shared/metal-balance';
import type {
  MetalMovement,
  WorkOrder,
  WorkOrderDetail,
  WorkOrderLine,
  WorkOrderStep,
} from '@shared/schemas/work-orders';
import { queryRows, type Db } from '../../db/client';
import { alloys, projects, quotes, users, workOrderMetalMovements, workOrders, workOrderSteps } from '../../db/schema';
import { loadProjectPhotos } from '../projects/projects.queries';
import { loadSettings } from '../settings/settings.store';
import { supplierNames } from '../suppliers/suppliers.lookup';

export const WORK_ORDER_NOT_FOUND = 'Ordre de fabrication introuvable';

/** "Claire Martin", else the username. */
export const personName = (u: { firstName: string; lastName: string; username: string }): string =>
  [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || u.username;

/** Names of users of the organization, by id. */
export async function userNames(
  db: Db,
  organizationId: string,
  ids: ReadonlyArray<string | null>,
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), inArray(users.id, wanted)));
  return new Map(rows.map((r) => [r.id, personName(r)]));
}

/** Alloy names by id, in the alloys' own order. */
export async function alloyNames(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: alloys.id, name: alloys.name })
    .from(alloys)
    .orderBy(asc(alloys.sortOrder), asc(alloys.name));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export type WorkOrderStepRow = typeof workOrderSteps.$inferSelect;

/** The steps of a work order in their order. */
export const loadStepRows = (db: Db, organizationId: string, workOrderId: string): Promise<WorkOrderStepRow[]> =>
  db
    .select()
    .from(workOrderSteps)
    .where(and(eq(workOrderSteps.organizationId, organizationId), eq(workOrderSteps.workOrderId, workOrderId)))
    .orderBy(asc(workOrderSteps.position));

export async function stepDtos(
  db: Db,
  organizationId: string,
  rows: readonly WorkOrderStepRow[],
): Promise<WorkOrderStep[]> {
  const [people, subcontractors] = await Promise.all([
    userNames(
      db,
      organizationId,
      rows.map((r) => r.assigneeId),
    ),
    supplierNames(
      db,
      organizationId,
      rows.map((r) => r.supplierId),
    ),
  ]);
  return rows.map((r) => ({
    id: r.id,
    position: r.position,
    productionStepId: r.productionStepId,
    name: r.name,
    status: r.status,
    assigneeId: r.assigneeId,
    assigneeName: r.assigneeId ? (people.get(r.assigneeId) ?? null) : null,
    supplierId: r.supplierId,
    supplierName: r.supplierId ? (subcontractors.get(r.supplierId) ?? null) : null,
    sentOn: r.sentOn,
    returnedOn: r.returnedOn,
    pricePerPiece: r.pricePerPiece,
    plannedMinutes: r.plannedMinutes,
    actualMinutes: r.actualMinutes,
    startedOutOfOrder: r.startedOutOfOrder,
    startedAt: r.startedAt ? r.startedAt.toISOString() : null,
    finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
    note: r.note,
  }));
}

/** The metal movements of one work order, oldest first. */
export async function metalMovementRows(db: Db, organizationId: string, workOrderId: string) {
  return db
    .select({
      id: workOrderMetalMovements.id,
      workOrderId: workOrderMetalMovements.workOrderId,
      kind: workOrderMetalMovements.kind,
      alloyId: workOrderMetalMovements.alloyId,
      weightG: workOrderMetalMovements.weightG,
      pieceG: workOrderMetalMovements.pieceG,
      filingsG: workOrderMetalMovements.filingsG,
      scrapG: workOrderMetalMovements.scrapG,
      supplierId: workOrderMetalMovements.supplierId,
      note: workOrderMetalMovements.note,
      at: workOrderMetalMovements.at,
      userName: workOrderMetalMovements.userName,
      finished: sql<boolean>`${workOrders.status} = 'termine'`,
    })
    .from(workOrderMetalMovements)
    .innerJoin(workOrders, eq(workOrders.id, workOrderMetalMovements.workOrderId))
    .where(
      and(
        eq(workOrderMetalMovements.organizationId, organizationId),
        eq(workOrderMetalMovements.workOrderId, workOrderId),
      ),
    )
    .orderBy(asc(workOrderMetalMovements.at), asc(workOrderMetalMovements.id));
}

/**
 * The organization's metal movements summed per alloy, kind and whether the order is finished (the ledger: one
 * pass over the movements, a handful of rows back). Archived orders count: their metal was issued all the same.
 */
export async function metalTotals(db: Db, organizationId: string) {
  return queryRows<{ alloyId: string; kind: 'issue' | 'return'; weightG: string; finished: boolean }>(
    db,
    sql`SELECT m.alloy_id AS "alloyId", m.kind, sum(m.weight_g)::text AS "weightG", (w.status = 'termine') AS finished
      FROM work_order_metal_movements m JOIN work_orders w ON w.id = m.work_order_id
      WHERE m.organization_id = ${organizationId}
      GROUP BY m.alloy_id, m.kind, (w.status = 'termine')`,
  );
}

/** What GET /api/work-orders/:id adds to the list's fields: lines, steps, metal, the quote and the project. */
export async function loadWorkOrderExtras(
  db: Db,
  organizationId: string,
  dto: WorkOrder,
): Promise<Omit<WorkOrderDetail, keyof WorkOrder>> {
  const [row] = await db
    .select({ lines: workOrders.lines })
    .from(workOrders)
    .where(and(eq(workOrders.id, dto.id), eq(workOrders.organizationId, organizationId)));
  const [stepRows, metalRows, names, settings] = await Promise.all([
    loadStepRows(db, organizationId, dto.id),
    metalMovementRows(db, organizationId, dto.id),
    alloyNames(db),
    loadSettings(db, organizationId),
  ]);
  const subcontractors = await supplierNames(
    db,
    organizationId,
    metalRows.map((m) => m.supplierId),
  );
  const metal: MetalMovement[] = metalRows.map((m) => ({
    id: m.id,
    kind: m.kind,
    alloyId: m.alloyId,
    alloyName: names.get(m.alloyId) ?? '',
    weightG: m.weightG,
    pieceG: m.pieceG,
    filingsG: m.filingsG,
    scrapG: m.scrapG,
    supplierId: m.supplierId,
    supplierName: m.supplierId ? (subcontractors.get(m.supplierId) ?? null) : null,
    note: m.note,
    at: m.at.toISOString(),
    userName: m.userName,
  }));
  const [quote] = dto.quoteId
    ? await queryRows<{ id: string; number: string | null; title: string }>(
        db,
        sql`SELECT id, number, title FROM ${quotes} WHERE id = ${dto.quoteId} AND organization_id = ${organizationId}`,
      )
    : [];
  const [project] = dto.projectId
    ? await db
        .select({ id: projects.id, title: projects.title })
        .from(projects)
        .where(and(eq(projects.id, dto.projectId), eq(projects.organizationId, organizationId)))
    : [];
  // The project's photos, each served through the order: production reads work orders, not projects.
  const photos = project
    ? (await loadProjectPhotos(db, organizationId, project.id)).map((p) => ({
        ...p,
        url: `/api/work-orders/${dto.id}/photos/${p.id}`,
      }))
    : [];
  return {
    photos,
    lines: (row?.lines ?? []) as WorkOrderLine[],
    steps: await stepDtos(db, organizationId, stepRows),
    metal,
    metalBalance: metalBalances(metalRows, names, settings.metalLossWarningPct),
    metalLossWarningPct: settings.metalLossWarningPct,
    quote: quote ?? null,
    project: project ?? null,
  };
}
