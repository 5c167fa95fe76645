import { describe, expect, it } from 'vitest';
import { normalizeDecimalText, normalizeIntegerText, toInputText } from './decimal-input';

describe('numbers typed in French or with a dot', () => {
  it.each([
    ['12,5', '12.5'],
    ['12.5', '12.5'],
    [' 4,50 ', '4.50'],
    ['1 234,5', '1234.5'],
    ['1\u00a0234,5', '1234.5'],
    ['1\u202f234,5', '1234.5'],
    ['0,755', '0.755'],
    ['7', '7'],
    ['', ''],
    ['   ', ''],
  ])('reads %j as %j', (text, expected) => {
    expect(normalizeDecimalText(text)).toBe(expected);
  });

  it.each(['12,5,3', '1.234,5', '1,234.5', 'abc', '12a', '1e3', '∞', 'NaN', ',', '.', '12,', ',5', '--1', '+3'])(
    'refuses %j',
    (text) => {
      expect(normalizeDecimalText(text)).toBeNull();
    },
  );

  it('refuses negatives unless asked', () => {
    expect(normalizeDecimalText('-2,5')).toBeNull();
    expect(normalizeDecimalText('-2,5', { allowNegative: true })).toBe('-2.5');
  });

  it('whole numbers only when asked', () => {
    expect(normalizeIntegerText('12')).toBe('12');
    expect(normalizeIntegerText('1 200')).toBe('1200');
    expect(normalizeIntegerText('12,5')).toBeNull();
  });

  it('shows numbers back with a comma', () => {
    expect(toInputText('4.5')).toBe('4,5');
    expect(toInputText(4.5)).toBe('4,5');
    expect(toInputText('1234.50')).toBe('1234,50');
    expect(toInputText(null)).toBe('');
    expect(toInputText('abc')).toBe('abc');
  });
});
