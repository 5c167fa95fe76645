import { describe, expect, it } from 'vitest';
import { findCalibratedRange, priceProduct, type PricingContext } from './product-pricing';

const AU750 = '00000000-0000-4000-8000-000000000750';
const AG925 = '00000000-0000-4000-8000-000000000925';
const SAPPHIRE = '00000000-0000-4000-8000-0000000000a1';
const PEARL = '00000000-0000-4000-8000-0000000000a2';
const CLASP = '00000000-0000-4000-8000-0000000000a3';
const SETTING = '00000000-0000-4000-8000-0000000000b1';
const POLISH = '00000000-0000-4000-8000-0000000000b2';

function context(overrides: Partial<PricingContext> = {}): PricingContext {
  return {
    metals: { gold: '100', silver: '1.00', platinum: '30' },
    fx: { USD: '0.9', ILS: '0.25' },
    alloys: {
      [AU750]: { name: 'Or 18kt', baseMetal: 'gold', fineness: 750 },
      [AG925]: { name: 'Argent 925', baseMetal: 'silver', fineness: 925 },
    },
    stones: {
      [SAPPHIRE]: { name: 'Saphir bleu 4 mm', unitCost: '120.00', currency: 'USD' },
      [PEARL]: { name: 'Perle de culture 8 mm', unitCost: '35.50', currency: 'EUR' },
      [CLASP]: { name: 'Fermoir', unitCost: null, currency: 'EUR' },
    },
    steps: {
      [SETTING]: { name: 'Sertissage', hourlyRate: '60.00' },
      [POLISH]: { name: 'Polissage', hourlyRate: null },
    },
    calibrated: [
      { clarity: 'VS1', mmMin: '1.50', mmMax: '2.50', usdPerCt: '1000', effectiveDate: '2026-01-01' },
      { clarity: 'VS1', mmMin: '2.51', mmMax: '3.00', usdPerCt: '1200', effectiveDate: '2026-01-01' },
    ],
    ...overrides,
  };
}

describe('priceProduct: each line kind', () => {
  it('metal: weight x alloy price/g x (1 + loss %), rounded to the cent', () => {
    const r = priceProduct([{ kind: 'metal', alloyId: AU750, weightG: '3.2', lossPct: '5' }], '1', context());
    // 100 x 750/1000 = 75 €/g ; 3.2 x 75 x 1.05 = 252
    expect(r.lines[0]).toMatchObject({ label: 'Or 18kt', unitPriceEur: '75', cost: '252.00', missing: null });
    expect(r.totalCost).toBe('252.00');
  });

  it('metal without loss, silver alloy', () => {
    const r = priceProduct([{ kind: 'metal', alloyId: AG925, weightG: '10.333' }], '1', context());
    // 1.00 x 0.925 = 0.925 €/g ; 10.333 x 0.925 = 9.558025 -> 9.56
    expect(r.lines[0]!.cost).toBe('9.56');
  });

  it('stone: quantity x unit cost converted with the FX rate', () => {
    const r = priceProduct(
      [
        { kind: 'stone', stoneId: SAPPHIRE, quantity: 3 },
        { kind: 'stone', stoneId: PEARL, quantity: 2 },
      ],
      '1',
      context(),
    );
    expect(r.lines[0]).toMatchObject({ unitPriceEur: '108', cost: '324.00' }); // 120 USD x 0.9
    expect(r.lines[1]).toMatchObject({ unitPriceEur: '35.5', cost: '71.00' });
    expect(r.totalCost).toBe('395.00');
  });

  it('melee: quantity x approximate ct x USD/ct x USD/EUR', () => {
    const r = priceProduct([{ kind: 'melee', mm: '2', clarity: 'VS1', quantity: 10 }], '1', context());
    // ct(2 mm) = 8 x 0.61 x 0.0061 x ... = 0.029768 ; x 1000 USD x 0.9 = 26.7912 €/pc ; x 10 = 267.912
    expect(r.lines[0]!.details.approximateCt).toBe('0.0298');
    expect(r.lines[0]!.cost).toBe('267.91');
    expect(r.lines[0]!.label).toBe('Mêlée 2 mm VS1');
  });

  it('labour: minutes / 60 x the step rate, or the override', () => {
    const r = priceProduct(
      [
        { kind: 'labour', productionStepId: SETTING, minutes: '45' },
        { kind: 'labour', productionStepId: SETTING, minutes: '10', hourlyRate: '75' },
      ],
      '1',
      context(),
    );
    expect(r.lines[0]).toMatchObject({ label: 'Sertissage', cost: '45.00', unitPriceEur: '60' });
    expect(r.lines[1]!.cost).toBe('12.50');
    expect(r.lines[1]!.details.hourlyRateSource).toBe('override');
  });

  it('other: the amount', () => {
    const r = priceProduct([{ kind: 'other', label: 'Écrin', amount: '12.5' }], '2', context());
    expect(r.lines[0]).toMatchObject({ label: 'Écrin', cost: '12.50' });
    expect(r.salePrice).toBe('25.00');
  });
});

describe('priceProduct: coefficient and rounding', () => {
  it('sale price = total cost x coefficient, total = sum of rounded lines', () => {
    const r = priceProduct(
      [
        { kind: 'other', label: 'a', amount: '10.01' },
        { kind: 'metal', alloyId: AG925, weightG: '0.005' }, // 0.004625 -> 0.00
        { kind: 'metal', alloyId: AG925, weightG: '0.006' }, // 0.00555 -> 0.01 (half-up)
      ],
      '2.5',
      context(),
    );
    expect(r.lines.map((l) => l.cost)).toEqual(['10.01', '0.00', '0.01']);
    expect(r.totalCost).toBe('10.02');
    expect(r.salePrice).toBe('25.05');
    expect(r.coefficient).toBe('2.5');
  });

  it('rounds the sale price half-up at the cent', () => {
    // 0.03 x 2.5 = 0.075 -> 0.08 (a binary float would give 0.07)
    const r = priceProduct([{ kind: 'other', label: 'x', amount: '0.03' }], '2.5', context());
    expect(r.salePrice).toBe('0.08');
  });

  it('sums money without float drift', () => {
    const lines = Array.from({ length: 10 }, () => ({ kind: 'other' as const, label: 'x', amount: '0.1' }));
    const r = priceProduct(lines, '3', context());
    expect(r.totalCost).toBe('1.00');
    expect(r.salePrice).toBe('3.00');
    expect(r.costByKind.other).toBe('1.00');
  });

  it('an empty composition costs 0 and is complete', () => {
    const r = priceProduct([], '2.5', context());
    expect(r).toMatchObject({ totalCost: '0.00', salePrice: '0.00', complete: true, missingCount: 0 });
  });
});

describe('priceProduct: missing prices are flagged, never 0', () => {
  it('no metal price', () => {
    const r = priceProduct(
      [
        { kind: 'metal', alloyId: AU750, weightG: '3' },
        { kind: 'other', label: 'Écrin', amount: '10' },
      ],
      '2',
      context({ metals: {} }),
    );
    expect(r.lines[0]).toMatchObject({ cost: null, missing: { reason: 'NO_METAL_PRICE' } });
    expect(r).toMatchObject({ complete: false, missingCount: 1, totalCost: '10.00', salePrice: '20.00' });
  });

  it('no FX: USD stone and melee are flagged, EUR stone is priced', () => {
    const r = priceProduct(
      [
        { kind: 'stone', stoneId: SAPPHIRE, quantity: 1 },
        { kind: 'melee', mm: '2', clarity: 'VS1', quantity: 4 },
        { kind: 'stone', stoneId: PEARL, quantity: 1 },
      ],
      '1',
      context({ fx: {} }),
    );
    expect(r.lines.map((l) => l.missing?.reason ?? null)).toEqual(['NO_FX', 'NO_FX', null]);
    expect(r.complete).toBe(false);
    expect(r.missingCount).toBe(2);
  });

  it('no calibrated range for the diameter or clarity', () => {
    const r = priceProduct(
      [
        { kind: 'melee', mm: '3.5', clarity: 'VS1', quantity: 4 },
        { kind: 'melee', mm: '2', clarity: 'SI2', quantity: 4 },
      ],
      '1',
      context(),
    );
    expect(r.lines.map((l) => l.missing?.reason)).toEqual(['NO_RANGE', 'NO_RANGE']);
    expect(r.lines[0]!.missing!.message).toBe('Aucun prix calibré pour ce diamètre et cette pureté');
  });

  it('unknown references and missing costs or rates', () => {
    const r = priceProduct(
      [
        { kind: 'metal', alloyId: '00000000-0000-4000-8000-00000000dead', weightG: '1' },
        { kind: 'stone', stoneId: '00000000-0000-4000-8000-00000000dead', quantity: 1 },
        { kind: 'stone', stoneId: CLASP, quantity: 1 },
        { kind: 'labour', productionStepId: POLISH, minutes: '30' },
        { kind: 'labour', productionStepId: '00000000-0000-4000-8000-00000000dead', minutes: '30' },
      ],
      '1',
      context(),
    );
    expect(r.lines.map((l) => l.missing?.reason)).toEqual([
      'UNKNOWN_ALLOY',
      'UNKNOWN_STONE',
      'NO_UNIT_COST',
      'NO_HOURLY_RATE',
      'UNKNOWN_STEP',
    ]);
    expect(r.totalCost).toBe('0.00');
    expect(r.complete).toBe(false);
  });
});

describe('findCalibratedRange', () => {
  const ranges = [
    { clarity: 'VVS', mmMin: '1.00', mmMax: '3.00', usdPerCt: '900', effectiveDate: '2025-01-01' },
    { clarity: 'VVS', mmMin: '1.00', mmMax: '3.00', usdPerCt: '950', effectiveDate: '2026-01-01' },
    { clarity: 'VVS', mmMin: '1.90', mmMax: '2.10', usdPerCt: '990', effectiveDate: '2026-01-01' },
  ];
  it('takes the latest effective date, then the narrowest range; bounds included', () => {
    expect(findCalibratedRange(ranges, '2', 'VVS')!.usdPerCt).toBe('990');
    expect(findCalibratedRange(ranges, '1', 'VVS')!.usdPerCt).toBe('950');
    expect(findCalibratedRange(ranges, '3.01', 'VVS')).toBeNull();
    expect(findCalibratedRange(ranges, '2', 'VS1')).toBeNull();
  });
});
