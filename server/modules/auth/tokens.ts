import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url (256 bits): session ids and CSRF tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The session id is never stored: only its SHA-256 (hex). */
export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

/** Constant-time string comparison; false for missing values or different lengths. */
export function tokensEqual(expected: string | null | undefined, received: string | null | undefined): boolean {
  if (!expected || !received) return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received, 'utf8');
  if (a.length !== b.length) return false;
  return timingSafeEqual(a, b);
}
