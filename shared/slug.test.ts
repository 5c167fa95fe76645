import { describe, expect, it } from 'vitest';
import { slugify, uniqueSlug } from './slug';

describe('slugify', () => {
  it('lower-cases, strips accents and joins words with dashes', () => {
    expect(slugify('Solitaire or blanc 18kt 0,50 ct')).toBe('solitaire-or-blanc-18kt-0-50-ct');
    expect(slugify("  Boucles d'oreilles « Cœur » ")).toBe('boucles-d-oreilles-coeur');
    expect(slugify('Été — Émeraude')).toBe('ete-emeraude');
  });
  it('falls back when nothing is left and caps the length', () => {
    expect(slugify('***')).toBe('produit');
    const long = slugify('a '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long.endsWith('-')).toBe(false);
  });
  it('slugifies organization names with their own fallback', () => {
    expect(slugify('Bijouterie Émilie Durand', 'organisation')).toBe('bijouterie-emilie-durand');
    expect(slugify("  L'Atelier d'Or ", 'organisation')).toBe('l-atelier-d-or');
    expect(slugify('!!!', 'organisation')).toBe('organisation');
  });
});

describe('uniqueSlug', () => {
  it('adds -2, -3... until free', () => {
    expect(uniqueSlug('bague', new Set())).toBe('bague');
    expect(uniqueSlug('bague', new Set(['bague', 'bague-2']))).toBe('bague-3');
  });
});
