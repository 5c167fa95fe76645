import { describe, expect, it } from 'vitest';
import { buildSearchText, normalizeEmail, normalizePhone, normalizeSearch } from './search-text';

describe('normalizeSearch', () => {
  it('folds case and accents and collapses spaces', () => {
    expect(normalizeSearch('  Hélène   DUPRÉ ')).toBe('helene dupre');
    expect(normalizeSearch('Chaîne forçat Œuvre Æ')).toBe('chaine forcat oeuvre ae');
    expect(normalizeSearch(null)).toBe('');
  });
  it('finds "helene" in the search text of "Hélène"', () => {
    expect(buildSearchText(['Hélène', null, 'Dupré', ['VIP', 'Mariage']]).includes(normalizeSearch('HELENE'))).toBe(
      true,
    );
    expect(buildSearchText(['Hélène', null, '', ['VIP']])).toBe('helene vip');
  });
});

describe('normalizePhone', () => {
  it('keeps digits and folds French international prefixes to the national form', () => {
    expect(normalizePhone('06 12 34 56 78')).toBe('0612345678');
    expect(normalizePhone('+33 6 12 34 56 78')).toBe('0612345678');
    expect(normalizePhone('+33 (0)6 12 34 56 78')).toBe('0612345678');
    expect(normalizePhone('0033 612345678')).toBe('0612345678');
    expect(normalizePhone('33612345678')).toBe('0612345678');
    expect(normalizePhone('06.12.34.56.78')).toBe('0612345678');
  });
  it('keeps other countries with their prefix and refuses too short numbers', () => {
    expect(normalizePhone('+32 2 123 45 67')).toBe('003221234567');
    expect(normalizePhone('12 34')).toBeNull();
    expect(normalizePhone('')).toBeNull();
  });
});

describe('normalizeEmail', () => {
  it('trims and lowercases; empty is null', () => {
    expect(normalizeEmail('  Helene.Dupre@Example.FR ')).toBe('helene.dupre@example.fr');
    expect(normalizeEmail(' ')).toBeNull();
  });
});
