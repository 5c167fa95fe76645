import { describe, expect, it } from 'vitest';
import { PASSWORD_COMMON_MESSAGE, PASSWORD_IS_USERNAME_MESSAGE } from '@shared/password-policy';
import { AppError } from '../../http/errors';
import { assertPasswordAcceptable, isCommonPassword } from './password-policy';

function refusal(password: string, username: string, field?: string): AppError | null {
  try {
    assertPasswordAcceptable(password, username, field);
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

describe('assertPasswordAcceptable', () => {
  it('loads shared/password-policy/common-passwords.txt once, normalized', () => {
    expect(isCommonPassword('azertyuiop')).toBe(true);
    expect(isCommonPassword('motdepasse')).toBe(true);
    expect(isCommonPassword('motdepasse-solide-1')).toBe(false);
  });

  it('throws a 400 VALIDATION_FAILED with the message on the given field', () => {
    const common = refusal('Azerty123', 'jdupont', 'newPassword');
    expect(common).toMatchObject({ code: 'VALIDATION_FAILED', status: 400, message: 'Données invalides' });
    expect(common?.fieldErrors).toEqual({ newPassword: [PASSWORD_COMMON_MESSAGE] });
    expect(refusal('JDupont2024', 'jdupont')?.fieldErrors).toEqual({ password: [PASSWORD_IS_USERNAME_MESSAGE] });
    expect(refusal('court12', 'jdupont')?.fieldErrors?.password).toHaveLength(1);
  });

  it('accepts a good password', () => {
    expect(refusal('motdepasse-solide-1', 'jdupont')).toBeNull();
  });
});
