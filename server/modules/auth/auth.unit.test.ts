import { describe, expect, it } from 'vitest';
import { ACCOUNT_POLICY, isLocked, nextThrottleState, type ThrottleState } from './login-throttle';
import { productWordFromSettings } from './product-word';
import { slugify } from './register.route';
import { isSessionExpired } from './session.store';
import { hashSessionId, randomToken, tokensEqual } from './tokens';

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

describe('throttle window', () => {
  const policy = ACCOUNT_POLICY; // 5 failures / 15 min, locked 15 min
  it('counts failures in one window and locks at the limit', () => {
    let state: ThrottleState | null = null;
    const now = at('2026-01-01T10:00:00Z');
    for (let i = 1; i <= 4; i++) {
      state = nextThrottleState(state, new Date(now.getTime() + i * 1000), policy);
      expect(state.failures).toBe(i);
      expect(isLocked(state, now)).toBe(false);
    }
    state = nextThrottleState(state, new Date(now.getTime() + 5000), policy);
    expect(state.failures).toBe(5);
    expect(isLocked(state, new Date(now.getTime() + 6000))).toBe(true);
    expect(isLocked(state, new Date(now.getTime() + 5000 + 15 * 60_000))).toBe(false);
  });

  it('starts a new window when the old one is over', () => {
    const start = at('2026-01-01T10:00:00Z');
    const state: ThrottleState = { failures: 4, windowStartedAt: start, lockedUntil: null };
    const later = nextThrottleState(state, new Date(start.getTime() + 15 * 60_000), policy);
    expect(later).toEqual({ failures: 1, windowStartedAt: new Date(start.getTime() + 15 * 60_000), lockedUntil: null });
    const inside = nextThrottleState(state, new Date(start.getTime() + 14 * 60_000), policy);
    expect(inside.failures).toBe(5);
    expect(inside.lockedUntil).not.toBeNull();
  });

  it('is not locked without state', () => {
    expect(isLocked(null, new Date())).toBe(false);
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
  it('slugifies organization names without accents', () => {
    expect(slugify('Bijouterie Émilie Durand')).toBe('bijouterie-emilie-durand');
    expect(slugify("  L'Atelier d'Or ")).toBe('l-atelier-d-or');
    expect(slugify('!!!')).toBe('organisation');
  });

  it('reads the product word from settings with defaults', () => {
    expect(productWordFromSettings({})).toEqual({ menu: 'Diamant', toast: 'diamants' });
    expect(productWordFromSettings({ productWord: { menu: 'Pierre', toast: 'pierres' } })).toEqual({
      menu: 'Pierre',
      toast: 'pierres',
    });
    expect(productWordFromSettings({ productWord: { menu: 3 } })).toEqual({ menu: 'Diamant', toast: 'diamants' });
  });
});
