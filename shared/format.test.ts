import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateFr, formatMoney, formatNumber } from './format';

const intl = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat('fr-FR', options);
const fixed = (decimals: number) => intl({ minimumFractionDigits: decimals, maximumFractionDigits: decimals });
const money = (currency: string, decimals: number) =>
  intl({ style: 'currency', currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals });

describe('fr-FR numbers without Intl', () => {
  it('writes what Intl.NumberFormat writes, for the cases a jeweller meets', () => {
    const cases: Array<[number, number, string]> = [
      [1234.5, 2, '1\u202f234,50'],
      [1.005, 2, '1,01'],
      [0.125, 2, '0,13'],
      [-0.001, 2, '-0,00'],
      [999.995, 2, '1\u202f000,00'],
      [2.5, 0, '3'],
      [1234567.891, 3, '1\u202f234\u202f567,891'],
      [0, 4, '0,0000'],
      [89.87, 2, '89,87'],
    ];
    for (const [n, decimals, text] of cases) {
      expect(formatNumber(n, decimals), `${n} (${decimals})`).toBe(text);
      expect(formatNumber(n, decimals)).toBe(fixed(decimals).format(n));
    }
    expect(formatMoney(-1234.5, 'EUR')).toBe('-1\u202f234,50\u00a0€');
    expect(formatMoney(1234.5, 'USD', 0)).toBe('1\u202f235\u00a0$US');
    expect(formatMoney(12.3, 'ILS')).toBe('12,30\u00a0₪');
  });

  it('agrees with Intl.NumberFormat on random numbers, decimals and currencies', () => {
    const numbers = fc.oneof(
      fc.double({ min: -1e15, max: 1e15, noNaN: true }),
      fc.integer({ min: -10_000_000, max: 10_000_000 }).map((cents) => cents / 100),
      fc.integer({ min: -10_000_000, max: 10_000_000 }).map((n) => n / 1000 + 0.0005),
    );
    fc.assert(
      fc.property(numbers, fc.integer({ min: 0, max: 6 }), fc.constantFrom('EUR', 'USD', 'ILS', 'CHF'), (n, d, c) => {
        expect(formatNumber(n, d)).toBe(fixed(d).format(n));
        expect(formatMoney(n, c, d)).toBe(money(c, d).format(n));
      }),
      { numRuns: 20_000 },
    );
    // 20,000 runs take about a second on a quiet machine; a loaded CI machine needs more than the default 5 s.
  }, 60_000);

  it('takes decimal strings as the API sends them, and gives the fallback for anything else', () => {
    expect(formatNumber('4.5', 1)).toBe('4,5');
    expect(formatNumber('12,5', 2)).toBe('12,50');
    expect(formatNumber('abc', 2)).toBe('N/A');
    expect(formatMoney(null, 'EUR', 2, '—')).toBe('—');
  });
});

describe('formatDateFr', () => {
  it('writes a day without a time as that day, and an instant as its day in fr-FR', () => {
    // West of UTC, "1980-05-01" read as UTC midnight would be the 30th of April.
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      expect(formatDateFr('1980-05-01')).toBe('01/05/1980');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    expect(formatDateFr(new Date(2026, 10, 20, 15, 30))).toBe('20/11/2026');
    expect(formatDateFr('pas une date')).toBe('N/A');
    expect(formatDateFr(null, '')).toBe('');
  });
});
