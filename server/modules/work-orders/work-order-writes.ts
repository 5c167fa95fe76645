import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CONFLICT_MESSAGE } from '@shared/schemas/lists';
import type { WorkOrderDetail, WorkOrderStatus, WorkOrderStepInput } from '@shared/schemas/work-orders';
import { currentStepIndex, deriveWorkOrderStatus, startsOutOfOrder } from '@shared/work-order-route';
import type { Db } from '../../db/client';
import { productionSteps, users, workOrders, workOrderSteps } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { isUuid } from '../../http/path-id';
import { supplierNames } from '../suppliers/suppliers.lookup';
import { loadStepRows, loadWorkOrderExtras, WORK_ORDER_NOT_FOUND, type WorkOrderStepRow } from './work-order-detail';
import { loadWorkOrderContext, workOrderDto, type WorkOrderRow } from './work-orders.resource';

/** The `:id` of a route: a malformed id answers 404 like an unknown one. */
export function workOrderIdOf(request: FastifyRequest, key = 'id'): string {
  const id = (request.params as Record<string, string | undefined>)[key] ?? '';
  if (!isUuid(id)) throw notFound(WORK_ORDER_NOT_FOUND);
  return id.toLowerCase();
}

/** The signed-in user's organization (the authorize hook guarantees a user on these routes). */
export const organizationOf = (request: FastifyRequest): string => request.user!.organizationId;

/** The work order of the organization, locked for the transaction; 404 otherwise, 409 on a stale `version`. */
export async function lockWorkOrder(
  tx: Db,
  organizationId: string,
  id: string,
  version?: number,
): Promise<WorkOrderRow> {
  const [row] = await tx
    .select()
    .from(workOrders)
    .where(and(eq(workOrders.id, id), eq(workOrders.organizationId, organizationId)))
    .for('update');
  if (!row) throw notFound(WORK_ORDER_NOT_FOUND);
  if (version !== undefined && row.version !== version) throw new AppError('CONFLICT', CONFLICT_MESSAGE);
  return row;
}

/** Throws the 404 of an order that is not the organization's. */
export async function assertWorkOrder(db: Db, organizationId: string, id: string): Promise<void> {
  const [row] = await db
    .select({ id: workOrders.id })
    .from(workOrders)
    .where(and(eq(workOrders.id, id), eq(workOrders.organizationId, organizationId)));
  if (!row) throw notFound(WORK_ORDER_NOT_FOUND);
}

/** The answer of GET /api/work-orders/:id, for the routes that change an order. */
export async function workOrderDetail(db: Db, organizationId: string, id: string): Promise<WorkOrderDetail> {
  const [row] = await db
    .select()
    .from(workOrders)
    .where(and(eq(workOrders.id, id), eq(workOrders.organizationId, organizationId)));
  if (!row) throw notFound(WORK_ORDER_NOT_FOUND);
  const dto = workOrderDto(row, await loadWorkOrderContext(db, organizationId, [row]));
  return { ...dto, ...(await loadWorkOrderExtras(db, organizationId, dto)) };
}

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', 'Données invalides', { [field]: [message] });

/** A step as written: the input's fields plus what the server keeps (name, timestamps, flag). */
type StepWrite = Omit<WorkOrderStepRow, 'organizationId' | 'workOrderId' | 'position'>;

/**
 * Checks the references of a route's steps against the organization (production steps, users, subcontractors,
 * and the ids of the order's existing steps) and gives each its stored form: timestamps follow the status
 * (started when it leaves "à faire", finished when done, cleared when reopened), and a step that starts or ends
 * while an earlier one is not done is flagged.
 */
export async function resolveSteps(
  tx: Db,
  organizationId: string,
  existing: readonly WorkOrderStepRow[],
  input: readonly WorkOrderStepInput[],
  now: Date,
): Promise<StepWrite[]> {
  const byId = new Map(existing.map((s) => [s.id, s]));
  const refs = <K extends keyof WorkOrderStepInput>(key: K) =>
    [...new Set(input.map((s) => s[key]).filter((v): v is NonNullable<WorkOrderStepInput[K]> => !!v))] as string[];
  const [stepRows, userRows, subcontractors] = await Promise.all([
    refs('productionStepId').length === 0
      ? Promise.resolve([])
      : tx
          .select({ id: productionSteps.id, name: productionSteps.name, archivedAt: productionSteps.archivedAt })
          .from(productionSteps)
          .where(
            and(
              eq(productionSteps.organizationId, organizationId),
              inArray(productionSteps.id, refs('productionStepId')),
            ),
          ),
    refs('assigneeId').length === 0
      ? Promise.resolve([])
      : tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.organizationId, organizationId), inArray(users.id, refs('assigneeId')))),
    supplierNames(tx, organizationId, refs('supplierId')),
  ]);
  const productionStepById = new Map(stepRows.map((s) => [s.id, s]));
  const userIds = new Set(userRows.map((u) => u.id));
  const seen = new Set<string>();
  const statuses = input.map((s) => ({ status: s.status }));
  return input.map((step, index) => {
    const at = `steps.${index}`;
    const previous = step.id ? byId.get(step.id) : undefined;
    if (step.id && (!previous || seen.has(step.id))) throw invalid(`${at}.id`, 'Étape introuvable');
    if (step.id) seen.add(step.id);
    const productionStep = productionStepById.get(step.productionStepId);
    if (!productionStep || (productionStep.archivedAt && previous?.productionStepId !== step.productionStepId)) {
      throw invalid(`${at}.productionStepId`, 'Étape de production introuvable');
    }
    if (step.assigneeId && !userIds.has(step.assigneeId)) throw invalid(`${at}.assigneeId`, 'Utilisateur introuvable');
    if (step.supplierId && !subcontractors.has(step.supplierId)) {
      throw invalid(`${at}.supplierId`, 'Sous-traitant introuvable');
    }
    return {
      id: previous?.id ?? crypto.randomUUID(),
      productionStepId: step.productionStepId,
      name: previous?.productionStepId === step.productionStepId ? previous.name : productionStep.name,
      ...stepTimes(previous, step.status, startsOutOfOrder(statuses, index), now),
      assigneeId: step.assigneeId,
      supplierId: step.supplierId,
      sentOn: step.sentOn,
      returnedOn: step.returnedOn,
      pricePerPiece: step.pricePerPiece,
      plannedMinutes: step.plannedMinutes,
      actualMinutes: step.actualMinutes,
      note: step.note,
    };
  });
}

/** A step's status with its timestamps and out-of-order flag, from its previous state. */
export function stepTimes(
  previous: Pick<WorkOrderStepRow, 'status' | 'startedAt' | 'finishedAt' | 'startedOutOfOrder'> | undefined,
  status: WorkOrderStatus,
  outOfOrder: boolean,
  now: Date,
): Pick<WorkOrderStepRow, 'status' | 'startedAt' | 'finishedAt' | 'startedOutOfOrder'> {
  if (status === 'a_faire') return { status, startedAt: null, finishedAt: null, startedOutOfOrder: false };
  const wasStarted = previous && previous.status !== 'a_faire';
  return {
    status,
    startedAt: previous?.startedAt ?? now,
    finishedAt: status === 'termine' ? (previous?.status === 'termine' ? previous.finishedAt : now) : null,
    // The flag records how the step started: kept once set, set when it starts (or is done) out of order.
    startedOutOfOrder: (wasStarted && previous.startedOutOfOrder) || (!wasStarted && outOfOrder),
  };
}

/**
 * Replaces the route of a locked work order by `steps` (ids kept), and stores what derives from it: the order's
 * status, its current step, its counts, when it was finished, and a new version.
 */
export async function writeSteps(tx: Db, order: WorkOrderRow, steps: readonly StepWrite[], now: Date): Promise<void> {
  await tx
    .delete(workOrderSteps)
    .where(and(eq(workOrderSteps.workOrderId, order.id), eq(workOrderSteps.organizationId, order.organizationId)));
  if (steps.length > 0) {
    await tx.insert(workOrderSteps).values(
      steps.map((s, position) => ({
        ...s,
        organizationId: order.organizationId,
        workOrderId: order.id,
        position,
      })),
    );
  }
  const status = deriveWorkOrderStatus(steps);
  const current = steps[currentStepIndex(steps)];
  await tx
    .update(workOrders)
    .set({
      status,
      currentStepId: current?.id ?? null,
      currentProductionStepId: current?.productionStepId ?? null,
      stepCount: steps.length,
      stepsDone: steps.filter((s) => s.status === 'termine').length,
      completedAt: status === 'termine' ? (order.completedAt ?? now) : null,
      version: sql`${workOrders.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(workOrders.id, order.id), eq(workOrders.organizationId, order.organizationId)));
}

/** The stored steps as inputs (to change one of them and write the route back). */
export const stepInputsOf = (rows: readonly WorkOrderStepRow[]): WorkOrderStepInput[] =>
  rows.map((r) => ({
    id: r.id,
    productionStepId: r.productionStepId,
    status: r.status,
    assigneeId: r.assigneeId,
    supplierId: r.supplierId,
    sentOn: r.sentOn,
    returnedOn: r.returnedOn,
    pricePerPiece: r.pricePerPiece,
    plannedMinutes: r.plannedMinutes,
    actualMinutes: r.actualMinutes,
    note: r.note,
  }));

/** The steps of a locked order, changed by `change`, written back. */
export async function changeSteps(
  tx: Db,
  order: WorkOrderRow,
  change: (steps: WorkOrderStepInput[]) => WorkOrderStepInput[],
  now: Date,
): Promise<void> {
  const existing = await loadStepRows(tx, order.organizationId, order.id);
  const next = change(stepInputsOf(existing));
  await writeSteps(tx, order, await resolveSteps(tx, order.organizationId, existing, next, now), now);
}

/** Active production steps of the organization in their référentiel order (the board's columns). */
export const boardSteps = (db: Db, organizationId: string) =>
  db
    .select({ id: productionSteps.id, name: productionSteps.name })
    .from(productionSteps)
    .where(and(eq(productionSteps.organizationId, organizationId), isNull(productionSteps.archivedAt)))
    .orderBy(productionSteps.position, productionSteps.name);
