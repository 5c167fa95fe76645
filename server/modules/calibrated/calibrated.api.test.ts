import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@shared/schemas/errors';
import { calibratedPriceSchema } from '@shared/schemas/diamonds';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { marketReadings } from '../../db/schema';
import { createTestApp, openTestDatabase, signedInClient, TestClient, type TestApp } from '../../test/harness';
import { seedCalibratedRanges } from './calibrated.seed';

const TODAY = new Date('2026-11-20T10:00:00Z');

describe('GET /api/calibrated-price without an FX rate', () => {
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    ({ client } = await signedInClient(t, { role: 'sales' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers rangeFound false on an empty table, then finds the seeded range after invalidate()', async () => {
    const empty = await client.get('/api/calibrated-price?mm=2&clarity=VVS');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ rangeFound: false, usdPerCt: null, effectiveDate: null });

    await seedCalibratedRanges(t.handle.db, TODAY);
    await seedCalibratedRanges(t.handle.db, TODAY); // idempotent
    t.app.calibratedRanges.invalidate();

    const res = await client.get('/api/calibrated-price?mm=2&clarity=VVS');
    expect(res.statusCode).toBe(200);
    const body = calibratedPriceSchema.strict().parse(res.json());
    expect(body).toMatchObject({
      rangeFound: true,
      usdPerCt: '870.00',
      usdPerStone: '26.10', // 870 x 0.0300 ct (published chart at 2.0 mm)
      approximateCt: '0.0300',
      effectiveDate: '2026-11-20',
      notes: 'Blanc G-H, taille brillant',
      // No USD/EUR rate known: the EUR fields are null, the rest present.
      fxRate: null,
      eurPerCt: null,
      eurPerStone: null,
    });
  });

  it('finds a price for the slider bounds and clarity tabs, and rounds 0.995 mm into the 1.00 range', async () => {
    for (const clarity of ['VVS', 'VS1', 'VS1/2', 'SI1', 'SI2', 'PK1']) {
      for (const mm of ['0.7', '4', '2.35']) {
        const res = await client.get(`/api/calibrated-price?mm=${mm}&clarity=${encodeURIComponent(clarity)}`);
        expect(res.statusCode).toBe(200);
        expect(res.json().rangeFound, `${clarity} ${mm}`).toBe(true);
      }
    }
    const a = (await client.get('/api/calibrated-price?mm=0.995&clarity=SI1')).json();
    const b = (await client.get('/api/calibrated-price?mm=1.00&clarity=SI1')).json();
    expect(a.usdPerCt).toBe(b.usdPerCt);
    const c = (await client.get('/api/calibrated-price?mm=0.99&clarity=SI1')).json();
    expect(c.usdPerCt).not.toBe(b.usdPerCt);
  });

  it.each([
    ['mm=9&clarity=VVS', 'mm'],
    ['mm=0.5&clarity=VVS', 'mm'],
    ['mm=abc&clarity=VVS', 'mm'],
    ['clarity=VVS', 'mm'],
    ['mm=2&clarity=XX', 'clarity'],
    ['mm=2', 'clarity'],
  ])('400 with field errors for %s', async (query, field) => {
    const res = await client.get(`/api/calibrated-price?${query}`);
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fieldErrors?.[field]?.length).toBeGreaterThan(0);
  });

  it('401 when signed out', async () => {
    const res = await new TestClient(t.app).get('/api/calibrated-price?mm=2&clarity=VVS');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});

describe('GET /api/calibrated-price with the market USD/EUR rate', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A stored USD/EUR reading, loaded by the market engine when the app starts.
    const { handle, drop } = await openTestDatabase();
    const now = new Date();
    await handle.db
      .insert(marketReadings)
      .values({ instrument: 'USD/EUR', value: '0.86117000', source: 'test', observedAt: now, fetchedAt: now });
    await seedCalibratedRanges(handle.db, TODAY);
    const config = testConfig();
    const app = await buildApp({ handle, config });
    await app.ready();
    t = {
      app,
      handle,
      config,
      close: async () => {
        await app.close();
        await drop();
      },
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('converts with eur = usd x fx and reports the rate with 4 decimals', async () => {
    const { client } = await signedInClient(t);
    const res = await client.get('/api/calibrated-price?mm=3&clarity=VS1');
    expect(res.statusCode).toBe(200);
    const body = calibratedPriceSchema.parse(res.json());
    // VS1 3.00–3.29 mm: 1400 x 0.86 = 1204 USD/ct; 3 mm = 0.10 ct on the published chart.
    expect(body).toEqual({
      rangeFound: true,
      usdPerCt: '1205.00',
      eurPerCt: '1037.71', // 1205 x 0.86117 = 1037.70985
      fxRate: '0.8612',
      usdPerStone: '120.50', // 1205 x 0.1000
      eurPerStone: '103.77', // 120.50 x 0.86117 = 103.770985
      approximateCt: '0.1000',
      effectiveDate: '2026-11-20',
      notes: 'Blanc G-H, taille brillant, calibré',
    });
  });

  it('prices melee below 1.2 mm with the published carat, not the cubic rule 26-52 % low', async () => {
    const { client } = await signedInClient(t);
    const body = calibratedPriceSchema.parse((await client.get('/api/calibrated-price?mm=1&clarity=VVS')).json());
    // VVS 1.00–1.19 mm: 600 USD/ct; 1.0 mm = 0.005 ct (0.0037 x 1^3 = 0.0037 before)
    expect(body).toMatchObject({ approximateCt: '0.0050', usdPerCt: '600.00', usdPerStone: '3.00' });
    expect(body.eurPerStone).toBe('2.58'); // 3.00 x 0.86117 = 2.58351
  });
});
