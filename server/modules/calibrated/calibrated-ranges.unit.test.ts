import { describe, expect, it } from 'vitest';
import { CALIBRATED_MM_MAX, CALIBRATED_MM_MIN, CALIBRATED_MM_STEP, CLARITY_TABS } from '@shared/constants';
import { calibratedPriceSchema } from '@shared/schemas/diamonds';
import { calibratedPrice, findRange, seedRanges, type CalibratedRange } from './calibrated-ranges';

const ranges = seedRanges('2026-11-20');

/** Every slider value 0.70, 0.75, …, 4.00 as the browser sends it (floating point steps included). */
const sliderValues = (): number[] => {
  const values: number[] = [];
  const steps = Math.round((CALIBRATED_MM_MAX - CALIBRATED_MM_MIN) / CALIBRATED_MM_STEP);
  for (let i = 0; i <= steps; i++) values.push(CALIBRATED_MM_MIN + i * CALIBRATED_MM_STEP);
  return values;
};

describe('seeded calibrated ranges', () => {
  it('covers every slider value 0.70..4.00 for every clarity tab', () => {
    const values = sliderValues();
    expect(values).toHaveLength(67);
    const missing = CLARITY_TABS.flatMap((clarity) =>
      values.filter((mm) => !findRange(ranges, clarity, mm)).map((mm) => `${clarity} ${mm}`),
    );
    expect(missing).toEqual([]);
  });

  it('is contiguous on the 0.01 mm grid from 0.70 to 4.00 with no overlap', () => {
    for (const clarity of CLARITY_TABS) {
      const own = ranges.filter((r) => r.clarity === clarity);
      expect(own[0]!.mmMin).toBe('0.70');
      expect(own.at(-1)!.mmMax).toBe('4.00');
      for (let i = 1; i < own.length; i++) {
        expect(Math.round(Number(own[i]!.mmMin) * 100)).toBe(Math.round(Number(own[i - 1]!.mmMax) * 100) + 1);
      }
    }
  });

  it('prices VVS > VS1 > VS1/2 > SI1 > SI2 > PK1 and larger sizes dearer per carat', () => {
    for (const mm of [0.8, 2, 3.9]) {
      const prices = CLARITY_TABS.map((c) => Number(findRange(ranges, c, mm)!.usdPerCt));
      expect([...prices].sort((a, b) => b - a)).toEqual(prices);
      expect(new Set(prices).size).toBe(prices.length);
    }
    for (const clarity of CLARITY_TABS) {
      const own = ranges.filter((r) => r.clarity === clarity).map((r) => Number(r.usdPerCt));
      expect([...own].sort((a, b) => a - b)).toEqual(own);
    }
    expect(ranges.every((r) => r.notes && r.notes.startsWith('Blanc') && r.effectiveDate === '2026-11-20')).toBe(true);
  });
});

describe('findRange', () => {
  it('matches bounds inclusively and rounds the diameter to 0.01 mm first', () => {
    expect(findRange(ranges, 'VVS', 0.99)!.mmMax).toBe('0.99');
    expect(findRange(ranges, 'VVS', 1)!.mmMin).toBe('1.00');
    expect(findRange(ranges, 'VVS', 0.995)!.mmMin).toBe('1.00');
    expect(findRange(ranges, 'VVS', 0.994)!.mmMax).toBe('0.99');
    expect(findRange(ranges, 'VVS', 0.7)!.mmMin).toBe('0.70');
    expect(findRange(ranges, 'VVS', 4)!.mmMax).toBe('4.00');
    expect(findRange(ranges, 'VVS', 0.69)).toBeNull();
    expect(findRange(ranges, 'VVS', 4.01)).toBeNull();
    expect(findRange(ranges, 'XX', 2)).toBeNull();
  });

  it('prefers the latest effective date, then the narrowest range', () => {
    const base: CalibratedRange = {
      clarity: 'VVS',
      mmMin: '1.00',
      mmMax: '2.00',
      usdPerCt: '100.00',
      effectiveDate: '2026-01-01',
      notes: null,
    };
    const table = [base, { ...base, usdPerCt: '200.00', effectiveDate: '2026-06-01' }];
    expect(findRange(table, 'VVS', 1.5)!.usdPerCt).toBe('200.00');
    const narrow = { ...base, mmMin: '1.40', mmMax: '1.60', usdPerCt: '300.00' };
    expect(findRange([base, narrow], 'VVS', 1.5)!.usdPerCt).toBe('300.00');
  });
});

describe('calibratedPrice', () => {
  const range = findRange(ranges, 'VVS', 2)!;

  it('takes the carat from the published chart: 2.0 mm 0.030 ct, 3.0 mm 0.10 ct, 1.0 mm 0.005 ct (4 decimals)', () => {
    expect(calibratedPrice(range, 2, null).approximateCt).toBe('0.0300');
    expect(calibratedPrice(findRange(ranges, 'VVS', 3), 3, null).approximateCt).toBe('0.1000');
    expect(calibratedPrice(findRange(ranges, 'VVS', 1), 1, null).approximateCt).toBe('0.0050');
    expect(calibratedPrice(findRange(ranges, 'VVS', 1.3), 1.3, null).approximateCt).toBe('0.0100');
    // between chart points: 0.85 mm halfway between 0.003 and 0.004 ct (the sieve table says 0.004 for 0.80-0.90)
    expect(calibratedPrice(findRange(ranges, 'VVS', 0.85), 0.85, null).approximateCt).toBe('0.0035');
  });

  it('computes per stone = per carat x carat, EUR = USD x fx, money to the cent, rate to 4 decimals', () => {
    const result = calibratedPrice({ ...range, usdPerCt: '870.00' }, 2, '0.92345678');
    expect(calibratedPriceSchema.parse(result)).toEqual(result);
    expect(result).toEqual({
      rangeFound: true,
      usdPerCt: '870.00',
      eurPerCt: '803.41', // 870 x 0.92345678 = 803.4074
      fxRate: '0.9235',
      usdPerStone: '26.10', // 870 x 0.0300
      eurPerStone: '24.10', // 26.10 x 0.92345678 = 24.1022
      approximateCt: '0.0300',
      effectiveDate: '2026-11-20',
      notes: range.notes,
    });
  });

  it('leaves the EUR fields null without a rate, the rest present', () => {
    const result = calibratedPrice(range, 2, null);
    expect(result.rangeFound).toBe(true);
    expect(result.usdPerCt).not.toBeNull();
    expect(result.usdPerStone).not.toBeNull();
    expect([result.eurPerCt, result.eurPerStone, result.fxRate]).toEqual([null, null, null]);
  });

  it('answers rangeFound false with null prices when no range matches', () => {
    const result = calibratedPrice(null, 2, '0.92');
    expect(result).toEqual({
      rangeFound: false,
      usdPerCt: null,
      eurPerCt: null,
      fxRate: '0.9200',
      usdPerStone: null,
      eurPerStone: null,
      approximateCt: '0.0300',
      effectiveDate: null,
      notes: null,
    });
  });
});
