import { describe, expect, it } from 'vitest';
import type { WorkOrderStatus } from './schemas/work-orders';
import {
  advanceSteps,
  currentStepIndex,
  deriveWorkOrderStatus,
  isWorkOrderLate,
  startsOutOfOrder,
} from './work-order-route';

const steps = (...statuses: WorkOrderStatus[]) => statuses.map((status) => ({ status }));

describe('deriveWorkOrderStatus', () => {
  it('reads the order from its steps', () => {
    expect(deriveWorkOrderStatus([])).toBe('a_faire');
    expect(deriveWorkOrderStatus(steps('a_faire', 'a_faire'))).toBe('a_faire');
    expect(deriveWorkOrderStatus(steps('termine', 'a_faire'))).toBe('en_cours');
    expect(deriveWorkOrderStatus(steps('a_faire', 'en_cours'))).toBe('en_cours');
    expect(deriveWorkOrderStatus(steps('termine', 'bloque', 'a_faire'))).toBe('bloque');
    expect(deriveWorkOrderStatus(steps('termine', 'termine'))).toBe('termine');
  });
});

describe('the route of steps', () => {
  it('finds the current step, the first one not done', () => {
    expect(currentStepIndex(steps('termine', 'en_cours', 'a_faire'))).toBe(1);
    expect(currentStepIndex(steps('termine', 'termine'))).toBe(-1);
    expect(currentStepIndex([])).toBe(-1);
  });

  it('flags a step started while an earlier one is not done', () => {
    expect(startsOutOfOrder(steps('termine', 'a_faire', 'en_cours'), 2)).toBe(true);
    expect(startsOutOfOrder(steps('termine', 'termine', 'en_cours'), 2)).toBe(false);
    expect(startsOutOfOrder(steps('a_faire'), 0)).toBe(false);
  });

  it('advances: the current step done, the next started', () => {
    expect(advanceSteps(steps('en_cours', 'a_faire', 'a_faire'))).toEqual(steps('termine', 'en_cours', 'a_faire'));
    expect(advanceSteps(steps('termine', 'bloque', 'a_faire'))).toEqual(steps('termine', 'termine', 'en_cours'));
    expect(advanceSteps(steps('termine', 'en_cours'))).toEqual(steps('termine', 'termine'));
    // A later step already under way keeps its status.
    expect(advanceSteps(steps('a_faire', 'termine'))).toEqual(steps('termine', 'termine'));
    expect(advanceSteps(steps('termine'))).toBeNull();
  });

  it('is late with a due date before today while not finished', () => {
    expect(isWorkOrderLate('2026-11-25', 'en_cours', '2026-11-26')).toBe(true);
    expect(isWorkOrderLate('2026-11-26', 'en_cours', '2026-11-26')).toBe(false);
    expect(isWorkOrderLate('2026-11-01', 'termine', '2026-11-26')).toBe(false);
    expect(isWorkOrderLate(null, 'a_faire', '2026-11-26')).toBe(false);
  });
});
