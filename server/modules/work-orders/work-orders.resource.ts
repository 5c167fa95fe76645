import { and, eq, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { parisDay } from '@shared/csv-format';
import {
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_PRIORITY_LABELS,
  WORK_ORDER_STATUSES,
  WORK_ORDER_STATUS_LABELS,
  workOrderInputSchema,
  workOrderListQuerySchema,
  type WorkOrder,
  type WorkOrderInput,
  type WorkOrderListQuery,
} from '@shared/schemas/work-orders';
import { buildSearchText } from '@shared/search-text';
import { isWorkOrderLate } from '@shared/work-order-route';
import type { Db } from '../../db/client';
import { nextDocumentNumber } from '../../db/document-numbers';
import { projects, workOrders, workOrderSteps } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { ResourceDefinition, ResourceWrite } from '../../lists/resource';
import { loadClientNames } from '../projects/projects.queries';
import { loadWorkOrderExtras } from './work-order-detail';

export type WorkOrderRow = typeof workOrders.$inferSelect;

export interface WorkOrderContext {
  clientNames: Map<string, string>;
  currentSteps: Map<string, { id: string; productionStepId: string; name: string }>;
  /** Today in Paris, YYYY-MM-DD (lateness). */
  today: string;
}

/** "OF-2026-0042": the prefix, the year and the sequence on at least four digits. */
export const workOrderNumber = (year: number, sequence: number): string =>
  `OF-${year}-${String(sequence).padStart(4, '0')}`;

/** The next number of the organization's year, inside the creating transaction (gapless, ADR 0011). */
export async function allocateWorkOrderNumber(tx: Db, organizationId: string, now: Date) {
  const year = Number(parisDay(now).slice(0, 4));
  const numberSeq = await nextDocumentNumber(tx, organizationId, 'work-order', year);
  return { number: workOrderNumber(year, numberSeq), numberYear: year, numberSeq };
}

/** What the search box finds: the number, the title, the client's name and the description. */
export const workOrderSearchText = (
  row: Pick<WorkOrderRow, 'number' | 'title' | 'description'>,
  clientName: string | null,
): string => buildSearchText([row.number, row.title, clientName, row.description]);

export function workOrderValues(input: WorkOrderInput) {
  return {
    title: input.title,
    description: input.description,
    clientId: input.clientId,
    projectId: input.projectId,
    dueDate: input.dueDate,
    priority: input.priority,
  };
}

export function workOrderDto(row: WorkOrderRow, ctx: WorkOrderContext): WorkOrder {
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    description: row.description,
    clientId: row.clientId,
    clientName: row.clientId ? (ctx.clientNames.get(row.clientId) ?? '') : null,
    projectId: row.projectId,
    quoteId: row.quoteId,
    dueDate: row.dueDate,
    priority: row.priority,
    status: row.status,
    late: isWorkOrderLate(row.dueDate, row.status, ctx.today),
    currentStep: row.currentStepId ? (ctx.currentSteps.get(row.currentStepId) ?? null) : null,
    stepCount: row.stepCount,
    stepsDone: row.stepsDone,
    version: row.version,
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function loadWorkOrderContext(
  db: Db,
  organizationId: string,
  rows: readonly WorkOrderRow[],
): Promise<WorkOrderContext> {
  const clientIds = rows.flatMap((r) => (r.clientId ? [r.clientId] : []));
  const stepIds = rows.flatMap((r) => (r.currentStepId ? [r.currentStepId] : []));
  const [clientNames, steps] = await Promise.all([
    loadClientNames(db, organizationId, clientIds),
    stepIds.length === 0
      ? Promise.resolve([])
      : db
          .select({
            id: workOrderSteps.id,
            productionStepId: workOrderSteps.productionStepId,
            name: workOrderSteps.name,
          })
          .from(workOrderSteps)
          .where(and(eq(workOrderSteps.organizationId, organizationId), inArray(workOrderSteps.id, stepIds))),
  ]);
  return { clientNames, currentSteps: new Map(steps.map((s) => [s.id, s])), today: parisDay(new Date()) };
}

/** The client and the project must be the organization's own (400 on the field otherwise). */
export async function checkWorkOrderLinks(db: Db, organizationId: string, input: WorkOrderInput): Promise<void> {
  if (input.clientId) {
    const names = await loadClientNames(db, organizationId, [input.clientId]);
    if (!names.has(input.clientId)) {
      throw new AppError('VALIDATION_FAILED', 'Données invalides', { clientId: ['Client introuvable'] });
    }
  }
  if (input.projectId) {
    const [project] = await db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, input.projectId), eq(projects.organizationId, organizationId)));
    if (!project) throw new AppError('VALIDATION_FAILED', 'Données invalides', { projectId: ['Projet introuvable'] });
  }
}

/** In the write's transaction: the author of a creation, and the search text with the client's name. */
async function recordWorkOrderWrite(
  db: Db,
  request: FastifyRequest,
  { action, after }: ResourceWrite<WorkOrderRow>,
): Promise<void> {
  const names = after.clientId ? await loadClientNames(db, after.organizationId, [after.clientId]) : new Map();
  const searchText = workOrderSearchText(after, after.clientId ? (names.get(after.clientId) ?? '') : null);
  await db
    .update(workOrders)
    .set({ searchText, ...(action === 'create' ? { createdBy: request.user?.id ?? null } : {}) })
    .where(and(eq(workOrders.id, after.id), eq(workOrders.organizationId, after.organizationId)));
}

const literalArray = (values: readonly string[]) => sql.raw(`ARRAY[${values.map((v) => `'${v}'`).join(', ')}]::text[]`);

/** Orders with a step done by this user, or by this subcontractor. */
const hasStepWhere = (column: 'assignee_id' | 'supplier_id', id: string) =>
  sql`EXISTS (SELECT 1 FROM work_order_steps s WHERE s.work_order_id = ${workOrders.id}
    AND s.${sql.raw(column)} = ${id}::uuid)`;

/** Conditions of the list's own filters (`late`: due before today in Paris, not finished). */
export function workOrderFilters(q: WorkOrderListQuery, today: string) {
  return [
    q.status ? eq(workOrders.status, q.status) : undefined,
    q.clientId ? eq(workOrders.clientId, q.clientId.toLowerCase()) : undefined,
    q.assigneeId ? hasStepWhere('assignee_id', q.assigneeId.toLowerCase()) : undefined,
    q.supplierId ? hasStepWhere('supplier_id', q.supplierId.toLowerCase()) : undefined,
    q.dueFrom ? gte(workOrders.dueDate, q.dueFrom) : undefined,
    q.dueTo ? lte(workOrders.dueDate, q.dueTo) : undefined,
    q.late === true ? and(lt(workOrders.dueDate, today), ne(workOrders.status, 'termine')) : undefined,
    q.late === false
      ? or(isNull(workOrders.dueDate), gte(workOrders.dueDate, today), eq(workOrders.status, 'termine'))
      : undefined,
    q.open === true ? ne(workOrders.status, 'termine') : undefined,
    q.open === false ? eq(workOrders.status, 'termine') : undefined,
  ];
}

export const workOrdersResource: ResourceDefinition<
  WorkOrderRow,
  WorkOrderInput,
  WorkOrder,
  WorkOrderListQuery,
  WorkOrderContext
> = {
  path: 'work-orders',
  entityType: 'work-order',
  area: 'production',
  notFoundMessage: 'Ordre de fabrication introuvable',
  table: workOrders,
  inputSchema: workOrderInputSchema,
  listQuerySchema: workOrderListQuerySchema,
  sortColumns: {
    number: sql`(${workOrders.numberYear}, ${workOrders.numberSeq})`,
    dueDate: workOrders.dueDate,
    priority: sql`array_position(${literalArray(WORK_ORDER_PRIORITIES)}, ${workOrders.priority})`,
    status: sql`array_position(${literalArray(WORK_ORDER_STATUSES)}, ${workOrders.status})`,
    title: sql`fr_sort_key(${workOrders.title})`,
    createdAt: workOrders.createdAt,
    updatedAt: workOrders.updatedAt,
  },
  filters: (q) => workOrderFilters(q, parisDay(new Date())),
  toValues: (input) => workOrderValues(input),
  loadContext: loadWorkOrderContext,
  toDto: workOrderDto,
  // Answers carry clients' names and the late flag, which change without a write: not cached (ADR 0006).
  cacheListAnswers: false,
  checkInput: checkWorkOrderLinks,
  beforeCreate: (db, organizationId) => allocateWorkOrderNumber(db, organizationId, new Date()),
  afterWrite: recordWorkOrderWrite,
  detailExtras: (db, organizationId, dto) => loadWorkOrderExtras(db, organizationId, dto),
  csv: {
    filename: 'ordres-de-fabrication',
    importable: false,
    columns: [
      { header: 'Numéro', field: 'number', value: (w) => w.number },
      { header: 'Titre', field: 'title', value: (w) => w.title },
      { header: 'Client', value: (w) => w.clientName },
      { header: 'Statut', field: 'status', value: (w) => WORK_ORDER_STATUS_LABELS[w.status] },
      { header: 'Étape en cours', value: (w) => w.currentStep?.name ?? null },
      { header: 'Étapes terminées', value: (w) => `${w.stepsDone}/${w.stepCount}` },
      { header: 'Priorité', field: 'priority', value: (w) => WORK_ORDER_PRIORITY_LABELS[w.priority] },
      { header: 'Livraison prévue', field: 'dueDate', format: 'date', value: (w) => w.dueDate },
      { header: 'En retard', value: (w) => (w.late ? 'oui' : 'non') },
      { header: 'Créé le', format: 'datetime', value: (w) => w.createdAt },
      { header: 'Modifié le', format: 'datetime', value: (w) => w.updatedAt },
      { header: 'Archivé le', format: 'datetime', value: (w) => w.archivedAt },
    ],
  },
};
