import { randomInt } from 'node:crypto';
import { passwordProblem } from '@shared/password-policy';
import { isCommonPassword } from '../auth/password-policy';

/** No 0/O, 1/l/I: a temporary password is read out or copied by a person. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

function randomPassword(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/**
 * A 16-character random password (about 93 bits), shown once to the admin. It passes the password policy
 * (shared/password-policy.ts): a draw the policy would refuse (astronomically unlikely) is drawn again.
 */
export function generateTemporaryPassword(length = 16): string {
  let password = randomPassword(length);
  while (passwordProblem(password, { isCommon: isCommonPassword })) password = randomPassword(length);
  return password;
}
