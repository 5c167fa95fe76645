import { describe, expect, it } from 'vitest';
import { ACCOUNT_POLICY, ACCOUNT_SOURCE_POLICY, delayAfterAttempt } from './login-throttle';
import { productWordFromSettings } from './product-word';
import { isSessionExpired } from './session.store';
import { hashSessionId, hashSessionIdRecent, randomToken, tokensEqual } from './tokens';

const at = (iso: string) => new Date(iso);

describe('tokens', () => {
  it('makes 256-bit base64url tokens, all different', () => {
    const a = randomToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(a);
  });

  it('hashes session ids with SHA-256 (hex)', () => {
    expect(hashSessionId('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('keeps recent session-id hashes: the same digest, for any number of different ids', () => {
    expect(hashSessionIdRecent('abc')).toBe(hashSessionId('abc'));
    expect(hashSessionIdRecent('abc')).toBe(hashSessionId('abc'));
    // Past its bound the memory starts over; every id still gets its own digest.
    const ids = Array.from({ length: 10_050 }, (_, i) => `id-${i}`);
    for (const id of ids) hashSessionIdRecent(id);
    for (const id of [ids[0]!, ids[5_000]!, ids[10_049]!, 'abc'])
      expect(hashSessionIdRecent(id)).toBe(hashSessionId(id));
  });

  it('compares tokens: equal only when identical and present', () => {
    const token = randomToken();
    expect(tokensEqual(token, token)).toBe(true);
    const last = token.endsWith('A') ? 'B' : 'A';
    expect(tokensEqual(token, `${token.slice(0, -1)}${last}`)).toBe(false);
    expect(tokensEqual(token, token.slice(1))).toBe(false);
    expect(tokensEqual(token, undefined)).toBe(false);
    expect(tokensEqual(undefined, undefined)).toBe(false);
    expect(tokensEqual('', '')).toBe(false);
  });
});

describe('waits between password attempts (ADR 0002)', () => {
  it('lets the free attempts through, then waits', () => {
    for (let n = 1; n < ACCOUNT_SOURCE_POLICY.freeAttempts; n++)
      expect(delayAfterAttempt(ACCOUNT_SOURCE_POLICY, n)).toBe(0);
    expect(delayAfterAttempt(ACCOUNT_SOURCE_POLICY, 5)).toBe(15 * 60_000);
    expect(delayAfterAttempt(ACCOUNT_SOURCE_POLICY, 9)).toBe(15 * 60_000);
  });

  it('slows an account down by doubling waits, never beyond 15 minutes', () => {
    expect(delayAfterAttempt(ACCOUNT_POLICY, 4)).toBe(0);
    expect([5, 6, 7, 8].map((n) => delayAfterAttempt(ACCOUNT_POLICY, n))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(delayAfterAttempt(ACCOUNT_POLICY, 40)).toBe(15 * 60_000);
  });
});

describe('session expiry', () => {
  const config = { sessionIdleMinutes: 30 };
  const now = at('2026-01-01T12:00:00Z');
  it('expires when idle too long or past the absolute limit', () => {
    const fresh = { lastSeenAt: at('2026-01-01T11:31:00Z'), expiresAt: at('2026-01-01T20:00:00Z') };
    expect(isSessionExpired(fresh, now, config)).toBe(false);
    expect(isSessionExpired({ ...fresh, lastSeenAt: at('2026-01-01T11:30:00Z') }, now, config)).toBe(true);
    expect(isSessionExpired({ ...fresh, expiresAt: now }, now, config)).toBe(true);
  });
});

describe('registration helpers', () => {
  it('reads the product word from settings with defaults', () => {
    expect(productWordFromSettings({})).toEqual({ menu: 'Diamant', toast: 'diamants' });
    expect(productWordFromSettings({ productWord: { menu: 'Pierre', toast: 'pierres' } })).toEqual({
      menu: 'Pierre',
      toast: 'pierres',
    });
    expect(productWordFromSettings({ productWord: { menu: 3 } })).toEqual({ menu: 'Diamant', toast: 'diamants' });
  });
});
