import { describe, expect, it } from 'vitest';
import { GRADE_ABBREVIATIONS, LOCATION_CODES, SHAPE_ABBREVIATIONS } from '@shared/constants';
import { Decimal } from '@shared/pricing';
import { mulberry32 } from '@shared/seeded-random';
import { basePricePerCarat, generateDemoDiamond, type DemoDiamond } from './demo-diamond.generator';

const N = 10_000;
const stones: DemoDiamond[] = (() => {
  const rng = mulberry32(42);
  return Array.from({ length: N }, (_, i) => generateDemoDiamond(rng, i + 1, '0.92'));
})();
const share = (pred: (d: DemoDiamond) => boolean): number => stones.filter(pred).length / N;
const ct = (d: DemoDiamond): number => Number(d.carats);
const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;

describe('generateDemoDiamond', () => {
  it('is deterministic for a seeded random source and numbers refs', () => {
    const a = generateDemoDiamond(mulberry32(7), 123);
    const b = generateDemoDiamond(mulberry32(7), 123);
    expect(a).toEqual(b);
    expect(a.ref).toBe('DEMO-000123');
    expect(new Set(stones.map((d) => d.ref)).size).toBe(N);
  });

  it('weights shapes with rounds around 55 % and uses every canonical shape', () => {
    expect(share((d) => d.shape === 'ROUND')).toBeGreaterThan(0.5);
    expect(share((d) => d.shape === 'ROUND')).toBeLessThan(0.6);
    expect(new Set(stones.map((d) => d.shape))).toEqual(new Set(Object.keys(SHAPE_ABBREVIATIONS)));
  });

  it('keeps carats in 0.20–3.00 with 2 decimals, skewed to small sizes', () => {
    expect(stones.filter((d) => !/^\d\.\d\d$/.test(d.carats) || ct(d) < 0.2 || ct(d) > 3)).toEqual([]);
    const sorted = stones.map(ct).sort((a, b) => a - b);
    expect(sorted[Math.floor(N / 2)]!).toBeLessThan(1);
    expect(share((d) => ct(d) < 1.1)).toBeGreaterThan(0.6);
    // Every weight filter range of the dashboard has stones.
    for (let lo = 0.2; lo < 1; lo += 0.1) {
      expect(share((d) => ct(d) >= lo - 1e-9 && ct(d) <= lo + 0.09 + 1e-9)).toBeGreaterThan(0.01);
    }
  });

  it('clusters just above the magic weights', () => {
    for (const w of [0.5, 0.7, 1.0, 1.5, 2.0]) {
      const above = share((d) => ct(d) >= w && ct(d) <= w + 0.04 + 1e-9);
      const below = share((d) => ct(d) >= w - 0.05 && ct(d) <= w - 0.01 + 1e-9);
      expect(above, `just above ${w}`).toBeGreaterThan(below * 2);
    }
  });

  it('uses the expected colour, clarity, grade, fluorescence, lab and location vocabularies', () => {
    const values = (pick: (d: DemoDiamond) => string | null): Set<string | null> => new Set(stones.map(pick));
    const grades = Object.keys(GRADE_ABBREVIATIONS);
    expect([...values((d) => d.color)].sort()).toEqual([...'DEFGHIJKLM']);
    expect(values((d) => d.clarity)).toEqual(new Set(['FL', 'IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2', 'I1']));
    expect(values((d) => d.polish)).toEqual(new Set(grades));
    expect(values((d) => d.symmetry)).toEqual(new Set(grades));
    expect(new Set(stones.filter((d) => d.shape === 'ROUND').map((d) => d.cut))).toEqual(new Set(grades));
    expect(values((d) => (d.shape === 'ROUND' ? null : d.cut))).toEqual(new Set([null]));
    expect(values((d) => d.fluorescence)).toEqual(new Set(['NONE', 'FAINT', 'MEDIUM', 'STRONG']));
    expect(values((d) => d.lab)).toEqual(new Set(['GIA', 'IGI', 'HRD']));
    expect(values((d) => d.location)).toEqual(new Set(LOCATION_CODES));
    expect(stones.filter((d) => !/^\d{8,10}$/.test(d.certificateNumber))).toEqual([]);
    const round = /^\d+\.\d\d - \d+\.\d\d x \d+\.\d\d$/;
    const fancy = /^\d+\.\d\d x \d+\.\d\d x \d+\.\d\d$/;
    expect(stones.filter((d) => !(d.shape === 'ROUND' ? round : fancy).test(d.measurements))).toEqual([]);
    expect(share((d) => d.lab === 'GIA')).toBeGreaterThan(0.6);
    expect(share((d) => d.availability === 'available')).toBeGreaterThan(0.9);
  });

  it('prices in USD with total = per carat x carats and EUR = USD x the snapshot rate, to the cent', () => {
    const cents = (a: string, b: string): string =>
      new Decimal(a).mul(b).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
    const wrong = stones.filter(
      (d) =>
        d.currency !== 'USD' ||
        d.totalPrice !== cents(d.pricePerCarat, d.carats) ||
        d.totalPriceEur !== cents(d.totalPrice, '0.92') ||
        d.priceEur !== cents(d.pricePerCarat, '0.92'),
    );
    expect(wrong).toEqual([]);
    expect(stones[0]!.totalPrice).toMatch(/^\d+\.\d\d$/);
  });

  it('prices per carat like a Rapaport grid: bigger, whiter and cleaner cost more', () => {
    const ppc = (pred: (d: DemoDiamond) => boolean): number =>
      mean(stones.filter(pred).map((d) => Number(d.pricePerCarat)));
    expect(ppc((d) => ct(d) >= 1 && ct(d) < 1.1)).toBeGreaterThan(ppc((d) => ct(d) >= 0.9 && ct(d) < 1) * 1.2);
    expect(ppc((d) => ct(d) >= 2)).toBeGreaterThan(ppc((d) => ct(d) < 0.5) * 4);
    expect(ppc((d) => 'DE'.includes(d.color))).toBeGreaterThan(ppc((d) => 'KLM'.includes(d.color)));
    expect(ppc((d) => ['FL', 'IF', 'VVS1'].includes(d.clarity))).toBeGreaterThan(ppc((d) => d.clarity === 'I1'));
    expect(basePricePerCarat(1)).toBeGreaterThan(basePricePerCarat(0.99));
    const oneCarat = stones.filter((d) => ct(d) >= 1 && ct(d) < 1.1).map((d) => Number(d.totalPrice));
    expect(mean(oneCarat)).toBeGreaterThan(3000);
    expect(mean(oneCarat)).toBeLessThan(15_000);
  });
});
