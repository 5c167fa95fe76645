import { describe, expect, it } from 'vitest';
import { CircuitBreakers, DEFAULT_BREAKER } from './circuit-breaker';
import { checkReading, JUMP_CONFIRMATIONS, JumpConfirmations } from './reading-guard';
import { createSecretBox } from './secret-box';

describe('reading guard', () => {
  it('accepts a sane value, normalised to 8 decimals', () => {
    expect(checkReading('XAU', '121.123456789', '120')).toEqual({ ok: true, value: '121.12345679' });
    expect(checkReading('XAU', '121.5', null)).toEqual({ ok: true, value: '121.5' });
  });

  it('rejects nonsense: <= 0, NaN, Infinity, text', () => {
    for (const raw of ['0', '-1', 'NaN', 'Infinity', 'abc', '']) {
      expect(checkReading('XAU', raw, null).ok).toBe(false);
    }
  });

  it('rejects a jump beyond 20 % for metals and 10 % for FX, versus the last good value', () => {
    expect(checkReading('XAU', '143', '120').ok).toBe(true);
    expect(checkReading('XAU', '145', '120')).toEqual({ ok: false, reason: 'XAU: saut de 20.8 % rejeté', jump: '145' });
    expect(checkReading('XAG', '1.1', '1.45').ok).toBe(false);
    expect(checkReading('USD/EUR', '0.98', '0.90').ok).toBe(true);
    expect(checkReading('USD/EUR', '1.00', '0.90').ok).toBe(false);
  });

  it('does not apply the jump bound to trusted (typed) values', () => {
    expect(checkReading('XAU', '200', '120', { trusted: true }).ok).toBe(true);
    expect(checkReading('XAU', '0', '120', { trusted: true }).ok).toBe(false);
  });
});

describe('jump confirmations', () => {
  it('believes a large move only after consecutive agreeing readings', () => {
    const jumps = new JumpConfirmations();
    for (let i = 1; i < JUMP_CONFIRMATIONS; i += 1) expect(jumps.confirm('XAU', String(150 + i))).toBe(false);
    expect(jumps.confirm('XAU', '151')).toBe(true);
    // Forgotten once confirmed.
    expect(jumps.confirm('XAU', '151')).toBe(false);
  });

  it('restarts the count when readings disagree, or when a normal reading comes in', () => {
    const jumps = new JumpConfirmations();
    for (let i = 1; i < JUMP_CONFIRMATIONS; i += 1) jumps.confirm('XAU', '150');
    expect(jumps.confirm('XAU', '300')).toBe(false);
    for (let i = 1; i < JUMP_CONFIRMATIONS - 1; i += 1) jumps.confirm('XAU', '300');
    jumps.clear('XAU');
    expect(jumps.confirm('XAU', '300')).toBe(false);
  });
});

describe('jump confirmations per source', () => {
  it('counts the readings of each source apart', () => {
    const jumps = new JumpConfirmations();
    for (let i = 1; i < JUMP_CONFIRMATIONS; i += 1) {
      expect(jumps.confirm('XAU', '150', 'source-a')).toBe(false);
      expect(jumps.confirm('XAU', '150', 'source-b')).toBe(false);
    }
    jumps.clear('XAU', 'source-b');
    expect(jumps.confirm('XAU', '150', 'source-a')).toBe(true);
    expect(jumps.confirm('XAU', '150', 'source-b')).toBe(false);
  });
});

describe('circuit breaker', () => {
  it('opens after N consecutive failures, half-opens after the cool-down, closes on success', () => {
    const breakers = new CircuitBreakers({ threshold: 3, cooldownMs: 1000 });
    breakers.failure('a', 0);
    breakers.failure('a', 0);
    expect(breakers.canCall('a', 0)).toBe(true);
    breakers.failure('a', 0);
    expect(breakers.canCall('a', 500)).toBe(false);
    expect(breakers.canCall('b', 500)).toBe(true);
    expect(breakers.canCall('a', 1000)).toBe(true);
    // Half-open: one more failure opens it again at once.
    breakers.failure('a', 1000);
    expect(breakers.canCall('a', 1500)).toBe(false);
    expect(breakers.canCall('a', 2000)).toBe(true);
    breakers.success('a');
    breakers.failure('a', 2000);
    expect(breakers.canCall('a', 2000)).toBe(true);
  });

  it('a success resets the count of consecutive failures', () => {
    const breakers = new CircuitBreakers({ threshold: 2, cooldownMs: 1000 });
    breakers.failure('a', 0);
    breakers.success('a');
    breakers.failure('a', 0);
    expect(breakers.canCall('a', 0)).toBe(true);
  });
});

describe('circuit breaker cool-down policy', () => {
  it('starts with a short cool-down that doubles at each failed trial, up to the cap', () => {
    const breakers = new CircuitBreakers({ threshold: 2, cooldownMs: 1000, maxCooldownMs: 5000 });
    breakers.failure('a', 0);
    breakers.failure('a', 0);
    const reopenedFor: number[] = [];
    let now = 0;
    for (let trial = 0; trial < 5; trial += 1) {
      let until = now;
      while (!breakers.canCall('a', until)) until += 100;
      reopenedFor.push(until - now);
      now = until;
      breakers.failure('a', now);
    }
    expect(reopenedFor).toEqual([1000, 2000, 4000, 5000, 5000]);
    breakers.success('a');
    breakers.failure('a', now);
    expect(breakers.canCall('a', now)).toBe(true);
  });

  it('the engine default opens after 3 failures for 30 s, never more than 5 min', () => {
    expect(DEFAULT_BREAKER).toEqual({ threshold: 3, cooldownMs: 30_000, maxCooldownMs: 300_000 });
    const breakers = new CircuitBreakers(DEFAULT_BREAKER);
    for (let i = 0; i < 3; i += 1) breakers.failure('a', 0);
    expect(breakers.canCall('a', 29_999)).toBe(false);
    expect(breakers.canCall('a', 30_000)).toBe(true);
    for (let i = 0; i < 20; i += 1) breakers.failure('a', 1_000_000);
    expect(breakers.canCall('a', 1_000_000 + 300_000)).toBe(true);
  });

  it('forgets the keys it is not told to retain (a source disabled or edited)', () => {
    const breakers = new CircuitBreakers({ threshold: 1, cooldownMs: 60_000 });
    breakers.failure('a@1', 0);
    breakers.failure('b@1', 0);
    breakers.retain(new Set(['b@1']));
    expect(breakers.canCall('a@1', 0)).toBe(true);
    expect(breakers.canCall('b@1', 0)).toBe(false);
  });
});

describe('secret box', () => {
  it('round-trips and never stores the plaintext', () => {
    const box = createSecretBox('a-server-secret-of-some-length-123456');
    const sealed = box.encrypt('goldapi-key-XYZ');
    expect(sealed).not.toContain('goldapi-key-XYZ');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(box.decrypt(sealed)).toBe('goldapi-key-XYZ');
    expect(box.encrypt('goldapi-key-XYZ')).not.toBe(sealed);
  });

  it('fails with another key or a tampered payload', () => {
    const sealed = createSecretBox('secret-one-secret-one-secret-one').encrypt('key');
    expect(() => createSecretBox('secret-two-secret-two-secret-two').decrypt(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => createSecretBox('secret-one-secret-one-secret-one').decrypt(parts.join('.'))).toThrow();
    expect(() => createSecretBox('secret-one-secret-one-secret-one').decrypt('garbage')).toThrow();
  });
});
