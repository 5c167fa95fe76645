import { PreparedQueries } from './prepared-queries';
import { describe, expect, it } from 'vitest';
import { mapHeaders } from './csv-columns';
import { coalescedReads } from './table-versions';
import { VersionedCache } from './versioned-cache';

describe('VersionedCache', () => {
  it('serves a value only for the version it was stored under', () => {
    const cache = new VersionedCache<number>({ maxEntries: 10 });
    cache.set('org1|q=a', 3, 42);
    expect(cache.get('org1|q=a', 3)).toBe(42);
    // The table changed (version 4): the old total is never served again.
    expect(cache.get('org1|q=a', 4)).toBeUndefined();
    cache.set('org1|q=a', 4, 43);
    expect(cache.get('org1|q=a', 4)).toBe(43);
    expect(cache.get('org2|q=a', 4)).toBeUndefined();
  });

  it('keeps a newer value when a slower request of an older version finishes last', () => {
    const cache = new VersionedCache<string>({ maxEntries: 10 });
    cache.set('k', 5, 'new');
    cache.set('k', 4, 'old');
    expect(cache.get('k', 5)).toBe('new');
    expect(cache.get('k', 4)).toBeUndefined();
  });

  it('drops the least recently used entries past its entry and weight limits', () => {
    const cache = new VersionedCache<string>({ maxEntries: 3, maxWeight: 10, weigh: (v) => v.length });
    cache.set('a', 1, 'aaaa');
    cache.set('b', 1, 'bbbb');
    expect(cache.get('a', 1)).toBe('aaaa'); // a is now the most recent
    cache.set('c', 1, 'cc'); // 10 units: all fit
    expect(cache.totalWeight).toBe(10);
    cache.set('d', 1, 'dd'); // over the weight: b (least recent) leaves
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBe('aaaa');
    expect(cache.totalWeight).toBe(8);
    cache.set('e', 1, 'e'); // over the entry count: c leaves
    expect(cache.size).toBe(3);
    expect(cache.get('c', 1)).toBeUndefined();
    cache.set('big', 1, 'x'.repeat(11)); // heavier than the whole cache: not kept, nothing evicted
    expect(cache.get('big', 1)).toBeUndefined();
    expect(cache.size).toBe(3);
  });

  it('keeps nothing when turned off', () => {
    const cache = new VersionedCache<string>({ maxEntries: 0 });
    expect(cache.enabled).toBe(false);
    expect(new VersionedCache<string>({ maxEntries: 10, maxWeight: 0 }).enabled).toBe(false);
    expect(new VersionedCache<string>({ maxEntries: 10 }).enabled).toBe(true);
    cache.set('k', 1, 'v');
    expect(cache.get('k', 1)).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});

describe('coalescedReads', () => {
  /** A store whose reads answer when the test says so, returning the value at the moment each read was sent. */
  function store() {
    let value = 1;
    const pending: Array<() => void> = [];
    let reads = 0;
    const read = (key: string) => {
      reads++;
      const seen = value;
      return new Promise<number>((resolve, reject) =>
        pending.push(() => (key === 'broken' ? reject(new Error('down')) : resolve(seen))),
      );
    };
    return {
      read,
      write: () => value++,
      answerAll: async () => {
        while (pending.length) pending.shift()!();
        await new Promise((r) => setTimeout(r, 0));
      },
      reads: () => reads,
    };
  }

  it('never gives a caller a read sent before it arrived; callers arriving meanwhile share the next one', async () => {
    const s = store();
    const versionOf = coalescedReads(s.read);
    const first = versionOf('org');
    s.write(); // committed after the first read was sent, before the next callers arrive
    const second = versionOf('org');
    const third = versionOf('org');
    expect(s.reads()).toBe(1);
    await s.answerAll();
    expect(await first).toBe(1);
    await s.answerAll();
    expect(await second).toBe(2);
    expect(await third).toBe(2);
    expect(s.reads()).toBe(2);
    // Nothing in flight: a new caller reads at once.
    const fourth = versionOf('org');
    expect(s.reads()).toBe(3);
    await s.answerAll();
    expect(await fourth).toBe(2);
  });

  it('keeps keys apart and recovers from a failed read', async () => {
    const s = store();
    const versionOf = coalescedReads(s.read);
    const outcome = (p: Promise<number>) => p.then(String, (e: Error) => e.message);
    const broken = outcome(versionOf('broken'));
    const waiting = outcome(versionOf('broken'));
    const other = versionOf('org');
    expect(s.reads()).toBe(2);
    await s.answerAll();
    expect(await other).toBe(1);
    await s.answerAll();
    expect(await broken).toBe('down');
    // The caller that waited for the next read got its own answer (here, the same failure).
    expect(await waiting).toBe('down');
    expect(s.reads()).toBe(3);
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
