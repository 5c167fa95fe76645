import { describe, expect, it } from 'vitest';
import { DIAMOND_SHAPES } from '@shared/constants';
import { diamondImageUrl } from './diamond-images';
import { placeholderSvg, PLACEHOLDER_SHAPES } from './diamond-placeholders';
import { normaliseShape } from './diamond-shapes';

describe('normaliseShape', () => {
  it.each([
    ['BR', 'ROUND'],
    ['rb', 'ROUND'],
    ['RD', 'ROUND'],
    ['Round', 'ROUND'],
    ['PS', 'PEAR'],
    ['EM', 'EMERALD'],
    ['PR', 'PRINCESS'],
    ['MQ', 'MARQUISE'],
    ['AS', 'ASSCHER'],
    ['CU', 'CUSHION'],
    ['CB', 'CUSHION'],
    ['cushion modified', 'CUSHION'],
    ['HS', 'HEART'],
    ['HT', 'HEART'],
    ['OV', 'OVAL'],
    ['RAD', 'RADIANT'],
    [' radiant ', 'RADIANT'],
  ])('%s -> %s', (input, expected) => {
    expect(normaliseShape(input)).toBe(expected);
  });

  it('returns null for unknown or empty input', () => {
    expect(normaliseShape('TRIANGLE')).toBeNull();
    expect(normaliseShape('')).toBeNull();
    expect(normaliseShape(null)).toBeNull();
  });
});

describe('placeholders', () => {
  it('draws a well-formed SVG for every canonical shape, each different', () => {
    expect(new Set(PLACEHOLDER_SHAPES)).toEqual(new Set(DIAMOND_SHAPES));
    const svgs = DIAMOND_SHAPES.map((s) => placeholderSvg(s)!);
    for (const svg of svgs) {
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg.endsWith('</svg>')).toBe(true);
      expect(svg).not.toMatch(/NaN|Infinity|undefined/);
    }
    expect(new Set(svgs).size).toBe(svgs.length);
    expect(placeholderSvg('round')).toBe(placeholderSvg('ROUND'));
    expect(placeholderSvg('TRIANGLE')).toBeNull();
  });
});

describe('diamondImageUrl', () => {
  const stone = { ref: 'AB 12/3', shape: 'OVAL' };
  it('uses the provider template with the URL-encoded ref', () => {
    expect(diamondImageUrl('https://cdn.example.test/img/{ref}/still.jpg', stone)).toBe(
      'https://cdn.example.test/img/AB%2012%2F3/still.jpg',
    );
  });
  it('falls back to the placeholder of the shape, ROUND for an unknown shape', () => {
    expect(diamondImageUrl('', stone)).toBe('/api/diamonds/placeholder/OVAL.svg');
    expect(diamondImageUrl('', { ref: 'x', shape: 'TRIANGLE' })).toBe('/api/diamonds/placeholder/ROUND.svg');
  });
  it("prefers the feed's own image URL", () => {
    expect(diamondImageUrl('https://cdn/{ref}', { ...stone, imageUrl: 'https://feed/x.jpg' })).toBe(
      'https://feed/x.jpg',
    );
  });
});
