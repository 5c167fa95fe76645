import { describe, expect, it } from 'vitest';
import { assertPasswordAcceptable } from '../auth/password-policy';
import { generateTemporaryPassword } from './temporary-password';

describe('generateTemporaryPassword', () => {
  it('makes 16 characters without look-alikes that pass the password policy', () => {
    for (let i = 0; i < 500; i++) {
      const password = generateTemporaryPassword();
      expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]{16}$/);
      expect(() => assertPasswordAcceptable(password, 'jdupont')).not.toThrow();
    }
  });
});
