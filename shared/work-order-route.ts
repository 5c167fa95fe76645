import type { WorkOrderStatus } from './schemas/work-orders';

/**
 * The status of a work order from its steps, in their order: finished when every step is; blocked when one is;
 * in progress once one has started or finished; to do otherwise (and with no step at all).
 */
export function deriveWorkOrderStatus(steps: ReadonlyArray<{ status: WorkOrderStatus }>): WorkOrderStatus {
  if (steps.length === 0) return 'a_faire';
  if (steps.every((s) => s.status === 'termine')) return 'termine';
  if (steps.some((s) => s.status === 'bloque')) return 'bloque';
  if (steps.some((s) => s.status === 'en_cours' || s.status === 'termine')) return 'en_cours';
  return 'a_faire';
}

/** The index of the first step not done, or -1 when every step is done (or there is none). */
export const currentStepIndex = (steps: ReadonlyArray<{ status: WorkOrderStatus }>): number =>
  steps.findIndex((s) => s.status !== 'termine');

/** Whether the step at `index` starts (or ends) while an earlier step is not done: allowed, and flagged. */
export const startsOutOfOrder = (steps: ReadonlyArray<{ status: WorkOrderStatus }>, index: number): boolean =>
  steps.slice(0, index).some((s) => s.status !== 'termine');

/**
 * The steps after "advance": the current step done and the next one started. Answers null when every step is
 * already done.
 */
export function advanceSteps<T extends { status: WorkOrderStatus }>(steps: readonly T[]): T[] | null {
  const i = currentStepIndex(steps);
  if (i < 0) return null;
  return steps.map((s, j) => {
    if (j === i) return { ...s, status: 'termine' as const };
    if (j === i + 1 && s.status === 'a_faire') return { ...s, status: 'en_cours' as const };
    return s;
  });
}

/** Late: a due date before today and not finished. Dates are YYYY-MM-DD. */
export const isWorkOrderLate = (dueDate: string | null, status: WorkOrderStatus, today: string): boolean =>
  dueDate !== null && status !== 'termine' && dueDate < today;
