import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatEuro } from './format';
import { Decimal, toCents } from './pricing';
import { formatGroupFormula, formatLineDetail, formatLineFormula } from './pricing-display';
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
    organization: { vatRatePct: '20', metalLossWarningPct: '3' },
    ...overrides,
  };
}

describe('priceProduct: each line kind', () => {
  it('metal: weight x alloy price/g x (1 + loss %), rounded to the cent', () => {
    const r = priceProduct([{ kind: 'metal', alloyId: AU750, weightG: '3.2', lossPct: '5' }], '1', context());
    // 100 x 750/1000 = 75 €/g ; 3.2 x 75 x 1.05 = 252
    expect(r.lines[0]).toMatchObject({
      label: 'Or 18kt',
      unitPriceEur: '75.00',
      billedQuantity: '3.360',
      cost: '252.00',
      missing: null,
    });
    // 5 % is above the organization's 3 % threshold: priced, and flagged
    expect(r.lines[0]!.warning).toEqual({
      reason: 'LOSS_ABOVE_THRESHOLD',
      message: 'Perte de 5 % au-dessus du seuil de 3 %',
    });
    expect(r.warningCount).toBe(1);
    expect(r.totalCost).toBe('252.00');
  });

  it('metal without loss, silver alloy', () => {
    const r = priceProduct([{ kind: 'metal', alloyId: AG925, weightG: '10.333' }], '1', context());
    // 1.00 x 0.925 = 0.925 -> 0.93 €/g as shown ; 10.333 x 0.93 = 9.60969 -> 9.61
    expect(r.lines[0]).toMatchObject({ unitPriceEur: '0.93', cost: '9.61', warning: null });
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
    expect(r.lines[0]).toMatchObject({ unitPriceEur: '108.00', cost: '324.00' }); // 120 USD x 0.9
    expect(r.lines[0]!.details.fxRate).toBe('0.9000');
    expect(r.lines[1]).toMatchObject({ unitPriceEur: '35.50', cost: '71.00' });
    expect(r.totalCost).toBe('395.00');
  });

  it('melee: quantity x (approximate ct x USD/ct x USD/EUR, rounded to the cent)', () => {
    const r = priceProduct([{ kind: 'melee', mm: '2', clarity: 'VS1', quantity: 10 }], '1', context());
    // ct(2 mm) = 0.0300 (published chart) ; x 1000 USD x 0.9 = 27.00 €/pc ; x 10 = 270.00
    expect(r.lines[0]!.details.approximateCt).toBe('0.0300');
    expect(r.lines[0]!.unitPriceEur).toBe('27.00');
    expect(r.lines[0]!.cost).toBe('270.00');
    // 1.2 mm: 0.0080 ct (not 0.0064 by the old cubic rule) ; 1.2 is outside the VS1 ranges of this context
    const small = priceProduct(
      [{ kind: 'melee', mm: '1.6', clarity: 'VS1', quantity: 3 }],
      '1',
      context({
        calibrated: [{ clarity: 'VS1', mmMin: '1.00', mmMax: '1.99', usdPerCt: '640', effectiveDate: '2026-01-01' }],
      }),
    );
    // ct(1.6) = 0.014 + 0.1/0.2 x 0.006 = 0.0170 ; 0.017 x 640 x 0.9 = 9.792 -> 9.79 ; x 3 = 29.37
    expect(small.lines[0]).toMatchObject({ unitPriceEur: '9.79', cost: '29.37' });
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
    expect(r.lines[0]).toMatchObject({ label: 'Sertissage', cost: '45.00', unitPriceEur: '60.00' });
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
  it('sale price = the sum of each group cost x its coefficient, each rounded; total = sum of rounded lines', () => {
    const r = priceProduct(
      [
        { kind: 'other', label: 'a', amount: '10.01' },
        { kind: 'metal', alloyId: AG925, weightG: '0.005' }, // 0.005 x 0.93 = 0.00465 -> 0.00
        { kind: 'metal', alloyId: AG925, weightG: '0.006' }, // 0.006 x 0.93 = 0.00558 -> 0.01 (half-up)
      ],
      '2.5',
      context(),
    );
    expect(r.lines.map((l) => l.cost)).toEqual(['10.01', '0.00', '0.01']);
    expect(r.totalCost).toBe('10.02');
    // stones (other lines) 10.01 x 2.5 = 25.025 -> 25.03 ; metal 0.01 x 2.5 = 0.025 -> 0.03 ; 25.06
    expect(r.groups.map((g) => [g.group, g.cost, g.salePrice])).toEqual([
      ['metal', '0.01', '0.03'],
      ['stones', '10.01', '25.03'],
      ['labour', '0.00', '0.00'],
    ]);
    expect(r.salePrice).toBe('25.06');
    expect(r.coefficients).toEqual({ metal: '2.5', stones: '2.5', labour: '2.5' });
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

describe('priceProduct: coefficients per group and VAT', () => {
  it('applies the metal, stones and labour coefficients to their lines, then the VAT rate', () => {
    const r = priceProduct(
      [
        { kind: 'metal', alloyId: AU750, weightG: '2', lossPct: '0' }, // 2 x 75 = 150
        { kind: 'stone', stoneId: PEARL, quantity: 2 }, // 71
        { kind: 'melee', mm: '2', clarity: 'VS1', quantity: 1 }, // 27
        { kind: 'other', label: 'Écrin', amount: '12' }, // 12
        { kind: 'labour', productionStepId: SETTING, minutes: '30' }, // 30
      ],
      { metal: '1.5', stones: '1.8', labour: '2' },
      context({ organization: { vatRatePct: '5.5', metalLossWarningPct: '3' } }),
    );
    expect(r.groups).toEqual([
      { group: 'metal', cost: '150.00', coefficient: '1.5', salePrice: '225.00' },
      { group: 'stones', cost: '110.00', coefficient: '1.8', salePrice: '198.00' },
      { group: 'labour', cost: '30.00', coefficient: '2', salePrice: '60.00' },
    ]);
    expect(r).toMatchObject({
      totalCost: '290.00',
      salePrice: '483.00',
      vatRatePct: '5.5',
      vatAmount: '26.57', // 483 x 5.5 % = 26.565 -> 26.57
      salePriceInclVat: '509.57',
      warningCount: 0,
    });
  });

  it('flags a loss above the threshold only (equal is fine)', () => {
    const lines = priceProduct(
      [
        { kind: 'metal', alloyId: AU750, weightG: '1', lossPct: '3' },
        { kind: 'metal', alloyId: AU750, weightG: '1', lossPct: '3.01' },
      ],
      '1',
      context(),
    ).lines;
    expect(lines.map((l) => l.warning?.message ?? null)).toEqual([null, 'Perte de 3,01 % au-dessus du seuil de 3 %']);
  });
});

describe('the breakdown can be checked by hand (property, fast-check)', () => {
  /** A number as written on the sheet ("1 234,56 €", "4,725 g") back to a decimal. */
  const read = (text: string) => new Decimal(text.replace(/[^\d,.-]/g, '').replace(',', '.'));
  /** The figures of a formula, in order: "4,500 g + 5 % perte = 4,725 g × 89,87 €/g" -> 4.5, 5, 4.725, 89.87. */
  const figures = (text: string) =>
    [...text.replace(/[\u00a0\u202f]/g, ' ').matchAll(/\d[\d ]*(?:,\d+)?/g)].map((m) => read(m[0]));

  const amount = (maxUnits: number, scale: number, minUnits = 1) =>
    fc.integer({ min: minUnits, max: maxUnits }).map((n) => new Decimal(n).div(new Decimal(10).pow(scale)).toFixed());
  const component = fc.oneof(
    fc.record({
      kind: fc.constant('metal' as const),
      alloyId: fc.constantFrom(AU750, AG925),
      weightG: amount(200_000, 3),
      lossPct: fc.oneof(fc.constant(null), amount(2_000, 2)),
    }),
    fc.record({
      kind: fc.constant('stone' as const),
      stoneId: fc.constantFrom(SAPPHIRE, PEARL),
      quantity: fc.integer({ min: 1, max: 500 }),
    }),
    fc.record({
      kind: fc.constant('melee' as const),
      mm: fc.integer({ min: 150, max: 300 }).map((h) => new Decimal(h).div(100).toFixed()),
      clarity: fc.constant('VS1'),
      quantity: fc.integer({ min: 1, max: 500 }),
    }),
    fc.record({
      kind: fc.constant('labour' as const),
      productionStepId: fc.constant(SETTING),
      minutes: amount(100_000, 2),
      hourlyRate: fc.oneof(fc.constant(null), amount(20_000, 2)),
    }),
    fc.record({ kind: fc.constant('other' as const), label: fc.constant('Écrin'), amount: amount(1_000_000, 2) }),
  );
  const market = fc.record({
    gold: amount(20_000_000, 6),
    silver: amount(500_000, 6),
    usd: amount(1_500_000, 6, 500_000),
    vat: amount(3_000, 2),
  });
  const coefficient = amount(10_000, 3);

  it('each line = its shown quantity x its shown unit price; lines, groups, VAT and totals add up', () => {
    fc.assert(
      fc.property(
        fc.array(component, { maxLength: 12 }),
        market,
        fc.tuple(coefficient, coefficient, coefficient),
        (components, m, [metal, stones, labour]) => {
          const r = priceProduct(
            components,
            { metal, stones, labour },
            context({
              metals: { gold: m.gold, silver: m.silver },
              fx: { USD: m.usd },
              organization: { vatRatePct: m.vat, metalLossWarningPct: '3' },
            }),
          );
          let sum = new Decimal(0);
          for (const line of r.lines) {
            expect(line.cost).not.toBeNull();
            const shown = figures(formatLineFormula(line));
            const unit = shown[shown.length - 1]!;
            const quantity = shown[shown.length - 2]!;
            const byHand =
              line.kind === 'labour'
                ? quantity.mul(unit).div(60)
                : line.kind === 'other'
                  ? read(formatEuro(line.cost))
                  : quantity.mul(unit);
            expect(toCents(byHand).toFixed(2), formatLineFormula(line)).toBe(read(formatEuro(line.cost)).toFixed(2));
            if (line.kind === 'metal' && shown.length === 4) {
              // "w g + l % perte = W g": W = w x (1 + l/100) to the milligram
              const [w, l, billed] = shown as [Decimal, Decimal, Decimal];
              expect(w.mul(l.div(100).plus(1)).toDecimalPlaces(3, Decimal.ROUND_HALF_UP).eq(billed)).toBe(true);
            }
            const detail = formatLineDetail(line);
            if (detail && line.kind !== 'metal') {
              // "≈ ct × USD/ct × rate" or "cost × rate": the unit price shown, to the cent
              const parts = figures(detail);
              const product = parts.reduce((a, b) => a.mul(b), new Decimal(1));
              expect(toCents(product).eq(unit), detail).toBe(true);
            }
            sum = sum.plus(read(formatEuro(line.cost)));
          }
          expect(sum.toFixed(2)).toBe(read(formatEuro(r.totalCost)).toFixed(2));
          let sale = new Decimal(0);
          for (const g of r.groups) {
            const [cost, coef] = figures(formatGroupFormula(g)) as [Decimal, Decimal];
            expect(toCents(cost.mul(coef)).toFixed(2)).toBe(read(formatEuro(g.salePrice)).toFixed(2));
            sale = sale.plus(read(formatEuro(g.salePrice)));
          }
          expect(sale.toFixed(2)).toBe(read(formatEuro(r.salePrice)).toFixed(2));
          expect(
            read(formatEuro(r.salePrice))
              .plus(read(formatEuro(r.vatAmount)))
              .toFixed(2),
          ).toBe(read(formatEuro(r.salePriceInclVat)).toFixed(2));
          expect(toCents(read(formatEuro(r.salePrice)).mul(m.vat).div(100)).toFixed(2)).toBe(r.vatAmount);
        },
      ),
      { numRuns: 500, seed: 10 },
    );
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
