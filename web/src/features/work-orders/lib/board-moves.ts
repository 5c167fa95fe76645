import type { WorkOrder, WorkOrderBoard, WorkOrderDetail } from '@shared/schemas/work-orders';

export type BoardColumn = WorkOrderBoard['columns'][number];

/** A column's key: its production step, or "unplanned" / "done". */
export const columnKey = (column: BoardColumn): string =>
  column.kind === 'step' ? (column.productionStepId ?? column.name) : column.kind;

/** The key of the column a card stands in: "unplanned" without steps, "done" once finished, else its current step. */
export function columnOf(order: WorkOrder): string {
  if (order.stepCount === 0) return 'unplanned';
  if (order.status === 'termine' || !order.currentStep) return 'done';
  return order.currentStep.productionStepId;
}

/**
 * How many times to advance `order` for it to stand in `target`: the next steps of its route up to the first one of
 * that production step (every remaining step for "Terminé"). A message instead when the route does not go there.
 */
export function advancesTo(order: WorkOrderDetail, target: BoardColumn): number | string {
  if (target.kind === 'unplanned') return 'Un ordre qui a des étapes ne retourne pas dans « À planifier ».';
  const current = order.steps.findIndex((s) => s.status !== 'termine');
  if (current < 0) return 'Cet ordre est déjà terminé.';
  if (target.kind === 'done') return order.steps.length - current;
  const index = order.steps.findIndex((s, i) => i >= current && s.productionStepId === target.productionStepId);
  if (index === current) return 0;
  if (index > current) return index - current;
  return order.steps.some((s) => s.productionStepId === target.productionStepId)
    ? 'Le tableau ne fait pas revenir un ordre en arrière : changez le statut de ses étapes sur sa fiche.'
    : `Cet ordre ne passe pas par l’étape « ${target.name} ».`;
}
