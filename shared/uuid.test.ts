import { describe, expect, it } from 'vitest';
import { isUuid } from './uuid';

describe('isUuid', () => {
  it('accepts a uuid in either case and nothing else', () => {
    expect(isUuid('0b7c6f1e-3a4d-4e5f-8a9b-0c1d2e3f4a5b')).toBe(true);
    expect(isUuid('0B7C6F1E-3A4D-4E5F-8A9B-0C1D2E3F4A5B')).toBe(true);
    for (const value of [
      '',
      'new',
      '0b7c6f1e3a4d4e5f8a9b0c1d2e3f4a5b',
      ' 0b7c6f1e-3a4d-4e5f-8a9b-0c1d2e3f4a5b',
      '0b7c6f1e-3a4d-4e5f-8a9b-0c1d2e3f4a5g',
      42,
      null,
      undefined,
    ]) {
      expect(isUuid(value), String(value)).toBe(false);
    }
  });
});
