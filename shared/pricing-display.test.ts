import { describe, expect, it } from 'vitest';
import {
  formatGroupFormula,
  formatLineDetail,
  formatLineFormula,
  formatLineQuantity,
  formatLineUnitPrice,
  formatPlainDecimal,
} from './pricing-display';
import type { PricedLine } from './product-pricing';

const nbsp = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

function line(overrides: Partial<PricedLine>): PricedLine {
  return {
    index: 0,
    kind: 'metal',
    label: 'Or 18kt',
    quantity: '4.5',
    billedQuantity: '4.725',
    unit: 'g',
    unitPriceEur: '89.87',
    unitPriceLabel: '€/g',
    cost: '424.64',
    missing: null,
    warning: null,
    details: { lossPct: '5' },
    ...overrides,
  };
}

describe('pricing display (what a jeweller checks by hand)', () => {
  it('writes the metal loss out: "4,500 g + 5 % perte = 4,725 g × 89,87 €/g"', () => {
    expect(nbsp(formatLineFormula(line({})))).toBe('4,500 g + 5 % perte = 4,725 g × 89,87 €/g');
    expect(nbsp(formatLineFormula(line({ billedQuantity: '4.500', details: { lossPct: '0' } })))).toBe(
      '4,500 g × 89,87 €/g',
    );
    expect(nbsp(formatLineFormula(line({ details: { lossPct: '2.5' }, billedQuantity: '4.613' })))).toBe(
      '4,500 g + 2,5 % perte = 4,613 g × 89,87 €/g',
    );
  });

  it('writes pieces, minutes and flat amounts', () => {
    const stone = line({ kind: 'stone', unit: 'pc', quantity: '12', unitPriceEur: '26.82', unitPriceLabel: '€/pièce' });
    expect(nbsp(formatLineFormula(stone))).toBe('12 pièces × 26,82 €/pièce');
    expect(formatLineQuantity({ quantity: '1', unit: 'pc' })).toBe('1 pièce');
    const labour = line({ kind: 'labour', unit: 'min', quantity: '7.5', unitPriceEur: '60.00', unitPriceLabel: '€/h' });
    expect(nbsp(formatLineFormula(labour))).toBe('7,5 min × 60,00 €/h');
    expect(formatLineFormula(line({ kind: 'other', unit: 'forfait' }))).toBe('Forfait');
    expect(formatLineUnitPrice({ unitPriceEur: null, unitPriceLabel: '€/g' })).toBe('—');
  });

  it('explains converted and melee unit prices', () => {
    const usd = line({ kind: 'stone', details: { unitCost: '120', currency: 'USD', fxRate: '0.9000' } });
    expect(nbsp(formatLineDetail(usd)!)).toBe('120,00 USD × 0,9000 €/USD');
    const melee = line({ kind: 'melee', details: { approximateCt: '0.0300', usdPerCt: '1000', fxRate: '0.8612' } });
    expect(nbsp(formatLineDetail(melee)!)).toBe('≈ 0,0300 ct × 1 000,00 $/ct × 0,8612 €/$');
    expect(formatLineDetail(line({}))).toBeNull();
  });

  it('writes coefficients and percentages as typed', () => {
    expect(nbsp(formatGroupFormula({ cost: '1234.5', coefficient: '1.5' }))).toBe('1 234,50 € × 1,5');
    expect(formatPlainDecimal('2.500')).toBe('2,5');
    expect(formatPlainDecimal('20')).toBe('20');
  });
});
