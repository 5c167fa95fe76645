/**
 * After an outside security review (ADR 0004): a wrong manual price must not freeze the real feeds, a rejected
 * reading is not a transport failure, the circuit breaker recovers quickly, and an API key never follows
 * a redirect to another site. Real engine on the test database, real local stub servers.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';
import { dataSources, marketReadings } from '../../db/schema';
import { openTestDatabase } from '../../test/harness';
import { DEFAULT_BREAKER } from './circuit-breaker';
import type { MarketEngine } from './market.service';
import { JUMP_CONFIRMATIONS } from './reading-guard';
import { addSource, createEngine, sourceHealth, testClock } from './test/engine.helpers';
import { startGoldApiStub, startHttpStub, type GoldApiStub } from './test/stub-servers';

let handle: DatabaseHandle;
let drop: () => Promise<void>;
let goldapi: GoldApiStub;
const engines: MarketEngine[] = [];

beforeAll(async () => {
  ({ handle, drop } = await openTestDatabase());
  goldapi = await startGoldApiStub();
});

afterAll(async () => {
  await goldapi.close();
  await drop();
});

beforeEach(async () => {
  await handle.exec('DELETE FROM market_readings; DELETE FROM data_sources;');
  goldapi.fail(null);
  goldapi.setPrice('XAU', 121.5);
});

afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.stop()));
});

/** An engine with the production breaker policy (DEFAULT_BREAKER), unless a test overrides it. */
function engine(overrides: Parameters<typeof createEngine>[1] = {}): MarketEngine {
  const e = createEngine(handle.db, overrides);
  engines.push(e);
  return e;
}

const addGoldApi = (priority = 20, name = 'GoldAPI') =>
  addSource(handle.db, {
    kind: 'goldapi',
    name,
    priority,
    instruments: ['XAU'],
    config: { baseUrl: goldapi.url },
    secret: goldapi.token,
  });

const addManual = (xau: string, priority = 10) =>
  addSource(handle.db, {
    kind: 'manual',
    name: 'Saisie boutique',
    priority,
    instruments: ['XAU'],
    config: { values: { XAU: xau } },
  });

/** What the superadmin screen does: every change also bumps updated_at. */
async function updateSource(id: string, patch: Partial<typeof dataSources.$inferInsert>): Promise<void> {
  await handle.db
    .update(dataSources)
    .set({ ...patch, updatedAt: new Date(Date.now() + Math.floor(Math.random() * 1000) + 1) })
    .where(eq(dataSources.id, id));
}

const storedValues = async () =>
  (await handle.db.select().from(marketReadings).orderBy(marketReadings.id)).map((r) => [r.source, r.value]);

describe('a wrong manual price does not freeze the feeds', () => {
  it('serves a manual 1 €/g, then the feed at 89 €/g as soon as the manual source is disabled', async () => {
    goldapi.setPrice('XAU', 88);
    await addGoldApi(20);
    const e = engine();
    await e.refresh(['XAU']);
    expect(e.getSpot('gold')).toMatchObject({ value: '88', source: 'GoldAPI' });

    const manualId = await addManual('1', 10);
    await e.refresh(['XAU']);
    expect(e.getSpot('gold')).toMatchObject({ value: '1', source: 'Saisie boutique', stale: false });

    await updateSource(manualId, { enabled: false });
    goldapi.setPrice('XAU', 89);
    await e.refresh(['XAU']);
    expect(e.getSpot('gold')).toMatchObject({ value: '89', source: 'GoldAPI', stale: false });
  });

  it('a feed with no history of its own is not judged against the manual value it replaces', async () => {
    const manualId = await addManual('1', 10);
    const e = engine();
    await e.refresh(['XAU']);
    expect(e.getSpot('gold')).toMatchObject({ value: '1', source: 'Saisie boutique' });

    await addGoldApi(20);
    await handle.db.delete(dataSources).where(eq(dataSources.id, manualId));
    goldapi.setPrice('XAU', 89);
    await e.refresh(['XAU']);
    expect(e.getSpot('gold')).toMatchObject({ value: '89', source: 'GoldAPI', stale: false });
  });

  it('a new feed is judged against another feed, never against a manual value', async () => {
    const demoId = await addSource(handle.db, {
      kind: 'demo',
      name: 'Démo',
      priority: 30,
      instruments: ['XAU'],
      config: { seed: 7 },
    });
    const e = engine();
    await e.refresh(['XAU']);
    const demoValue = Number(e.getSpot('gold')!.value);
    expect(demoValue).toBeGreaterThan(100);

    const manualId = await addManual('1', 10);
    await e.refresh(['XAU']);
    expect(e.getSpot('gold')!.value).toBe('1');
    await updateSource(manualId, { enabled: false });
    await updateSource(demoId, { enabled: false });
    await addGoldApi(20);

    // Ten times the demo feed's last reading: rejected (the reference is the demo feed, not the typed 1 €/g).
    goldapi.setPrice('XAU', demoValue * 10);
    await e.refresh(['XAU']);
    expect(e.getSpot('gold')).toMatchObject({ value: '1', stale: true });

    goldapi.setPrice('XAU', 121.5);
    await e.refresh(['XAU']);
    expect(e.getSpot('gold')).toMatchObject({ value: '121.5', source: 'GoldAPI', stale: false });
  });

  it("a one-off lie (10x off) is rejected against the feed's own sane reading, whatever was typed meanwhile", async () => {
    await addGoldApi(20);
    const e = engine();
    await e.refresh(['XAU']);
    expect(e.getSpot('gold')!.value).toBe('121.5');

    // Typed 1100 instead of 110.0; the feed's lie (1215) is within 20 % of that typo.
    const manualId = await addManual('1100', 10);
    await e.refresh(['XAU']);
    await updateSource(manualId, { enabled: false });
    goldapi.setPrice('XAU', 1215);
    await e.refresh(['XAU']);
    expect(e.getSpot('gold')).toMatchObject({ value: '1100', stale: true });

    goldapi.setPrice('XAU', 122);
    await e.refresh(['XAU']);
    expect(e.getSpot('gold')).toMatchObject({ value: '122', source: 'GoldAPI', stale: false });
    expect(await storedValues()).toEqual([
      ['GoldAPI', '121.50000000'],
      ['Saisie boutique', '1100.00000000'],
      ['GoldAPI', '122.00000000'],
    ]);
  });
});

describe('circuit breaker counts transport failures only and recovers quickly', () => {
  it('rejected readings do not open the circuit: the feed is asked every time and its next sane value served', async () => {
    await addGoldApi(20);
    const e = engine();
    await e.refresh(['XAU']);
    const before = goldapi.requests.length;
    goldapi.setPrice('XAU', 1215);
    const lies = JUMP_CONFIRMATIONS - 1;
    expect(lies).toBeGreaterThan(DEFAULT_BREAKER.threshold);
    for (let i = 0; i < lies; i += 1) await e.refresh(['XAU']);
    expect(e.getSpot('gold')).toMatchObject({ value: '121.5', stale: true });

    goldapi.setPrice('XAU', 122);
    await e.refresh(['XAU']);
    expect(goldapi.requests.length - before).toBe(lies + 1);
    expect(e.getSpot('gold')).toMatchObject({ value: '122', stale: false });
  });

  it('after transport failures the feed is asked again after a short cool-down (30 s), not minutes', async () => {
    const clock = testClock();
    await addGoldApi(20);
    const e = engine({ now: clock.now });
    goldapi.fail('http500');
    const before = goldapi.requests.length;
    for (let i = 0; i < DEFAULT_BREAKER.threshold; i += 1) await e.refresh(['XAU']);
    await e.refresh(['XAU']);
    expect(goldapi.requests.length - before).toBe(DEFAULT_BREAKER.threshold);

    goldapi.fail(null);
    clock.advance(DEFAULT_BREAKER.cooldownMs + 1_000);
    await e.refresh(['XAU']);
    expect(goldapi.requests.length - before).toBe(DEFAULT_BREAKER.threshold + 1);
    expect(e.getSpot('gold')).toMatchObject({ value: '121.5', stale: false });
  });

  it('editing a source closes its circuit at once', async () => {
    const id = await addGoldApi(20);
    const e = engine();
    goldapi.fail('http500');
    for (let i = 0; i < DEFAULT_BREAKER.threshold; i += 1) await e.refresh(['XAU']);
    const before = goldapi.requests.length;
    await e.refresh(['XAU']);
    expect(goldapi.requests.length).toBe(before);

    goldapi.fail(null);
    await updateSource(id, { config: { baseUrl: `${goldapi.url}/` } });
    await e.refresh(['XAU']);
    expect(goldapi.requests.length).toBe(before + 1);
    expect(e.getSpot('gold')).toMatchObject({ value: '121.5', stale: false });
  });

  it('re-enabling a source closes its circuit at once', async () => {
    const id = await addGoldApi(20);
    const e = engine();
    goldapi.fail('http500');
    for (let i = 0; i < DEFAULT_BREAKER.threshold; i += 1) await e.refresh(['XAU']);
    // Switched off and on again directly in the database (no updated_at change): a refresh in between suffices.
    await handle.db.update(dataSources).set({ enabled: false }).where(eq(dataSources.id, id));
    await e.refresh(['XAU']);
    await handle.db.update(dataSources).set({ enabled: true }).where(eq(dataSources.id, id));
    goldapi.fail(null);
    await e.refresh(['XAU']);
    expect(e.getSpot('gold')).toMatchObject({ value: '121.5', stale: false });
  });
});

describe('an API key never follows a redirect to another site', () => {
  it('refuses the redirect: the other server never receives the key, the source health says why', async () => {
    const redirector = await startHttpStub((req, res) => {
      res.writeHead(302, { location: `${goldapi.url}${req.url ?? '/'}` }).end();
    });
    try {
      const id = await addSource(handle.db, {
        kind: 'goldapi',
        name: 'GoldAPI',
        instruments: ['XAU'],
        config: { baseUrl: redirector.url },
        secret: goldapi.token,
      });
      const before = goldapi.requests.length;
      const e = engine();
      await e.refresh(['XAU']);
      expect(redirector.requests.map((r) => r.headers['x-access-token'])).toEqual([goldapi.token]);
      expect(goldapi.requests.length).toBe(before);
      expect(e.getSpot('gold')).toBeNull();
      const health = await sourceHealth(handle.db, id);
      expect(health.lastError).toBe(`Redirection vers un autre site refusée (${new URL(goldapi.url).host})`);
    } finally {
      await redirector.close();
    }
  });
});
