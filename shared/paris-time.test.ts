import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parisInstant, parisWallClock, wallClockDay, type WallClock } from './paris-time';

const wall = (year: number, month: number, day: number, hour: number, minute: number, second = 0): WallClock => ({
  year,
  month,
  day,
  hour,
  minute,
  second,
  millisecond: 0,
});

describe('parisWallClock', () => {
  it('reads winter (UTC+1) and summer (UTC+2) time', () => {
    expect(parisWallClock(new Date('2025-01-10T09:00:00.250Z'))).toEqual({
      ...wall(2025, 1, 10, 10, 0),
      millisecond: 250,
    });
    expect(parisWallClock(new Date('2025-07-14T08:05:07Z'))).toEqual(wall(2025, 7, 14, 10, 5, 7));
    expect(parisWallClock(new Date('2025-12-31T23:30:00Z'))).toEqual(wall(2026, 1, 1, 0, 30));
  });

  it('refuses an invalid date', () => {
    expect(() => parisWallClock(new Date('nope'))).toThrow(RangeError);
  });
});

describe('parisInstant', () => {
  it('gives the instant of a Paris hour in winter and in summer', () => {
    expect(parisInstant(wall(2025, 1, 10, 10, 0)).toISOString()).toBe('2025-01-10T09:00:00.000Z');
    expect(parisInstant(wall(2025, 7, 14, 10, 5)).toISOString()).toBe('2025-07-14T08:05:00.000Z');
  });

  it('rolls over fields out of range', () => {
    expect(parisInstant(wall(2025, 1, 32, 15, 20)).toISOString()).toBe('2025-02-01T14:20:00.000Z');
    expect(parisInstant(wall(2025, 12, 33, 9, 0)).toISOString()).toBe('2026-01-02T08:00:00.000Z');
    expect(wallClockDay(wall(2024, 2, 30, 0, 0))).toBe('2024-03-01');
  });

  it('moves an hour skipped in spring forward, and takes the earlier of an hour shown twice in autumn', () => {
    // 30 March 2025: 02:00 CET becomes 03:00 CEST
    expect(parisInstant(wall(2025, 3, 30, 2, 30)).toISOString()).toBe('2025-03-30T01:30:00.000Z'); // 03:30 CEST
    expect(parisInstant(wall(2025, 3, 30, 1, 59)).toISOString()).toBe('2025-03-30T00:59:00.000Z');
    expect(parisInstant(wall(2025, 3, 30, 3, 0)).toISOString()).toBe('2025-03-30T01:00:00.000Z');
    // 26 October 2025: 03:00 CEST becomes 02:00 CET
    expect(parisInstant(wall(2025, 10, 26, 2, 30)).toISOString()).toBe('2025-10-26T00:30:00.000Z');
    expect(parisInstant(wall(2025, 10, 26, 3, 0)).toISOString()).toBe('2025-10-26T02:00:00.000Z');
  });

  it('the wall clock of the instant of a wall clock is that wall clock (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1980-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }),
        (instant) => {
          const shown = parisWallClock(instant);
          const back = parisInstant(shown);
          expect(parisWallClock(back)).toEqual(shown);
          // the same instant, or the earlier one of an hour shown twice
          expect(back.getTime() === instant.getTime() || back.getTime() === instant.getTime() - 3_600_000).toBe(true);
        },
      ),
      { numRuns: 2000, seed: 12 },
    );
  });
});
