import { describe, expect, it } from 'vitest';
import { acceptsGzip } from './accepts-gzip';

describe('acceptsGzip', () => {
  it('accepts what browsers send', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8, *;q=0.1')).toBe(true);
    expect(acceptsGzip(['deflate', 'GZIP'])).toBe(true);
  });

  it('refuses when gzip is absent or excluded', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('gzip;q=0.000')).toBe(false);
  });

  it('follows the wildcard when gzip is not named', () => {
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('br, *;q=0')).toBe(false);
  });
});
