import { describe, expect, it } from 'vitest';
import { asciiJson } from './ascii-json';

describe('asciiJson', () => {
  it('writes every non-ASCII character as its escape, and reads back as the same value', () => {
    const value = { source: 'Démo (simulé)', note: 'Œuvre – 18 carats € 😀', plain: 'a"b\\c\n', n: 1.5, ok: true };
    const text = asciiJson(value);
    expect(text).toMatch(/^[\x20-\x7e]*$/);
    expect(text).toContain('"source":"D\\u00e9mo (simul\\u00e9)"');
    expect(text).toContain('\\u20ac \\ud83d\\ude00');
    expect(JSON.parse(text)).toEqual(value);
  });

  it('leaves ASCII text as JSON.stringify writes it', () => {
    const value = { metal: 'gold', pricePerG: '135.0136', stale: false, list: [1, null, 'x'] };
    expect(asciiJson(value)).toBe(JSON.stringify(value));
  });
});
