import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alloyPricesSchema, fxRateSchema, spotPriceSchema } from '@shared/schemas/market';
import { createTestApp, signedInClient, TestClient, type TestApp } from '../../test/harness';
import { addSource } from './test/engine.helpers';
import { startEcbStub, startGoldApiStub, type EcbStub, type GoldApiStub } from './test/stub-servers';
import { seedMarketDefaults } from './market.seed';

let t: TestApp;
let client: TestClient;
let ecb: EcbStub;
let goldapi: GoldApiStub;
let offset = 0;
const now = () => new Date(Date.now() + offset);

beforeAll(async () => {
  ecb = await startEcbStub();
  goldapi = await startGoldApiStub();
  t = await createTestApp({}, now);
  ({ client } = await signedInClient(t, { role: 'sales' }));
});

afterAll(async () => {
  await t.close();
  await ecb.close();
  await goldapi.close();
});

beforeEach(() => {
  ecb.fail(null);
  goldapi.fail(null);
  // Each test starts past the manual-refresh rate limit of the previous one.
  offset += 60_000;
});

describe('market routes on a fresh database', () => {
  it('answers 503 "Cours indisponible" when there has never been a reading', async () => {
    for (const url of [
      '/api/spot/gold',
      '/api/spot/silver',
      '/api/spot/platinum',
      '/api/fx/USD/EUR',
      '/api/fx/ILS/EUR',
    ]) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBe(503);
      expect(res.json()).toEqual({ code: 'UPSTREAM_UNAVAILABLE', message: 'Cours indisponible' });
    }
    const alloys = await client.get('/api/alloy-prices');
    expect(alloys.statusCode).toBe(200);
    expect(alloys.json()).toEqual([]);
  });

  it('a refresh with no data source at all still answers 503, not 500', async () => {
    const res = await client.post('/api/spot/refresh', { metal: 'gold' });
    expect(res.statusCode).toBe(503);
  });
});

describe('market routes with data sources', () => {
  beforeAll(async () => {
    await seedMarketDefaults(t.app.db);
    // The seeded demo source stays as the lowest-priority fallback.
    await t.handle.exec(`UPDATE data_sources SET config = '{"seed": 99}'::jsonb`);
    await addSource(
      t.app.db,
      {
        kind: 'goldapi',
        name: 'GoldAPI',
        priority: 10,
        instruments: ['XAU', 'XAG', 'XPT'],
        config: { baseUrl: goldapi.url },
        secret: goldapi.token,
      },
      t.config.sessionSecret,
    );
    await addSource(t.app.db, {
      kind: 'ecb',
      name: 'BCE',
      priority: 10,
      instruments: ['USD/EUR', 'ILS/EUR'],
      config: { url: ecb.xmlUrl },
    });
  });

  it('POST /api/spot/refresh refreshes that metal and answers the spot object; GET serves it', async () => {
    const before = goldapi.requests.length;
    const res = await client.post('/api/spot/refresh', { metal: 'gold' });
    expect(res.statusCode).toBe(200);
    const spot = spotPriceSchema.parse(res.json());
    expect(spot).toMatchObject({ metal: 'gold', currency: 'EUR', pricePerG: '121.5', source: 'GoldAPI', stale: false });
    expect(goldapi.requests.slice(before).map((r) => r.path)).toEqual(['/api/XAU/EUR']);
    expect(goldapi.requests.at(-1)!.headers['x-access-token']).toBe(goldapi.token);

    const read = await client.get('/api/spot/gold');
    expect(read.statusCode).toBe(200);
    expect(spotPriceSchema.parse(read.json())).toEqual(spot);
  });

  it('GET /api/spot/gold follows the clock and the readings (its JSON is reused only within a second)', async () => {
    const first = await client.get('/api/spot/gold');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const before = spotPriceSchema.parse(first.json());
    expect(spotPriceSchema.parse((await client.get('/api/spot/gold')).json())).toEqual(before);
    offset += 5_000;
    const later = spotPriceSchema.parse((await client.get('/api/spot/gold')).json());
    expect(later.ageSeconds).toBeGreaterThanOrEqual(before.ageSeconds + 5);
    expect(later.ageSeconds).toBeLessThanOrEqual(before.ageSeconds + 6);
    expect(later.pricePerG).toBe(before.pricePerG);
    goldapi.setPrice('XAU', 122.25);
    offset += 11_000;
    expect((await client.post('/api/spot/refresh', { metal: 'gold' })).statusCode).toBe(200);
    const moved = spotPriceSchema.parse((await client.get('/api/spot/gold')).json());
    expect(moved.pricePerG).toBe('122.25');
    expect(moved.fetchedAt).not.toBe(before.fetchedAt);
    goldapi.setPrice('XAU', 121.5);
    offset += 11_000;
    await client.post('/api/spot/refresh', { metal: 'gold' });
  });

  it('GET /api/spot/silver and /platinum answer after a refresh', async () => {
    for (const metal of ['silver', 'platinum'] as const) {
      expect((await client.post('/api/spot/refresh', { metal })).statusCode).toBe(200);
      const res = await client.get(`/api/spot/${metal}`);
      expect(res.statusCode).toBe(200);
      expect(spotPriceSchema.parse(res.json()).metal).toBe(metal);
    }
    expect((await client.get('/api/spot/platinum')).json().pricePerG).toBe('41.2');
  });

  it('POST /api/fx/refresh refreshes both pairs and answers the requested one', async () => {
    const res = await client.post('/api/fx/refresh', { base: 'USD', quote: 'EUR' });
    expect(res.statusCode).toBe(200);
    expect(fxRateSchema.parse(res.json())).toMatchObject({
      base: 'USD',
      quote: 'EUR',
      rate: '0.86117809',
      source: 'BCE',
    });
    const ils = await client.get('/api/fx/ILS/EUR');
    expect(ils.statusCode).toBe(200);
    expect(fxRateSchema.parse(ils.json())).toMatchObject({ base: 'ILS', quote: 'EUR', rate: '0.2623226' });
    expect((await client.get('/api/fx/USD/EUR')).json().rate).toBe('0.86117809');
  });

  it('other fx pairs and metals are 404', async () => {
    expect((await client.get('/api/fx/GBP/EUR')).statusCode).toBe(404);
    expect((await client.get('/api/fx/EUR/USD')).statusCode).toBe(404);
    expect((await client.get('/api/spot/copper')).statusCode).toBe(404);
  });

  it('GET /api/alloy-prices lists the active alloys in order, priced from the base metal', async () => {
    await client.post('/api/spot/refresh', { metal: 'gold' });
    await client.post('/api/spot/refresh', { metal: 'silver' });
    const res = await client.get('/api/alloy-prices');
    expect(res.statusCode).toBe(200);
    const list = alloyPricesSchema.parse(res.json());
    expect(list.map((a) => [a.name, a.fineness, a.pricePerG])).toEqual([
      ['Or 24kt (pur)', 999, '121.3785'],
      ['Or 22kt', 916, '111.2940'],
      ['Or 20kt', 833, '101.2095'],
      ['Or 18kt', 750, '91.1250'],
      ['Or 14kt', 585, '71.0775'],
      ['Or 9kt', 375, '45.5625'],
      ['Argent 925', 925, '1.3690'],
    ]);
    expect(list[0]).toMatchObject({ code: 'AU999', baseMetal: 'gold', source: 'GoldAPI', stale: false });
    expect(list[6]!.baseMetal).toBe('silver');
  });

  it('a manual refresh within 10 s answers the cached value without calling the provider', async () => {
    await client.post('/api/fx/refresh', { base: 'USD', quote: 'EUR' });
    const before = ecb.requests.length;
    ecb.setPrice('USD', '1.1500');
    offset += 5_000;
    const res = await client.post('/api/fx/refresh', { base: 'ILS', quote: 'EUR' });
    expect(res.statusCode).toBe(200);
    expect(ecb.requests.length).toBe(before);
    offset += 6_000;
    await client.post('/api/fx/refresh', { base: 'USD', quote: 'EUR' });
    expect(ecb.requests.length).toBe(before + 1);
    expect((await client.get('/api/fx/USD/EUR')).json().rate).toBe('0.86956522');
    ecb.setPrice('USD', '1.1612');
  });

  it('a failing feed keeps the last good value, marked stale, with its age', async () => {
    // Without the demo fallback, nothing replaces the failing ECB feed.
    await t.handle.exec(`UPDATE data_sources SET enabled = false WHERE kind = 'demo'`);
    await client.post('/api/fx/refresh', { base: 'USD', quote: 'EUR' });
    const good = fxRateSchema.parse((await client.get('/api/fx/USD/EUR')).json());
    ecb.fail('http500');
    offset += 30_000;
    // The refresh itself reports that nothing new came; reads keep serving the last good value.
    const res = await client.post('/api/fx/refresh', { base: 'USD', quote: 'EUR' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    const stale = fxRateSchema.parse((await client.get('/api/fx/USD/EUR')).json());
    expect(stale.rate).toBe(good.rate);
    expect(stale.stale).toBe(true);
    expect(stale.fetchedAt).toBe(good.fetchedAt);
    expect(stale.ageSeconds).toBeGreaterThanOrEqual(good.ageSeconds + 30);
    await t.handle.exec(`UPDATE data_sources SET enabled = true WHERE kind = 'demo'`);
  });

  it('falls back to the next-priority source (demo) when the metals feed is down', async () => {
    await client.post('/api/spot/refresh', { metal: 'gold' });
    goldapi.fail('hang');
    offset += 11_000;
    const res = await client.post('/api/spot/refresh', { metal: 'gold' });
    expect(res.statusCode, res.body).toBe(200);
    const spot = spotPriceSchema.parse(res.json());
    expect(spot.source).toBe('Démo (simulé)');
    expect(spot.stale).toBe(false);
    // The demo walk continues from the last good value (no jump).
    expect(Math.abs(Number(spot.pricePerG) - 121.5)).toBeLessThan(121.5 * 0.02);
  });
});

describe('market routes guards', () => {
  it('every market route needs a signed-in user', async () => {
    const anonymous = new TestClient(t.app);
    for (const url of [
      '/api/spot/gold',
      '/api/spot/silver',
      '/api/spot/platinum',
      '/api/fx/USD/EUR',
      '/api/fx/ILS/EUR',
      '/api/alloy-prices',
    ]) {
      expect((await anonymous.get(url)).statusCode, url).toBe(401);
    }
    expect((await anonymous.post('/api/spot/refresh', { metal: 'gold' })).statusCode).toBe(401);
    expect((await anonymous.post('/api/fx/refresh', { base: 'USD', quote: 'EUR' })).statusCode).toBe(401);
  });

  it('the refresh routes reject a missing CSRF token (403)', async () => {
    const spot = await client.post('/api/spot/refresh', { metal: 'gold' }, { csrf: false });
    expect(spot.statusCode).toBe(403);
    const fx = await client.post('/api/fx/refresh', { base: 'USD', quote: 'EUR' }, { csrf: false });
    expect(fx.statusCode).toBe(403);
  });

  it('bad bodies are 400 with field errors, never 500', async () => {
    const copper = await client.post('/api/spot/refresh', { metal: 'copper' });
    expect(copper.statusCode).toBe(400);
    expect(copper.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { metal: expect.any(Array) } });
    const empty = await client.post('/api/spot/refresh', {});
    expect(empty.statusCode).toBe(400);
    const fx = await client.post('/api/fx/refresh', { base: 'GBP', quote: 'USD' });
    expect(fx.statusCode).toBe(400);
    expect(Object.keys(fx.json().fieldErrors).sort()).toEqual(['base', 'quote']);
    const noBody = await client.post('/api/fx/refresh');
    expect(noBody.statusCode).toBe(400);
    const text = await client.request({
      method: 'POST',
      url: '/api/spot/refresh',
      payload: 'gold',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(400);
  });
});
