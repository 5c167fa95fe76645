import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { easterSunday, frenchPublicHolidays, isFrenchPublicHoliday, isFrenchWorkingDay } from './french-holidays';

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('easterSunday', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
    [1818, '1818-03-22'],
    [1943, '1943-04-25'],
    [2000, '2000-04-23'],
    [2008, '2008-03-23'],
    [2019, '2019-04-21'],
    [2030, '2030-04-21'],
  ])('Easter %i is %s', (year, day) => {
    expect(easterSunday(year)).toBe(day);
  });

  it('refuses years outside the Gregorian calendar it computes', () => {
    for (const year of [1582, 10_000, 2024.5, Number.NaN]) expect(() => easterSunday(year)).toThrow(RangeError);
  });

  it('is always a Sunday between 22 March and 25 April (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1583, max: 9999 }), (year) => {
        const easter = easterSunday(year);
        expect(weekday(easter)).toBe(0);
        expect(easter.slice(5) >= '03-22' && easter.slice(5) <= '04-25').toBe(true);
      }),
      { numRuns: 2000, seed: 12 },
    );
  });
});

describe('frenchPublicHolidays', () => {
  it('lists the 11 days of 2025, sorted', () => {
    expect(frenchPublicHolidays(2025)).toEqual([
      '2025-01-01',
      '2025-04-21', // Easter Monday
      '2025-05-01',
      '2025-05-08',
      '2025-05-29', // Ascension
      '2025-06-09', // Whit Monday
      '2025-07-14',
      '2025-08-15',
      '2025-11-01',
      '2025-11-11',
      '2025-12-25',
    ]);
  });

  it.each([
    [2024, '2024-04-01', '2024-05-09', '2024-05-20'],
    [2026, '2026-04-06', '2026-05-14', '2026-05-25'],
    [2027, '2027-03-29', '2027-05-06', '2027-05-17'],
    [2038, '2038-04-26', '2038-06-03', '2038-06-14'],
    [2285, '2285-03-23', '2285-04-30', '2285-05-11'],
  ])('%i: Easter Monday %s, Ascension %s, Whit Monday %s', (year, easterMonday, ascension, whitMonday) => {
    const days = frenchPublicHolidays(year);
    expect(days).toHaveLength(11);
    expect(days).toEqual(expect.arrayContaining([easterMonday, ascension, whitMonday]));
  });

  it('lists a day once when Ascension falls on 1 May (2008)', () => {
    const days = frenchPublicHolidays(2008);
    expect(easterSunday(2008)).toBe('2008-03-23');
    expect(days).toHaveLength(10);
    expect(days.filter((day) => day === '2008-05-01')).toHaveLength(1);
  });

  it('Easter-based days fall on their weekday, every day is in its year, sorted and once (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1583, max: 9999 }), (year) => {
        const days = frenchPublicHolidays(year);
        const easter = easterSunday(year);
        expect(weekday(plusDays(easter, 1))).toBe(1);
        expect(weekday(plusDays(easter, 39))).toBe(4);
        expect(weekday(plusDays(easter, 50))).toBe(1);
        expect(days).toEqual(expect.arrayContaining([plusDays(easter, 1), plusDays(easter, 39), plusDays(easter, 50)]));
        expect(days).toEqual([...new Set(days)].sort());
        expect(days.length === 11 || days.length === 10).toBe(true);
        expect(days.every((day) => day.startsWith(`${year}-`))).toBe(true);
      }),
      { numRuns: 1000, seed: 12 },
    );
  });
});

describe('isFrenchPublicHoliday and isFrenchWorkingDay', () => {
  it('knows the holidays, and nothing else', () => {
    expect(isFrenchPublicHoliday('2026-04-06')).toBe(true); // Easter Monday
    expect(isFrenchPublicHoliday('2026-04-05')).toBe(false); // Easter Sunday is a Sunday, not a holiday of its own
    expect(isFrenchPublicHoliday('2025-12-25')).toBe(true);
    expect(isFrenchPublicHoliday('2025-12-26')).toBe(false); // Alsace-Moselle only
    expect(isFrenchPublicHoliday('2025-04-18')).toBe(false); // Good Friday: Alsace-Moselle only
    expect(isFrenchPublicHoliday('2027-01-01')).toBe(true);
  });

  it('a working day is Monday to Friday and not a holiday', () => {
    expect(isFrenchWorkingDay('2025-05-12')).toBe(true); // Monday
    expect(isFrenchWorkingDay('2025-05-16')).toBe(true); // Friday
    expect(isFrenchWorkingDay('2025-05-17')).toBe(false); // Saturday
    expect(isFrenchWorkingDay('2025-05-18')).toBe(false); // Sunday
    expect(isFrenchWorkingDay('2025-05-08')).toBe(false); // Thursday 8 May
    expect(isFrenchWorkingDay('2025-06-09')).toBe(false); // Whit Monday
  });

  it('refuses what is not a day', () => {
    for (const day of ['2025-02-30', '2025-13-01', '25-05-12', '2025-5-12', '', 'x', '1500-01-01']) {
      expect(() => isFrenchPublicHoliday(day)).toThrow(RangeError);
      expect(() => isFrenchWorkingDay(day)).toThrow(RangeError);
    }
  });
});
