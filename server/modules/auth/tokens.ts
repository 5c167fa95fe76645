import * as crypto from 'node:crypto';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Node's one-shot digest (20.12 and later): about a third of the cost of a Hash object, read on every request. */
const oneShotHash = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;

/** 32 random bytes, base64url (256 bits): session ids and CSRF tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The session id is never stored: only its SHA-256 (hex). */
export function hashSessionId(id: string): string {
  return oneShotHash ? oneShotHash('sha256', id, 'hex') : createHash('sha256').update(id).digest('hex');
}

const recentHashes = new Map<string, string>();
const RECENT_HASHES_MAX = 10_000;

/**
 * hashSessionId for the cookie of every request: the hashes of the ids seen lately are kept (a digest is about 1 µs
 * of the request's CPU). Bounded: past 10,000 different ids the memory starts over.
 */
export function hashSessionIdRecent(id: string): string {
  let idHash = recentHashes.get(id);
  if (idHash === undefined) {
    if (recentHashes.size >= RECENT_HASHES_MAX) recentHashes.clear();
    idHash = hashSessionId(id);
    recentHashes.set(id, idHash);
  }
  return idHash;
}

/** Constant-time string comparison; false for missing values or different lengths. */
export function tokensEqual(expected: string | null | undefined, received: string | null | undefined): boolean {
  if (!expected || !received) return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received, 'utf8');
  if (a.length !== b.length) return false;
  return timingSafeEqual(a, b);
}
