import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';
import { dataSources, marketReadings } from '../../db/schema';
import { openTestDatabase } from '../../test/harness';
import { addSource, createEngine, sourceHealth, testClock } from './test/engine.helpers';
import { startEcbStub, startGoldApiStub, type EcbStub, type GoldApiStub } from './test/stub-servers';
import type { MarketEngine } from './market.service';
import { DEMO_SOURCE_NAME, seedMarketDefaults } from './market.seed';
import { JUMP_CONFIRMATIONS } from './reading-guard';

let handle: DatabaseHandle;
let drop: () => Promise<void>;
let ecb: EcbStub;
let goldapi: GoldApiStub;
const engines: MarketEngine[] = [];

beforeAll(async () => {
  ({ handle, drop } = await openTestDatabase());
  ecb = await startEcbStub();
  goldapi = await startGoldApiStub();
});

afterAll(async () => {
  await ecb.close();
  await goldapi.close();
  await drop();
});

beforeEach(async () => {
  await handle.exec('DELETE FROM market_readings; DELETE FROM data_sources; DELETE FROM alloys;');
  ecb.fail(null);
  goldapi.fail(null);
  goldapi.omitGramPrice(false);
  ecb.setPrice('USD', '1.1612');
  ecb.setPrice('ILS', '3.8121');
  goldapi.setPrice('XAU', 121.5);
  goldapi.setPrice('XAG', 1.48);
  goldapi.setPrice('XPT', 41.2);
});

afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.stop()));
});

function engine(...args: Parameters<typeof createEngine> extends [unknown, ...infer R] ? R : never): MarketEngine {
  const e = createEngine(handle.db, ...args);
  engines.push(e);
  return e;
}

describe('market engine', () => {
  it('has no quote on a fresh database', async () => {
    const e = engine();
    await e.init();
    expect(e.getSpot('gold')).toBeNull();
    await e.refresh(['XAU']);
    expect(e.getSpot('gold')).toBeNull();
  });

  it('reads ECB rates, stores them with source and time, and records the source health', async () => {
    const id = await addSource(handle.db, {
      kind: 'ecb',
      name: 'BCE',
      instruments: ['USD/EUR', 'ILS/EUR'],
      config: { url: ecb.xmlUrl },
    });
    const e = engine();
    await e.refresh(['USD/EUR', 'ILS/EUR']);
    const usd = e.getFx('USD/EUR')!;
    expect(usd.value).toBe('0.86117809');
    expect(usd.source).toBe('BCE');
    expect(usd.stale).toBe(false);
    expect(usd.observedAt.toISOString()).toBe('2026-11-20T15:00:00.000Z');
    expect(e.getFx('ILS/EUR')!.value).toBe('0.2623226');
    const rows = await handle.db.select().from(marketReadings).orderBy(asc(marketReadings.instrument));
    expect(rows.map((r) => [r.instrument, r.source])).toEqual([
      ['ILS/EUR', 'BCE'],
      ['USD/EUR', 'BCE'],
    ]);
    const health = await sourceHealth(handle.db, id);
    expect(health.lastSuccessAt).toBeInstanceOf(Date);
    expect(health.lastError).toBeNull();
    expect(health.lastLatencyMs).toBeGreaterThanOrEqual(0);
  });

  it('sends the decrypted goldapi key in x-access-token, never stores it in clear', async () => {
    const id = await addSource(handle.db, {
      kind: 'goldapi',
      name: 'GoldAPI',
      instruments: ['XAU', 'XAG', 'XPT'],
      config: { baseUrl: goldapi.url },
      secret: goldapi.token,
    });
    expect((await sourceHealth(handle.db, id)).secretEncrypted).not.toContain(goldapi.token);
    const before = goldapi.requests.length;
    const e = engine();
    await e.refresh(['XAU', 'XAG', 'XPT']);
    const seen = goldapi.requests.slice(before);
    expect(seen.map((r) => r.path).sort()).toEqual(['/api/XAG/EUR', '/api/XAU/EUR', '/api/XPT/EUR']);
    expect(seen.every((r) => r.headers['x-access-token'] === goldapi.token)).toBe(true);
    expect(e.getSpot('gold')!.value).toBe('121.5');
    expect(e.getSpot('platinum')!.value).toBe('41.2');
  });

  it('divides the ounce price when goldapi gives no gram price', async () => {
    await addSource(handle.db, {
      kind: 'goldapi',
      name: 'GoldAPI',
      instruments: ['XAU'],
      config: { baseUrl: goldapi.url },
      secret: goldapi.token,
    });
    goldapi.omitGramPrice(true);
    const e = engine();
    await e.refresh(['XAU']);
    // 121.5 €/g -> 3779.07 €/oz on the stub -> back to grams.
    expect(e.getSpot('gold')!.value).toBe('121.49992184');
  });

  it('a wrong goldapi key is a failure with a short message and no secret', async () => {
    const id = await addSource(handle.db, {
      kind: 'goldapi',
      name: 'GoldAPI',
      instruments: ['XAU'],
      config: { baseUrl: goldapi.url },
      secret: 'wrong-key-123',
    });
    await engine().refresh(['XAU']);
    const health = await sourceHealth(handle.db, id);
    expect(health.lastError).toBe('HTTP 403');
    expect(health.lastSuccessAt).toBeNull();
  });

  for (const mode of ['http500', 'hang', 'zero', 'garbage'] as const) {
    it(`a feed that answers ${mode} keeps the last good value, marked stale with its age`, async () => {
      const clock = testClock();
      const id = await addSource(handle.db, {
        kind: 'goldapi',
        name: 'GoldAPI',
        instruments: ['XAU'],
        config: { baseUrl: goldapi.url },
        secret: goldapi.token,
      });
      const e = engine({ now: clock.now, timeoutMs: 300 });
      await e.refresh(['XAU']);
      const good = e.getSpot('gold')!;
      expect(good.stale).toBe(false);
      goldapi.fail(mode);
      clock.advance(60_000);
      await e.refresh(['XAU']);
      const after = e.getSpot('gold')!;
      expect(after.value).toBe(good.value);
      expect(after.fetchedAt).toEqual(good.fetchedAt);
      expect(after.stale).toBe(true);
      expect(clock.now().getTime() - after.observedAt.getTime()).toBeGreaterThanOrEqual(60_000);
      const health = await sourceHealth(handle.db, id);
      expect(health.lastErrorAt).toBeInstanceOf(Date);
      expect(health.lastError).toMatch(
        { http500: /HTTP 500/, hang: /Délai dépassé/, zero: /XAU: valeur <= 0/, garbage: /illisible/ }[mode],
      );
      expect(await handle.db.select().from(marketReadings)).toHaveLength(1);
    });
  }

  it('rejects a jump beyond 20 % for a metal and keeps the last good value', async () => {
    await addSource(handle.db, {
      kind: 'goldapi',
      name: 'GoldAPI',
      instruments: ['XAU'],
      config: { baseUrl: goldapi.url },
      secret: goldapi.token,
    });
    const e = engine();
    await e.refresh(['XAU']);
    goldapi.setPrice('XAU', 150);
    await e.refresh(['XAU']);
    expect(e.getSpot('gold')!.value).toBe('121.5');
    expect(e.getSpot('gold')!.stale).toBe(true);
    goldapi.setPrice('XAU', 125);
    await e.refresh(['XAU']);
    expect(e.getSpot('gold')).toMatchObject({ value: '125', stale: false });
  });

  it('accepts a lasting large move once consecutive readings confirm it', async () => {
    await addSource(handle.db, {
      kind: 'goldapi',
      name: 'GoldAPI',
      instruments: ['XAU'],
      config: { baseUrl: goldapi.url },
      secret: goldapi.token,
    });
    const e = engine({ breaker: { threshold: 100, cooldownMs: 1 } });
    await e.refresh(['XAU']);
    goldapi.setPrice('XAU', 150);
    for (let i = 1; i < JUMP_CONFIRMATIONS; i += 1) {
      await e.refresh(['XAU']);
      expect(e.getSpot('gold')!.value).toBe('121.5');
    }
    await e.refresh(['XAU']);
    expect(e.getSpot('gold')).toMatchObject({ value: '150', stale: false });
  });

  it('falls back to the next source by priority when the first fails', async () => {
    await addSource(handle.db, {
      kind: 'goldapi',
      name: 'GoldAPI',
      priority: 10,
      instruments: ['XAU', 'XAG'],
      config: { baseUrl: goldapi.url },
      secret: goldapi.token,
    });
    await addSource(handle.db, {
      kind: 'manual',
      name: 'Saisie boutique',
      priority: 50,
      instruments: ['XAU', 'XAG'],
      config: { values: { XAU: '119.80', XAG: '1.40' } },
    });
    const e = engine();
    await e.refresh(['XAU', 'XAG']);
    expect(e.getSpot('gold')).toMatchObject({ value: '121.5', source: 'GoldAPI' });
    goldapi.fail('http500');
    await e.refresh(['XAU', 'XAG']);
    expect(e.getSpot('gold')).toMatchObject({ value: '119.8', source: 'Saisie boutique', stale: false });
    expect(e.getSpot('silver')).toMatchObject({ value: '1.4', source: 'Saisie boutique' });
  });

  it('skips a source whose circuit is open, then tries it again after the cool-down', async () => {
    const clock = testClock();
    await addSource(handle.db, {
      kind: 'ecb',
      name: 'BCE',
      instruments: ['USD/EUR'],
      config: { url: ecb.xmlUrl },
    });
    const e = engine({ now: clock.now, breaker: { threshold: 2, cooldownMs: 60_000 } });
    ecb.fail('http500');
    const before = ecb.requests.length;
    await e.refresh(['USD/EUR']);
    await e.refresh(['USD/EUR']);
    expect(ecb.requests.length - before).toBe(2);
    await e.refresh(['USD/EUR']);
    expect(ecb.requests.length - before).toBe(2);
    ecb.fail(null);
    clock.advance(61_000);
    await e.refresh(['USD/EUR']);
    expect(ecb.requests.length - before).toBe(3);
    expect(e.getFx('USD/EUR')!.value).toBe('0.86117809');
  });

  it('a disabled source is never asked', async () => {
    await addSource(handle.db, {
      kind: 'ecb',
      name: 'BCE',
      enabled: false,
      instruments: ['USD/EUR'],
      config: { url: ecb.xmlUrl },
    });
    const before = ecb.requests.length;
    const e = engine();
    await e.refresh(['USD/EUR']);
    expect(ecb.requests.length).toBe(before);
    expect(e.getFx('USD/EUR')).toBeNull();
  });

  it('a new node loads the latest readings from the database at start', async () => {
    await addSource(handle.db, {
      kind: 'manual',
      name: 'Saisie',
      instruments: ['XAU'],
      config: { values: { XAU: '118' } },
    });
    const first = engine();
    await first.refresh(['XAU']);
    await handle.db
      .update(dataSources)
      .set({ config: { values: { XAU: '119' } }, updatedAt: new Date(Date.now() + 1000) })
      .where(eq(dataSources.name, 'Saisie'));
    await first.refresh(['XAU']);
    const second = engine();
    expect(second.getSpot('gold')).toBeNull();
    await second.init();
    expect(second.getSpot('gold')).toMatchObject({ value: '119', source: 'Saisie', stale: false });
  });

  it('seeds the default alloys and one demo source, idempotently, and the demo is deterministic when seeded', async () => {
    await seedMarketDefaults(handle.db);
    await seedMarketDefaults(handle.db);
    const sources = await handle.db.select().from(dataSources);
    expect(sources).toHaveLength(1);
    expect(sources[0]).toMatchObject({ kind: 'demo', name: DEMO_SOURCE_NAME, priority: 100, enabled: true });
    expect([...sources[0]!.instruments].sort()).toEqual(['ILS/EUR', 'USD/EUR', 'XAG', 'XAU', 'XPT']);
    const alloyRows = await engine().getAlloys();
    expect(alloyRows.map((a) => a.name)).toEqual([
      'Or 24kt (pur)',
      'Or 22kt',
      'Or 20kt',
      'Or 18kt',
      'Or 14kt',
      'Or 9kt',
      'Argent 925',
    ]);
    await handle.db.update(dataSources).set({ config: { seed: 1234 } });
    const a = engine();
    await a.refresh(['XAU', 'USD/EUR']);
    const valuesA = [a.getSpot('gold')!.value, a.getFx('USD/EUR')!.value];
    await handle.exec('DELETE FROM market_readings');
    const b = engine();
    await b.refresh(['XAU', 'USD/EUR']);
    expect([b.getSpot('gold')!.value, b.getFx('USD/EUR')!.value]).toEqual(valuesA);
    expect(Number(valuesA[0])).toBeGreaterThan(100);
  });

  it('polls on start when there is no reading yet', async () => {
    await addSource(handle.db, { kind: 'demo', name: 'Démo', instruments: ['XAU', 'XAG'], config: { seed: 1 } });
    const e = engine({ pollMs: 60_000 });
    await e.init();
    e.start();
    await expect.poll(() => e.getSpot('gold'), { timeout: 5000 }).not.toBeNull();
    expect(e.isLeader()).toBe(true);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL exactly one node polls (advisory lock); another takes over when it stops',
    async () => {
      await addSource(handle.db, { kind: 'demo', name: 'Démo', instruments: ['XAU'], config: { seed: 2 } });
      const a = engine({ pollMs: 100, followIntervalMs: 50 });
      const b = engine({ pollMs: 100, followIntervalMs: 50 });
      await a.tick();
      await b.tick();
      expect([a.isLeader(), b.isLeader()]).toEqual([true, false]);
      // The follower serves what the leader stored.
      await b.tick();
      expect(b.getSpot('gold')?.value).toBe(a.getSpot('gold')?.value);
      await a.tick();
      await b.tick();
      expect([a.isLeader(), b.isLeader()]).toEqual([true, false]);
      await a.stop();
      await b.tick();
      expect(b.isLeader()).toBe(true);
    },
  );
});
