import type { WorkOrderStatus, WorkOrderStep, WorkOrderStepInput } from '@shared/schemas/work-orders';
import { toInputText } from '@shared/decimal-input';

/**
 * The route editor's rows: one per step, as typed (numbers and dates are the text of their fields). A new row has
 * no `id` (the server creates the step); `key` tells React the rows apart while they move.
 */
export interface StepRow {
  key: string;
  id: string | null;
  productionStepId: string;
  name: string;
  status: WorkOrderStatus;
  /** Who does it: nobody yet, a user of the workshop, or a subcontractor. */
  worker: 'none' | 'internal' | 'supplier';
  assigneeId: string;
  supplierId: string;
  sentOn: string;
  returnedOn: string;
  pricePerPiece: string;
  plannedMinutes: string;
  actualMinutes: string;
  note: string;
  startedOutOfOrder: boolean;
}

export function rowOfStep(step: WorkOrderStep): StepRow {
  return {
    key: step.id,
    id: step.id,
    productionStepId: step.productionStepId,
    name: step.name,
    status: step.status,
    worker: step.supplierId ? 'supplier' : step.assigneeId ? 'internal' : 'none',
    assigneeId: step.assigneeId ?? '',
    supplierId: step.supplierId ?? '',
    sentOn: step.sentOn ?? '',
    returnedOn: step.returnedOn ?? '',
    pricePerPiece: toInputText(step.pricePerPiece),
    plannedMinutes: step.plannedMinutes === null ? '' : String(step.plannedMinutes),
    actualMinutes: step.actualMinutes === null ? '' : String(step.actualMinutes),
    note: step.note ?? '',
    startedOutOfOrder: step.startedOutOfOrder,
  };
}

let created = 0;

/** A new row for a step of the référentiel, not yet started. */
export function newRow(productionStepId: string, name: string): StepRow {
  created += 1;
  return {
    key: `new-${created}`,
    id: null,
    productionStepId,
    name,
    status: 'a_faire',
    worker: 'none',
    assigneeId: '',
    supplierId: '',
    sentOn: '',
    returnedOn: '',
    pricePerPiece: '',
    plannedMinutes: '',
    actualMinutes: '',
    note: '',
    startedOutOfOrder: false,
  };
}

/**
 * The row as PUT /steps takes it, before the shared schema reads it (the schema turns '' into null and "12,5" into
 * "12.5"). Only the chosen worker is sent: the other one's leftover choice is dropped, and the dates and price of a
 * subcontractor go with a subcontractor only.
 */
export function rowInput(row: StepRow): Record<keyof WorkOrderStepInput, unknown> {
  const supplier = row.worker === 'supplier';
  return {
    id: row.id ?? '',
    productionStepId: row.productionStepId,
    status: row.status,
    assigneeId: row.worker === 'internal' ? row.assigneeId : '',
    supplierId: supplier ? row.supplierId : '',
    sentOn: supplier ? row.sentOn : '',
    returnedOn: supplier ? row.returnedOn : '',
    pricePerPiece: supplier ? row.pricePerPiece : '',
    plannedMinutes: row.plannedMinutes,
    actualMinutes: row.actualMinutes,
    note: row.note,
  };
}

/** The rows with the one at `index` moved one place up (-1) or down (+1); unchanged at the ends. */
export function moveRow<T>(rows: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (index < 0 || index >= rows.length || to < 0 || to >= rows.length) return [...rows];
  const next = [...rows];
  const [row] = next.splice(index, 1);
  if (row !== undefined) next.splice(to, 0, row);
  return next;
}

/** True when the rows differ from the saved steps (order, additions, removals or any field). */
export function rowsChanged(rows: readonly StepRow[], steps: readonly WorkOrderStep[]): boolean {
  if (rows.length !== steps.length) return true;
  return rows.some((row, i) => {
    const step = steps[i];
    return !step || JSON.stringify(rowInput(row)) !== JSON.stringify(rowInput(rowOfStep(step)));
  });
}
