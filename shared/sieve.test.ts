import { describe, expect, it } from 'vitest';
import { approximateCaratFromDiameter, Decimal } from './pricing';
import { ROUND_BRILLIANT_CARATS, SIEVE_EQUIVALENCES } from './sieve';

const ct = (mm: Decimal.Value) => approximateCaratFromDiameter(mm);

describe('SIEVE_EQUIVALENCES', () => {
  it('lists ascending, non-overlapping diameter ranges with growing weights', () => {
    for (const [i, row] of SIEVE_EQUIVALENCES.entries()) {
      expect(Number(row.mmMin)).toBeLessThan(Number(row.mmMax));
      const prev = SIEVE_EQUIVALENCES[i - 1];
      if (prev) {
        expect(Number(row.mmMin)).toBeGreaterThan(Number(prev.mmMax));
        expect(Number(row.caratPerStone)).toBeGreaterThan(Number(prev.caratPerStone));
      }
    }
    expect(SIEVE_EQUIVALENCES).toHaveLength(10);
  });
});

describe('approximateCaratFromDiameter (published round-brilliant chart)', () => {
  it('gives the chart value at every chart point', () => {
    const expected: Array<[string, string]> = [
      ['0.8', '0.003'],
      ['0.9', '0.004'],
      ['1.0', '0.005'],
      ['1.1', '0.006'],
      ['1.3', '0.01'],
      ['1.5', '0.014'],
      ['1.7', '0.02'],
      ['2.0', '0.03'],
      ['2.5', '0.06'],
      ['3.0', '0.1'],
      ['3.5', '0.16'],
      ['4.0', '0.25'],
    ];
    expect(ROUND_BRILLIANT_CARATS.map((p) => [p.mm, ct(p.mm).toString()])).toEqual(expected);
  });

  it('interpolates linearly between points, rounded half-up to 4 decimals', () => {
    expect(ct('1.2').toFixed(4)).toBe('0.0080'); // halfway 1.1 (0.006) - 1.3 (0.010)
    expect(ct('2.35').toFixed(4)).toBe('0.0510'); // 0.030 + 0.35/0.5 x 0.030
    expect(ct('0.85').toFixed(4)).toBe('0.0035');
    expect(ct('1.05').toFixed(4)).toBe('0.0055');
  });

  it('scales the end points by the cube of the diameter outside the chart', () => {
    expect(ct('0.7').toFixed(4)).toBe('0.0020'); // 0.003 x (0.7/0.8)^3 = 0.00201
    expect(ct('4.2').toFixed(4)).toBe('0.2894'); // 0.25 x 1.05^3 = 0.28940625
  });

  it('grows with the diameter over the whole slider (0.70 to 4.00 mm by 0.01)', () => {
    let previous = new Decimal(0);
    for (let h = 70; h <= 400; h++) {
      const value = ct(new Decimal(h).div(100));
      expect(value.gte(previous), `${h / 100} mm`).toBe(true);
      previous = value;
    }
  });

  it('agrees with the sieve table: each sieve weight lies between the chart weights of its bounds (±10 %)', () => {
    for (const row of SIEVE_EQUIVALENCES) {
      const low = ct(row.mmMin).mul('0.9');
      const high = ct(row.mmMax).mul('1.1');
      expect(new Decimal(row.caratPerStone).gte(low), `${row.sieve} >= ${low.toFixed()}`).toBe(true);
      expect(new Decimal(row.caratPerStone).lte(high), `${row.sieve} <= ${high.toFixed()}`).toBe(true);
    }
  });

  it('is no longer 26-52 % low below 1.2 mm (the cubic rule 0.0037 x D^3 was)', () => {
    for (const [mm, published] of [
      ['1.0', '0.005'],
      ['1.1', '0.006'],
      ['0.9', '0.004'],
    ] as const) {
      const cubic = new Decimal(mm).pow(3).mul('0.0037');
      expect(cubic.div(published).lt('0.85')).toBe(true); // the old rule: more than 15 % low
      expect(ct(mm).div(published).minus(1).abs().lte('0.01')).toBe(true);
    }
  });
});
