import { PreparedQueries } from './prepared-queries';
import { describe, expect, it } from 'vitest';
import { CountCache } from './count-cache';
import { mapHeaders } from './csv-columns';
import { escapeLike } from './list-query';
import { createRateLimiter } from './rate-limit';

describe('CountCache', () => {
  it('serves a total until it expires or its scope is invalidated', () => {
    const cache = new CountCache(1000);
    cache.set('org1', 'q=a', 42, 0);
    cache.set('org2', 'q=a', 7, 0);
    expect(cache.get('org1', 'q=a', 999)).toBe(42);
    expect(cache.get('org1', 'q=a', 1000)).toBeUndefined();
    cache.set('org1', 'q=a', 43, 1000);
    cache.invalidate('org1');
    expect(cache.get('org1', 'q=a', 1001)).toBeUndefined();
    expect(cache.get('org2', 'q=a', 999)).toBe(7);
  });

  it('does not cache a count started before an invalidation', () => {
    const cache = new CountCache(1000);
    const before = cache.generation('org1');
    cache.invalidate('org1');
    cache.set('org1', 'k', 5, 0, before);
    expect(cache.get('org1', 'k', 1)).toBeUndefined();
    cache.set('org1', 'k', 6, 0, cache.generation('org1'));
    expect(cache.get('org1', 'k', 1)).toBe(6);
  });
});

describe('mapHeaders', () => {
  const columns = [
    { header: 'Nom', field: 'lastName', aliases: ['last name'], value: () => '' },
    { header: 'Prénom', field: 'firstName', value: () => '' },
    { header: 'Créé le', value: () => '' },
  ];
  it('matches French headers, field names and aliases case- and accent-insensitively; reports the rest', () => {
    expect(mapHeaders(['PRENOM', 'Last Name', 'Créé le', 'Divers', 'nom'], columns)).toEqual({
      fields: ['firstName', 'lastName', null, null, null],
      ignored: ['Créé le', 'Divers', 'nom'],
    });
    expect(mapHeaders(['lastname'], columns).fields).toEqual(['lastName']);
  });
});

describe('escapeLike', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});

describe('rate limiter', () => {
  it('allows max hits per window per key', () => {
    const limiter = createRateLimiter(2, 1000);
    limiter.check('u', 0);
    limiter.check('u', 10);
    expect(() => limiter.check('u', 20)).toThrow('Trop d’imports');
    limiter.check('v', 20);
    limiter.check('u', 1000);
  });
});

describe('PreparedQueries', () => {
  it('builds a shape once, keeps the most recently used shapes, evicts the oldest', () => {
    const built: string[] = [];
    const cache = new PreparedQueries<string>(2);
    const get = (key: string) =>
      cache.get(key, () => {
        built.push(key);
        return `query ${key}`;
      });
    expect(get('a')).toBe('query a');
    expect(get('a')).toBe('query a');
    get('b');
    get('a'); // a is now the most recently used
    get('c'); // evicts b
    expect(cache.size).toBe(2);
    get('a');
    get('b');
    expect(built).toEqual(['a', 'b', 'c', 'b']);
  });
});
