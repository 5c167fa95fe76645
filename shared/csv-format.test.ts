import { describe, expect, it } from 'vitest';
import { csvBoolean, csvDate, csvDateTime, csvDecimal, formatCsvValue, parisDay } from './csv-format';

describe('csv-format: the one French CSV format', () => {
  it('writes decimals with a comma and no grouping, text that is not a number as it is', () => {
    expect(csvDecimal('1234.50')).toBe('1234,50');
    expect(csvDecimal('-0.125')).toBe('-0,125');
    expect(csvDecimal('12')).toBe('12');
    expect(csvDecimal(12.5)).toBe('12,5');
    expect(csvDecimal(3)).toBe('3');
    expect(csvDecimal(null)).toBe('');
    expect(csvDecimal('')).toBe('');
    expect(csvDecimal(Number.NaN)).toBe('');
    expect(csvDecimal('n/a')).toBe('n/a');
  });

  it('writes a day as dd/mm/yyyy: a plain day as it is, an instant as its day in Paris', () => {
    expect(csvDate('1980-05-12')).toBe('12/05/1980');
    expect(csvDate('2026-03-01T23:30:00Z')).toBe('02/03/2026');
    expect(csvDate('2026-07-14T21:59:00Z')).toBe('14/07/2026');
    expect(csvDate('2026-07-14T22:00:00Z')).toBe('15/07/2026');
    expect(csvDate(null)).toBe('');
    expect(csvDate('pas une date')).toBe('');
  });

  it('writes an instant as dd/mm/yyyy hh:mm in Paris time, winter and summer', () => {
    expect(csvDateTime('2026-01-05T23:30:00Z')).toBe('06/01/2026 00:30');
    expect(csvDateTime('2026-07-14T08:05:00Z')).toBe('14/07/2026 10:05');
    expect(csvDateTime(new Date('2025-12-31T23:00:00Z'))).toBe('01/01/2026 00:00');
    // The hour that repeats when summer time ends (25 October 2026, 03:00 -> 02:00).
    expect(csvDateTime('2026-10-25T00:30:00Z')).toBe('25/10/2026 02:30');
    expect(csvDateTime('2026-10-25T01:30:00Z')).toBe('25/10/2026 02:30');
    expect(csvDateTime(undefined)).toBe('');
  });

  it('writes booleans as oui/non', () => {
    expect(csvBoolean(true)).toBe('oui');
    expect(csvBoolean(false)).toBe('non');
    expect(csvBoolean(null)).toBe('');
  });

  it('formats a cell by its column format; text stays as it is', () => {
    expect(formatCsvValue('decimal', '4.5')).toBe('4,5');
    expect(formatCsvValue('integer', 12)).toBe('12');
    expect(formatCsvValue('date', '2026-02-03')).toBe('03/02/2026');
    expect(formatCsvValue('datetime', '2026-02-03T12:00:00Z')).toBe('03/02/2026 13:00');
    expect(formatCsvValue('boolean', true)).toBe('oui');
    expect(formatCsvValue('text', '4.5')).toBe('4.5');
  });

  it('names the day of an instant in Paris for file names', () => {
    expect(parisDay(new Date('2026-03-01T23:30:00Z'))).toBe('2026-03-02');
    expect(parisDay(new Date('2026-03-01T22:59:00Z'))).toBe('2026-03-01');
  });
});
