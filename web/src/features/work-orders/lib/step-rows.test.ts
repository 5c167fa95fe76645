import { describe, expect, it } from 'vitest';
import { workOrderStepsSchema, type WorkOrderStep } from '@shared/schemas/work-orders';
import { moveRow, newRow, rowInput, rowOfStep, rowsChanged } from './step-rows';

const step = (over: Partial<WorkOrderStep> = {}): WorkOrderStep => ({
  id: '11111111-1111-4111-8111-111111111111',
  position: 1,
  productionStepId: '22222222-2222-4222-8222-222222222222',
  name: 'Fonte',
  status: 'a_faire',
  assigneeId: null,
  assigneeName: null,
  supplierId: '33333333-3333-4333-8333-333333333333',
  supplierName: 'Fonderie',
  sentOn: '2026-11-02',
  returnedOn: null,
  pricePerPiece: '12.50',
  plannedMinutes: 90,
  actualMinutes: null,
  startedOutOfOrder: false,
  startedAt: null,
  finishedAt: null,
  note: null,
  ...over,
});

describe('route editor rows', () => {
  it('shows a step the French way and sends it back as the schema reads it', () => {
    const row = rowOfStep(step());
    expect(row).toMatchObject({ worker: 'supplier', pricePerPiece: '12,50', plannedMinutes: '90' });
    const parsed = workOrderStepsSchema.parse({ version: 3, steps: [rowInput({ ...row, pricePerPiece: '12,5' })] });
    expect(parsed.steps[0]).toMatchObject({ pricePerPiece: '12.5', plannedMinutes: 90, assigneeId: null });
  });

  it('sends only the chosen worker', () => {
    const row = {
      ...rowOfStep(step()),
      worker: 'internal' as const,
      assigneeId: '44444444-4444-4444-8444-444444444444',
    };
    const input = rowInput(row);
    expect(input).toMatchObject({ supplierId: '', sentOn: '', pricePerPiece: '', assigneeId: row.assigneeId });
  });

  it('a new row has no id; the route then differs from the saved one', () => {
    const saved = [step()];
    const rows = [rowOfStep(saved[0]!), newRow('55555555-5555-4555-8555-555555555555', 'Polissage')];
    expect(rows[1]!.id).toBeNull();
    expect(rowsChanged(rows.slice(0, 1), saved)).toBe(false);
    expect(rowsChanged(rows, saved)).toBe(true);
  });

  it('moves a row up or down, never past the ends', () => {
    expect(moveRow(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveRow(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveRow(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
