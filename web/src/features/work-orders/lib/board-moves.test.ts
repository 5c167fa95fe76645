import { describe, expect, it } from 'vitest';
import type { WorkOrderDetail, WorkOrderStatus } from '@shared/schemas/work-orders';
import { advancesTo, type BoardColumn } from './board-moves';

const order = (route: Array<[string, WorkOrderStatus]>) =>
  ({ steps: route.map(([productionStepId, status]) => ({ productionStepId, status })) }) as unknown as WorkOrderDetail;
const col = (kind: BoardColumn['kind'], productionStepId: string | null, name = 'Étape'): BoardColumn => ({
  kind,
  productionStepId,
  name,
  cards: [],
});

describe('board moves', () => {
  const o = order([
    ['cao', 'termine'],
    ['fonte', 'en_cours'],
    ['sertissage', 'a_faire'],
    ['polissage', 'a_faire'],
  ]);

  it('counts the advances to a later step of the route, or to "Terminé"', () => {
    expect(advancesTo(o, col('step', 'sertissage'))).toBe(1);
    expect(advancesTo(o, col('step', 'polissage'))).toBe(2);
    expect(advancesTo(o, col('done', null))).toBe(3);
    expect(advancesTo(o, col('step', 'fonte'))).toBe(0);
  });

  it('refuses a step behind, a step off the route, and "À planifier"', () => {
    expect(advancesTo(o, col('step', 'cao'))).toMatch(/en arrière/);
    expect(advancesTo(o, col('step', 'gravure', 'Gravure'))).toBe('Cet ordre ne passe pas par l’étape « Gravure ».');
    expect(advancesTo(o, col('unplanned', null))).toMatch(/À planifier/);
  });
});
