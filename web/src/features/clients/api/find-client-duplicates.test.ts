import { describe, expect, it } from 'vitest';
import { duplicateProbe, probeKey } from './find-client-duplicates';

describe('the homonym probe of the client form', () => {
  it('looks for a name only with a postal code or a city', () => {
    expect(duplicateProbe({ lastName: 'Dupré', firstName: 'Hélène' })).toBeNull();
    expect(duplicateProbe({ lastName: 'Dupré', firstName: 'Hélène', postalCode: ' 75011 ' })).toEqual({
      lastName: 'Dupré',
      firstName: 'Hélène',
      postalCode: '75011',
      city: '',
      email: '',
      phones: [],
    });
    expect(duplicateProbe({ lastName: '', city: 'Lyon' })).toBeNull();
  });

  it('looks for an e-mail or a phone once they can be one', () => {
    expect(duplicateProbe({ email: 'helene@' })?.email).toBe('helene@');
    expect(duplicateProbe({ email: 'helene' })).toBeNull();
    expect(duplicateProbe({ phoneMobile: '06 12' })).toBeNull();
    expect(duplicateProbe({ phoneMobile: '06 12 34', phoneLandline: '' })?.phones).toEqual(['06 12 34']);
  });

  it('gives the same key to the same identity, whatever the blanks around it', () => {
    const a = duplicateProbe({ lastName: 'Dupré ', postalCode: '75011', email: null });
    const b = duplicateProbe({ lastName: 'Dupré', postalCode: ' 75011', email: '' });
    expect(probeKey(a)).toBe(probeKey(b));
    expect(probeKey(null)).toBe('');
  });
});
