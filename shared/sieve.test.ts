import { describe, expect, it } from 'vitest';
import { SIEVE_EQUIVALENCES } from './sieve';

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
