import { hash, verify, type Options } from '@node-rs/argon2';

/** argon2id with OWASP's minimum cost (m=19 MiB, t=2, p=1; ADR 0002). */
// `Algorithm` is an ambient const enum (not importable with verbatimModuleSyntax): 2 = Argon2id.
const ARGON2_OPTIONS: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False (never throws) for a wrong password or a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a throw-away hash so an unknown username costs about as much time as a wrong
 * password (no user enumeration by timing).
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy-password-for-timing-only');
  await verifyPassword(await dummyHash, password);
}
