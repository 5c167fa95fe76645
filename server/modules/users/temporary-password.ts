import { randomInt } from 'node:crypto';

/** No 0/O, 1/l/I: a temporary password is read out or copied by a person. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A 16-character random password (about 93 bits), shown once to the admin. */
export function generateTemporaryPassword(length = 16): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}
