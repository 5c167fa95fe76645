import { describe, expect, it } from 'vitest';
import { formatQuantityFr, formatStockQuantity, stockMovementInputSchema } from './stones';

describe('stock movement input', () => {
  it('reads French quantities, positive for entries and sales, signed for adjustments', () => {
    expect(stockMovementInputSchema.parse({ kind: 'in', quantity: '12,5' })).toEqual({
      kind: 'in',
      quantity: '12.5',
      reason: null,
    });
    expect(stockMovementInputSchema.parse({ kind: 'sold', quantity: 2 })).toMatchObject({ quantity: '2' });
    expect(
      stockMovementInputSchema.parse({ kind: 'adjustment', quantity: '-1 250,125', reason: ' Inventaire ' }),
    ).toEqual({ kind: 'adjustment', quantity: '-1250.125', reason: 'Inventaire' });
    expect(stockMovementInputSchema.parse({ kind: 'adjustment', quantity: '+3', reason: 'x' }).quantity).toBe('3');
  });

  it('says in French what is wrong, field by field', () => {
    const errors = (body: unknown) => {
      const r = stockMovementInputSchema.safeParse(body);
      return r.success ? {} : r.error.flatten().fieldErrors;
    };
    expect(errors({ kind: 'in', quantity: '-1' })).toEqual({ quantity: ['La quantité doit être positive'] });
    expect(errors({ kind: 'in', quantity: '0' })).toEqual({ quantity: ['La quantité ne peut pas être nulle'] });
    expect(errors({ kind: 'in', quantity: '' })).toEqual({ quantity: ['La quantité est obligatoire'] });
    expect(errors({ kind: 'in', quantity: '1,2345' })).toEqual({
      quantity: ['La quantité doit être un nombre avec au plus 3 décimales'],
    });
    expect(errors({ kind: 'adjustment', quantity: '-1', reason: '' })).toEqual({
      reason: ['Le motif est obligatoire pour un ajustement'],
    });
    expect(errors({ kind: 'out_work_order', quantity: '1' })).toEqual({
      kind: ['Les sorties vers un OF et les retours d’OF se font depuis l’ordre de fabrication'],
    });
  });
});

describe('stock quantities in French', () => {
  it('drops padding zeros, groups thousands and names the unit', () => {
    expect(formatQuantityFr('12.500')).toBe('12,5');
    expect(formatQuantityFr('-1250.000')).toBe('-1\u202f250');
    expect(formatStockQuantity('12.500', 'ct')).toBe('12,5 ct');
    expect(formatStockQuantity('3.000', 'pc')).toBe('3 pièces');
    expect(formatStockQuantity('1.000', 'pc')).toBe('1 pièce');
    expect(formatStockQuantity('0.000', 'pc')).toBe('0 pièce');
  });
});
