import { describe, expect, it } from 'vitest';
import { colorText, growthText, isLabGrown, measurementsText, stoneLabel } from './diamond-facts';
import { parseShortlist, SHORTLIST_MAX, toggleShortlistEntry } from './shortlist';

const white = { color: 'F', fancyColor: null, fancyIntensity: null, fancyOvertone: null };
const pink = { color: 'Fantaisie', fancyColor: 'pink', fancyIntensity: 'fancy-intense', fancyOvertone: 'brown' };

describe('diamond facts in French', () => {
  it('spells D–Z and fancy colours', () => {
    expect(colorText(white)).toBe('F');
    expect(colorText(pink)).toBe('Rose (Fancy intense), nuance brun');
    expect(colorText({ ...pink, fancyIntensity: null, fancyOvertone: null })).toBe('Rose');
  });

  it('names the origin, natural when unknown', () => {
    expect(growthText(null)).toBe('Naturel');
    expect(growthText('lab-grown-cvd')).toBe('Synthétique CVD');
    expect(isLabGrown('lab-grown-hpht')).toBe(true);
    expect(isLabGrown('natural')).toBe(false);
  });

  it('labels a stone with French shape and decimal comma', () => {
    expect(stoneLabel({ shape: 'SQUARE EMERALD', carats: '1.5', clarity: 'VS1', ...white })).toBe(
      'Émeraude carrée 1,50 ct F VS1',
    );
    expect(stoneLabel({ shape: 'ROUND', carats: '0.52', clarity: 'SI1', ...pink })).toBe('Rond 0,52 ct Rose SI1');
  });
});

describe('measurementsText', () => {
  const none = { lengthMm: null, widthMm: null, depthMm: null, measurements: null };
  it('writes sizes the French way, from the separate sizes or the feed text', () => {
    expect(measurementsText({ ...none, lengthMm: '6.5', widthMm: '6.52', depthMm: '4.01' })).toBe(
      '6,50 × 6,52 × 4,01 mm',
    );
    expect(measurementsText({ ...none, measurements: '4.70 x 3.41 x 2.01' })).toBe('4,70 × 3,41 × 2,01 mm');
    expect(measurementsText({ ...none, measurements: '6.41-6.45x3.98' })).toBe('6.41-6.45x3.98');
    expect(measurementsText(none)).toBe('—');
  });
});

describe('shortlist', () => {
  it('keeps at most four stones and refuses a fifth', () => {
    let entries = parseShortlist(null);
    for (let i = 1; i <= SHORTLIST_MAX; i++)
      entries = toggleShortlistEntry(entries, { id: String(i), label: `S${i}` })!;
    expect(entries).toHaveLength(4);
    expect(toggleShortlistEntry(entries, { id: '9', label: 'S9' })).toBeNull();
    expect(toggleShortlistEntry(entries, { id: '2', label: 'S2' })!.map((e) => e.id)).toEqual(['1', '3', '4']);
  });

  it('reads malformed storage as empty and drops entries that are not stone ids', () => {
    expect(parseShortlist('{oops')).toEqual([]);
    expect(parseShortlist('{"id":"1"}')).toEqual([]);
    expect(parseShortlist(JSON.stringify([{ id: '1', label: 'a' }, { id: 'x;drop', label: 'b' }, { id: 2 }]))).toEqual([
      { id: '1', label: 'a' },
    ]);
  });
});
