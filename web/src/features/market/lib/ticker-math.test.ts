import { describe, expect, it } from 'vitest';
import { advanceOffset, wrapOffset } from './ticker-math';

describe('wrapOffset', () => {
  it('keeps offsets within (-copyWidth, 0]', () => {
    expect(wrapOffset(-50, 200)).toBe(-50);
    expect(wrapOffset(-200, 200)).toBe(0);
    expect(wrapOffset(-250, 200)).toBe(-50);
    expect(wrapOffset(30, 200)).toBe(-170);
    expect(wrapOffset(430, 200)).toBe(-170);
    expect(wrapOffset(0, 200)).toBe(0);
  });
  it('returns 0 for an unmeasured strip or a bad offset', () => {
    expect(wrapOffset(-50, 0)).toBe(0);
    expect(wrapOffset(Number.NaN, 200)).toBe(0);
  });
});

describe('advanceOffset', () => {
  it('moves left at the given speed', () => {
    expect(advanceOffset(0, 100, 30, 1000)).toBeCloseTo(-3);
    expect(advanceOffset(-999, 50, 30, 1000)).toBeCloseTo(-0.5);
  });
  it('caps long gaps between frames', () => {
    expect(advanceOffset(0, 60_000, 30, 1000)).toBeCloseTo(-3);
  });
});
