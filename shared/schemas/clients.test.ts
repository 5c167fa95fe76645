import { describe, expect, it } from 'vitest';
import { clientInputSchema, duplicatesQuerySchema, matchReason, tagKey, uniqueTags } from './clients';

describe('client tags', () => {
  it('one key whatever the case or accents', () => {
    expect(new Set(['VIP', 'vip', 'Vip', 'vîp'].map(tagKey)).size).toBe(1);
    expect(tagKey('Fiançailles')).toBe(tagKey('fiancailles'));
  });

  it('the schema keeps each tag once, in its first spelling', () => {
    expect(uniqueTags(['VIP', 'mariage', 'vip', 'Mariage '.trim()])).toEqual(['VIP', 'mariage']);
    const parsed = clientInputSchema.parse({ lastName: 'X', tags: 'Vip, VIP|vip, fidèle, FIDELE' });
    expect(parsed.tags).toEqual(['Vip', 'fidèle']);
  });
});

describe('why a client looks like another', () => {
  it('says it in French', () => {
    expect(matchReason(['email'])).toBe('même e-mail');
    expect(matchReason(['email', 'phone'])).toBe('même e-mail et même téléphone');
    expect(matchReason(['namePostalCode', 'nameCity'])).toBe('même nom, code postal et ville');
    expect(matchReason(['phone', 'namePostalCode', 'nameCity'])).toBe(
      'même téléphone et même nom, code postal et ville',
    );
  });

  it('reads one or two phones from the query string', () => {
    expect(duplicatesQuerySchema.parse({ phone: '06 12' }).phone).toEqual(['06 12']);
    expect(duplicatesQuerySchema.parse({ phone: ['06 12', '01 42'] }).phone).toEqual(['06 12', '01 42']);
    expect(duplicatesQuerySchema.safeParse({ phone: ['1', '2', '3'] }).success).toBe(false);
  });
});
