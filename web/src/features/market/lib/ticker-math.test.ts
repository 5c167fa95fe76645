import { describe, expect, it } from 'vitest';
import { dragTime, loopDurationMs, rescaleTime, wrapTime } from './ticker-math';

describe('loopDurationMs', () => {
  it('moves one copy width at the given speed', () => {
    expect(loopDurationMs(600, 30)).toBe(20_000);
    expect(loopDurationMs(15, 30)).toBe(500);
  });
  it('is 0 for an unmeasured strip or no speed', () => {
    expect(loopDurationMs(0, 30)).toBe(0);
    expect(loopDurationMs(Number.NaN, 30)).toBe(0);
    expect(loopDurationMs(600, 0)).toBe(0);
  });
});

describe('wrapTime', () => {
  it('keeps times within [0, duration)', () => {
    expect(wrapTime(500, 2000)).toBe(500);
    expect(wrapTime(2000, 2000)).toBe(0);
    expect(wrapTime(4500, 2000)).toBe(500);
    expect(wrapTime(-500, 2000)).toBe(1500);
    expect(wrapTime(-4500, 2000)).toBe(1500);
  });
  it('returns 0 for an unmeasured loop or a bad time', () => {
    expect(wrapTime(500, 0)).toBe(0);
    expect(wrapTime(Number.NaN, 2000)).toBe(0);
  });
});

describe('dragTime', () => {
  it('follows the pointer: dragging right goes back, left goes forward, wrapped', () => {
    // 30 px/s: 30 px = 1000 ms of animation.
    expect(dragTime(5000, 30, 30, 20_000)).toBe(4000);
    expect(dragTime(5000, -60, 30, 20_000)).toBe(7000);
    expect(dragTime(500, 30, 30, 20_000)).toBe(19_500);
    expect(dragTime(19_500, -30, 30, 20_000)).toBe(500);
  });
});

describe('rescaleTime', () => {
  it('keeps the place in the loop when the copy width changes', () => {
    expect(rescaleTime(5000, 20_000, 40_000)).toBe(10_000);
    expect(rescaleTime(25_000, 20_000, 10_000)).toBe(2500);
  });
  it('starts at 0 when either loop is unmeasured', () => {
    expect(rescaleTime(5000, 0, 20_000)).toBe(0);
    expect(rescaleTime(5000, 20_000, 0)).toBe(0);
  });
});
