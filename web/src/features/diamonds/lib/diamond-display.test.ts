import { describe, expect, it } from 'vitest';
import type { DiamondListing } from '@shared/schemas/diamonds';
import { shapeName } from '@shared/diamond-names';
import {
  DEFAULT_LOCATION_BADGE_CLASS,
  diamondPriceLines,
  finishAbbreviations,
  finishNames,
  fluorescenceName,
  gradeAbbreviation,
  gradeName,
  locationBadgeClass,
  shapeAbbreviation,
} from './diamond-display';

const diamond = (over: Partial<DiamondListing> = {}): DiamondListing => ({
  id: '1',
  ref: 'R1',
  carats: '0.52',
  color: 'F',
  clarity: 'VS1',
  lab: 'GIA',
  shape: 'ROUND',
  cut: 'EXCELLENT',
  polish: 'Very Good',
  symmetry: null,
  fluorescence: 'NONE',
  location: 'US',
  totalPrice: '1500.40',
  pricePerCarat: '2885.38',
  currency: 'USD',
  totalPriceEur: '1380.6',
  priceEur: '2655',
  imageUrl: '/img/1.jpg',
  ...over,
});

describe('abbreviations', () => {
  it('abbreviates shapes and grades', () => {
    expect(shapeAbbreviation('ROUND')).toBe('RBC');
    expect(shapeAbbreviation('pear')).toBe('PS');
    expect(shapeAbbreviation('TRILLION')).toBe('TRILLION');
    expect(gradeAbbreviation('Very Good')).toBe('VG');
    expect(gradeAbbreviation('VERY_GOOD')).toBe('VG');
    expect(gradeAbbreviation(null)).toBe('—');
    expect(finishAbbreviations(diamond())).toBe('EX/VG/—');
  });
});

describe('diamondPriceLines', () => {
  it('shows EUR first (whole numbers) and a USD line when both exist', () => {
    const lines = diamondPriceLines(diamond());
    expect(lines.main).toEqual({ total: '1\u202f381\u00a0€', perCarat: '2\u202f655\u00a0€' });
    expect(lines.usd?.total).toBe('1\u202f500\u00a0$US');
  });
  it('falls back to USD when no EUR price exists', () => {
    const lines = diamondPriceLines(diamond({ totalPriceEur: null, priceEur: null }));
    expect(lines.main?.total).toBe('1\u202f500\u00a0$US');
    expect(lines.usd).toBeNull();
  });
  it('has no price line when nothing is known', () => {
    const lines = diamondPriceLines(diamond({ totalPriceEur: null, priceEur: null, totalPrice: null }));
    expect(lines).toEqual({ main: null, usd: null });
  });
});

describe('locationBadgeClass', () => {
  it('gives distinct colours to US, EU, IN, IL and BE', () => {
    const classes = ['US', 'EU', 'IN', 'IL', 'BE'].map(locationBadgeClass);
    expect(new Set(classes).size).toBe(5);
    expect(classes).not.toContain(DEFAULT_LOCATION_BADGE_CLASS);
    expect(locationBadgeClass('HK')).toBe(DEFAULT_LOCATION_BADGE_CLASS);
    expect(locationBadgeClass(null)).toBe(DEFAULT_LOCATION_BADGE_CLASS);
  });
});

describe('French names', () => {
  it('names shapes in French, from any spelling, and keeps unknown ones', () => {
    expect(shapeName('ROUND')).toBe('Rond');
    expect(shapeName('emerald')).toBe('Émeraude');
    expect(shapeName('Heart')).toBe('Cœur');
    expect(shapeName('CUSHION')).toBe('Coussin');
    expect(shapeName('TRILLIANT')).toBe('TRILLIANT');
    expect(shapeName(null)).toBe('—');
  });

  it('names grades and fluorescence in French', () => {
    expect(gradeName('Very Good')).toBe('Très bon');
    expect(gradeName('VERY_GOOD')).toBe('Très bon');
    expect(gradeName('FAIR')).toBe('Passable');
    expect(gradeName('POOR')).toBe('Médiocre');
    expect(fluorescenceName('NONE')).toBe('aucune');
    expect(fluorescenceName('very strong')).toBe('très forte');
    expect(fluorescenceName('FAINT')).toBe('faible');
    expect(fluorescenceName(null)).toBe('—');
    expect(finishNames({ cut: 'EXCELLENT', polish: 'Very Good', symmetry: null })).toBe(
      'Taille Excellent, poli Très bon, symétrie —',
    );
  });
});
