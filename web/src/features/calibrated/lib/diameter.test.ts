import { describe, expect, it } from 'vitest';
import { isDiameterInRange, markPercent, roundDiameter } from './diameter';

describe('diameter', () => {
  it('rounds slider floats to the hundredth', () => {
    expect(roundDiameter(2.3499999999)).toBe(2.35);
    expect(roundDiameter(0.7000000001)).toBe(0.7);
  });
  it('accepts 0.7 to 4 inclusive only', () => {
    expect(isDiameterInRange(0.7)).toBe(true);
    expect(isDiameterInRange(4)).toBe(true);
    expect(isDiameterInRange(4.0000000001)).toBe(true);
    expect(isDiameterInRange(0.65)).toBe(false);
    expect(isDiameterInRange(4.05)).toBe(false);
    expect(isDiameterInRange(Number.NaN)).toBe(false);
  });
  it('places the marks along the track', () => {
    expect(markPercent(0.7)).toBe(0);
    expect(markPercent(2.35)).toBeCloseTo(50);
    expect(markPercent(4)).toBeCloseTo(100);
  });
});
