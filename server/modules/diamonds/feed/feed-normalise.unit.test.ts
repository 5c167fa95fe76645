import { describe, expect, it } from 'vitest';
import { normaliseFeedRow, parseFeedNumber, type FeedPricing } from './feed-normalise';
import type { FeedRow } from './feed-rows';

const pricing: FeedPricing = { currency: 'USD', rateToEur: '0.9234', markup: '1.2', supplier: 'Fournisseur' };
const row = (cells: FeedRow['cells'], rowNumber = 2): FeedRow => ({
  rowNumber,
  cells: { stockNumber: 'S1', shape: 'RD', carat: '1.00', color: 'G', clarity: 'VS1', pricePerCarat: '5000', ...cells },
});
const reason = (cells: FeedRow['cells']) => {
  const result = normaliseFeedRow(row(cells), pricing);
  return result.ok ? null : result.reason;
};

describe('parseFeedNumber', () => {
  it.each([
    ['12.5', '12.5'],
    ['12,5', '12.5'],
    [' 1 234,50 ', '1234.5'],
    ['1,234.50', '1234.5'],
    ['1.234,50', '1234.5'],
    ['$4,350', '4.35'],
    ['-35.5%', '-35.5'],
    ['1.234.567', '1234567'],
  ])('%s -> %s', (raw, expected) => {
    expect(parseFeedNumber(raw)?.toString()).toBe(expected);
  });

  it('reads a comma before three digits as thousands in price columns only', () => {
    expect(parseFeedNumber('4,350', { commaThousands: true })?.toString()).toBe('4350');
    expect(parseFeedNumber('0,350', { commaThousands: true })?.toString()).toBe('0.35');
    expect(parseFeedNumber('4,35', { commaThousands: true })?.toString()).toBe('4.35');
  });

  it('answers null for a blank cell and undefined for text', () => {
    expect(parseFeedNumber('')).toBeNull();
    expect(parseFeedNumber('  ')).toBeNull();
    expect(parseFeedNumber('abc')).toBeUndefined();
    expect(parseFeedNumber('1.2.3,4,5')).toBeUndefined();
  });
});

describe('normaliseFeedRow', () => {
  it('computes prices in the feed currency and in EUR, half-up to the cent, with the markup', () => {
    const result = normaliseFeedRow(row({ carat: '0,305', pricePerCarat: '3333.33' }), pricing);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // 0.305 -> 0.31 ct; 3,333.33 x 0.31 = 1,033.3323 -> 1,033.33; x 0.9234 = 954.17692... -> 954.18;
    // x 1.2 = 1,145.016 -> 1,145.02.
    expect(result.stone).toMatchObject({
      carats: '0.31',
      total_price: '1033.33',
      price_per_carat: '3333.33',
      total_price_eur: '954.18',
      price_eur: '3078.00',
      sell_price_eur: '1145.02',
      currency: 'USD',
      shape: 'ROUND',
    });
  });

  it('rejects with a French reason naming the unknown code', () => {
    expect(reason({ stockNumber: '' })).toBe('Numéro de stock manquant');
    expect(reason({ shape: 'XYZ' })).toBe('Code de forme inconnu « XYZ »');
    expect(reason({ carat: '' })).toBe('Poids en carats manquant');
    expect(reason({ carat: '-1' })).toBe('Poids en carats : doit être positif (« -1 »)');
    expect(reason({ carat: '0,001' })).toBe('Poids en carats : doit être positif (« 0,001 »)');
    expect(reason({ carat: 'un' })).toBe('Poids en carats : nombre illisible « un »');
    expect(reason({ color: 'ZZ' })).toBe('Couleur inconnue « ZZ »');
    expect(reason({ color: '' })).toBe('Couleur manquante');
    expect(reason({ clarity: 'SI4' })).toBe('Pureté inconnue « SI4 »');
    expect(reason({ cut: 'Superb' })).toBe('Qualité de taille inconnue « Superb »');
    expect(reason({ fluorescenceIntensity: 'Glowing' })).toBe('Fluorescence inconnue « Glowing »');
    expect(reason({ lab: 'ACME' })).toBe('Laboratoire inconnu « ACME »');
    expect(reason({ availability: 'Maybe' })).toBe('Disponibilité inconnue « Maybe »');
    expect(reason({ treatment: 'Painted' })).toBe('Traitement inconnu « Painted »');
    expect(reason({ pricePerCarat: '' })).toBe('Prix manquant (ni prix total ni prix par carat)');
    expect(reason({ pricePerCarat: '0' })).toBe('Prix par carat : doit être positif (« 0 »)');
    expect(reason({ currency: 'GBP' })).toBe('Devise GBP différente de celle du flux (USD)');
    expect(reason({ depthPercent: '1234' })).toBe('Profondeur % : valeur hors limites « 1234 »');
  });

  it('reads a fancy colour written in the colour column, without a D-Z colour', () => {
    const result = normaliseFeedRow(row({ color: 'Fancy Intense Pinkish Purple' }), pricing);
    expect(result.ok && result.stone).toMatchObject({
      color: null,
      fancy_color: 'purple',
      fancy_intensity: 'fancy-intense',
      fancy_overtone: 'pink',
    });
  });

  it('tells an unchanged stone by its hash, whatever its line', () => {
    const a = normaliseFeedRow(row({}, 2), pricing);
    const b = normaliseFeedRow(row({}, 9), pricing);
    const c = normaliseFeedRow(row({ pricePerCarat: '5001' }), pricing);
    if (!a.ok || !b.ok || !c.ok) throw new Error('rows expected to be accepted');
    expect(a.stone.content_hash).toBe(b.stone.content_hash);
    expect(a.stone.content_hash).not.toBe(c.stone.content_hash);
  });
});
