import { describe, expect, it } from 'vitest';
import { FixedWindowRateLimiter } from './rate-limiter';

describe('FixedWindowRateLimiter', () => {
  it('allows `limit` hits per window per key, then asks to wait until the window ends', () => {
    let now = 1_000_000;
    const limiter = new FixedWindowRateLimiter(3, 60_000, () => now);
    expect([limiter.hit('a'), limiter.hit('a'), limiter.hit('a')]).toEqual([0, 0, 0]);
    expect(limiter.hit('a')).toBe(60);
    expect(limiter.hit('b')).toBe(0);
    now += 45_000;
    expect(limiter.hit('a')).toBe(15);
    now += 15_000;
    expect(limiter.hit('a')).toBe(0);
  });
});

describe('FixedWindowRateLimiter memory bound', () => {
  it('forgets the oldest keys beyond maxKeys', () => {
    const limiter = new FixedWindowRateLimiter(1, 60_000, () => 0, 2);
    expect(limiter.hit('a')).toBe(0);
    expect(limiter.hit('a')).toBe(60);
    limiter.hit('b');
    limiter.hit('c'); // evicts 'a'
    expect(limiter.hit('a')).toBe(0);
    expect(limiter.hit('c')).toBe(60);
  });
});
