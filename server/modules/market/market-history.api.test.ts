import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketHistory } from '@shared/schemas/dashboard';
import { marketReadings } from '../../db/schema';
import { body } from '../../lists/test-helpers';
import { createTestApp, signedInClient, type TestApp, type TestClient } from '../../test/harness';

let t: TestApp;
let sales: TestClient;
let production: TestClient;
/** Noon in Paris on 2026-06-15 (UTC+2). */
const NOW = new Date('2026-06-15T10:00:00Z');
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({}, () => NOW);
  sales = (await signedInClient(t, { role: 'sales' })).client;
  production = (await signedInClient(t, { role: 'production' })).client;
  const at = (ms: number) => new Date(NOW.getTime() - ms);
  await t.handle.db.insert(marketReadings).values([
    // Today: two gold readings, the later one counts.
    { instrument: 'XAU', value: '100.5', source: 'test', observedAt: at(3_600_000), fetchedAt: at(3_600_000) },
    { instrument: 'XAU', value: '101.25', source: 'test', observedAt: at(60_000), fetchedAt: at(60_000) },
    // 23:30 in Paris two days ago is still that day (21:30 UTC).
    {
      instrument: 'XAU',
      value: '99',
      source: 'test',
      observedAt: new Date('2026-06-13T21:30:00Z'),
      fetchedAt: new Date('2026-06-13T21:30:00Z'),
    },
    { instrument: 'XAU', value: '97', source: 'test', observedAt: at(20 * DAY_MS), fetchedAt: at(20 * DAY_MS) },
    { instrument: 'XAU', value: '80', source: 'test', observedAt: at(200 * DAY_MS), fetchedAt: at(200 * DAY_MS) },
    { instrument: 'XAU', value: '70', source: 'test', observedAt: at(400 * DAY_MS), fetchedAt: at(400 * DAY_MS) },
    { instrument: 'XAG', value: '1.1', source: 'test', observedAt: at(DAY_MS), fetchedAt: at(DAY_MS) },
    // Other instruments never mix in.
    { instrument: 'USD/EUR', value: '0.9', source: 'test', observedAt: at(60_000), fetchedAt: at(60_000) },
  ]);
});
afterAll(async () => {
  await t?.close();
});

async function history(url: string, client: TestClient = sales): Promise<MarketHistory> {
  const res = await client.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return body<MarketHistory>(res);
}

describe('GET /api/market/history', () => {
  it('answers one point per Paris day, the last reading of the day, within the period', async () => {
    expect(await history('/api/market/history?symbol=gold&days=7')).toEqual({
      symbol: 'gold',
      days: 7,
      points: [
        { day: '2026-06-13', pricePerG: '99.00000000' },
        { day: '2026-06-15', pricePerG: '101.25000000' },
      ],
    });
    const month = await history('/api/market/history?symbol=gold&days=30');
    expect(month.points.map((p) => p.day)).toEqual(['2026-05-26', '2026-06-13', '2026-06-15']);
    const year = await history('/api/market/history?symbol=gold&days=365');
    expect(year.points.map((p) => p.pricePerG)).toEqual(['80.00000000', '97.00000000', '99.00000000', '101.25000000']);
  });

  it('reads each metal apart, for every role', async () => {
    const silver = await history('/api/market/history?symbol=silver&days=7', production);
    expect(silver.points).toEqual([{ day: '2026-06-14', pricePerG: '1.10000000' }]);
    expect((await history('/api/market/history?symbol=platinum&days=30')).points).toEqual([]);
  });

  it('rejects other symbols and periods with field errors', async () => {
    for (const url of [
      '/api/market/history?symbol=copper&days=7',
      '/api/market/history?symbol=gold&days=14',
      '/api/market/history?symbol=gold&days=abc',
      '/api/market/history',
    ]) {
      const res = await sales.get(url);
      expect(res.statusCode, url).toBe(400);
    }
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/market/history?symbol=gold&days=7' });
    expect(res.statusCode).toBe(401);
  });
});
