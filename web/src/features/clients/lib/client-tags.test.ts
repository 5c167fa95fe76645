import { describe, expect, it } from 'vitest';
import { canonicalTags, canonicalTagsText, missingTags, splitTags } from './client-tags';

describe('client tags in the form', () => {
  it('splits the field on commas and bars, trimmed, empty ones dropped', () => {
    expect(splitTags(' VIP, mariage ,, |fidèle|')).toEqual(['VIP', 'mariage', 'fidèle']);
  });

  it("takes the organization's spelling and keeps each tag once whatever its case or accents", () => {
    const known = ['VIP', 'Fiançailles'];
    expect(canonicalTags(['vip', 'Vip', 'fiancailles', 'Nouveau', 'NOUVEAU'], known)).toEqual([
      'VIP',
      'Fiançailles',
      'Nouveau',
    ]);
    expect(canonicalTagsText('vip, mariage, VIP', known)).toBe('VIP, mariage');
  });

  it('suggests the known tags the field does not hold yet', () => {
    expect(missingTags('vip, autre', ['VIP', 'mariage', 'fidèle'])).toEqual(['mariage', 'fidèle']);
    expect(missingTags('', ['VIP'])).toEqual(['VIP']);
  });
});
