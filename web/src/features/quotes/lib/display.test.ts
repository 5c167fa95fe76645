import { describe, expect, it } from 'vitest';
import { shapeName } from '@shared/diamond-names';
import { caratBounds, diamondLabel } from './diamond-labels';
import {
  formatDateTimeFr,
  formatSignedEuro,
  formatSignedPercent,
  formatTimeFr,
  formatVatRate,
  lineNumbersText,
  todayDifferenceText,
} from './display';

const spaces = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('quote display helpers', () => {
  it('writes today’s difference with its signs: "Aux cours du jour : +12,40 € (+1,2 %)"', () => {
    expect(spaces(todayDifferenceText({ amount: '12.40', percent: '1.23' }))).toBe(
      'Aux cours du jour : +12,40 € (+1,2 %)',
    );
    expect(spaces(todayDifferenceText({ amount: '-1234.5', percent: '-0.5' }))).toBe(
      'Aux cours du jour : −1 234,50 € (−0,5 %)',
    );
    expect(spaces(todayDifferenceText({ amount: '3', percent: null }))).toBe('Aux cours du jour : +3,00 €');
    expect(spaces(formatSignedEuro('0'))).toBe('0,00 €');
    expect(formatSignedPercent(null)).toBe('—');
  });

  it('writes dates and times the French way', () => {
    const at = new Date(2026, 10, 25, 10, 42);
    expect(formatTimeFr(at)).toBe('10:42');
    expect(formatDateTimeFr(at)).toBe('25/11/2026 à 10:42');
    expect(formatDateTimeFr(null)).toBe('—');
    expect(formatDateTimeFr('pas une date')).toBe('—');
  });

  it('writes VAT rates and line numbers', () => {
    expect(formatVatRate('5.5')).toBe('5,5 %');
    expect(formatVatRate('20')).toBe('20 %');
    expect(lineNumbersText([3])).toBe('Ligne 3');
    expect(lineNumbersText([2, 4, 7])).toBe('Lignes 2, 4 et 7');
    expect(lineNumbersText([])).toBe('');
  });
});

describe('diamond search helpers', () => {
  it('names a diamond in French', () => {
    expect(shapeName('round')).toBe('Rond');
    expect(shapeName('TRILLION')).toBe('Trilliant');
    expect(shapeName('SQUARE EMERALD')).toBe('Émeraude carrée');
    expect(shapeName('HEXAGON')).toBe('HEXAGON');
    expect(diamondLabel({ shape: 'OVAL', carats: '0.52', color: 'F', clarity: 'VS1', lab: 'GIA' })).toBe(
      'Ovale 0,52 ct F VS1 (GIA)',
    );
    expect(diamondLabel({ shape: 'ROUND', carats: '1', color: 'D', clarity: 'IF', lab: null })).toBe('Rond 1 ct D IF');
  });

  it('reads the carat bounds typed the French way', () => {
    expect(caratBounds('0,5', '1,25')).toEqual({ caratMin: '0.5', caratMax: '1.25', error: null });
    expect(caratBounds('', '')).toEqual({ caratMin: '', caratMax: '', error: null });
    expect(caratBounds('abc', '').error).toBe('Carats : nombre attendu, par exemple 0,5');
    expect(caratBounds('2', '1').error).toBe('Le minimum de carats dépasse le maximum');
  });
});
