import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIAMOND_SHAPES } from '@shared/constants';
import { apiErrorSchema } from '@shared/schemas/errors';
import { diamondListingSchema, randomDiamondSchema } from '@shared/schemas/diamonds';
import { queryRows } from '../../db/client';
import { diamonds } from '../../db/schema';
import { createTestApp, signedInClient, TestClient, type TestApp } from '../../test/harness';
import { mulberry32 } from '@shared/seeded-random';
import { seedDemoDiamonds } from './diamonds.seed';

let t: TestApp;
let client: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  ({ client } = await signedInClient(t, { role: 'production' }));
});
afterAll(async () => {
  await t?.close();
});

const listing = diamondListingSchema.array();

describe('empty catalogue', () => {
  it('random6 answers [] and random-diamond 404 NOT_FOUND in French', async () => {
    const six = await client.get('/api/ddpl/random6');
    expect(six.statusCode).toBe(200);
    expect(six.json()).toEqual([]);
    const one = await new TestClient(t.app).get('/api/random-diamond');
    expect(one.statusCode).toBe(404);
    const body = apiErrorSchema.parse(one.json());
    expect(body.code).toBe('NOT_FOUND');
    expect(body.message).toBe('Aucun diamant disponible dans le catalogue');
  });
});

describe('with demo stones', () => {
  beforeAll(async () => {
    await seedDemoDiamonds(t.handle.db, 400, { rng: mulberry32(1) });
    // Idempotent: a second seed adds nothing.
    await seedDemoDiamonds(t.handle.db, 400, { rng: mulberry32(2) });
  });

  it('seeded the catalogue once', async () => {
    const [row] = await queryRows<{ n: number }>(t.handle.db, sql`SELECT count(*)::int AS n FROM diamonds`);
    expect(row!.n).toBe(400);
  });

  it('GET /api/ddpl/random6 returns 6 distinct available stones in the listing shape, never cached', async () => {
    const res = await client.get('/api/ddpl/random6');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const stones = listing.parse(res.json());
    expect(stones).toHaveLength(6);
    expect(new Set(stones.map((s) => s.id)).size).toBe(6);
    for (const s of stones) {
      expect(s.imageUrl).toBe(`/api/diamonds/placeholder/${s.shape}.svg`);
      expect(s.currency).toBe('USD');
      expect(s.carats).toMatch(/^\d+\.\d\d$/);
    }
    const ids = stones.map((s) => s.id);
    const rows = await queryRows<{ availability: string }>(
      t.handle.db,
      sql`SELECT availability FROM diamonds WHERE id = ANY(${`{${ids.join(',')}}`}::bigint[])`,
    );
    expect(rows.map((r) => r.availability)).toEqual(Array(6).fill('available'));
  });

  it('draws a new selection on each call', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) {
      for (const s of listing.parse((await client.get('/api/ddpl/random6')).json())) seen.add(s.id);
    }
    expect(seen.size).toBeGreaterThan(12);
  });

  it('respects the weight range, bounds included', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await client.get('/api/ddpl/random6?weight_min=0.30&weight_max=0.39');
      const stones = listing.parse(res.json());
      expect(stones.length).toBeGreaterThan(0);
      for (const s of stones) {
        expect(Number(s.carats)).toBeGreaterThanOrEqual(0.3);
        expect(Number(s.carats)).toBeLessThanOrEqual(0.39);
      }
    }
    const onlyMin = listing.parse((await client.get('/api/ddpl/random6?weight_min=2')).json());
    expect(onlyMin.every((s) => Number(s.carats) >= 2)).toBe(true);
  });

  it('returns fewer than 6 when the range holds fewer, skipping unavailable stones (wrap-around)', async () => {
    const base = { shape: 'OVAL', color: 'F', clarity: 'VS1', source: 'test', currency: 'USD' };
    await t.handle.db.insert(diamonds).values([
      { ...base, ref: 'T-5A', carats: '5.01', randomKey: 0.001 },
      { ...base, ref: 'T-5B', carats: '5.02', randomKey: 0.999 },
      { ...base, ref: 'T-5C', carats: '5.03', randomKey: 0.5, availability: 'sold' },
    ]);
    for (let i = 0; i < 6; i++) {
      const stones = listing.parse((await client.get('/api/ddpl/random6?weight_min=5&weight_max=5.1')).json());
      expect(stones.map((s) => s.ref).sort()).toEqual(['T-5A', 'T-5B']);
      expect(stones.every((s) => s.totalPrice === null && s.priceEur === null)).toBe(true);
    }
    const none = await client.get('/api/ddpl/random6?weight_min=7&weight_max=8');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
  });

  it.each([
    ['weight_min=abc', 'weight_min'],
    ['weight_max=abc', 'weight_max'],
    ['weight_min=-1', 'weight_min'],
    ['weight_min=1&weight_max=0.5', 'weight_min'],
    ['weight_max=1000', 'weight_max'],
  ])('400 with field errors for %s', async (query, field) => {
    const res = await client.get(`/api/ddpl/random6?${query}`);
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fieldErrors?.[field]?.length).toBeGreaterThan(0);
  });

  it('401 on random6 when signed out', async () => {
    const res = await new TestClient(t.app).get('/api/ddpl/random6');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('GET /api/random-diamond works signed out with media.images, cacheable 5 minutes', async () => {
    const res = await new TestClient(t.app).get('/api/random-diamond');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    const stone = randomDiamondSchema.parse(res.json());
    expect(stone.media.images).toEqual([`/api/diamonds/placeholder/${stone.shape}.svg`]);
    expect(stone.weightCt).toMatch(/^\d+\.\d\d$/);
    const [row] = await queryRows<{ carats: string; availability: string }>(
      t.handle.db,
      sql`SELECT carats::text AS carats, availability FROM diamonds WHERE id = ${stone.id}::bigint`,
    );
    expect(row).toEqual({ carats: stone.weightCt, availability: 'available' });
  });
});

describe('placeholder images', () => {
  it.each(DIAMOND_SHAPES)('serves %s.svg publicly as image/svg+xml with a long cache', async (shape) => {
    const res = await new TestClient(t.app).get(`/api/diamonds/placeholder/${shape}.svg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toContain('max-age=604800');
    expect(res.body.startsWith('<svg')).toBe(true);
  });

  it.each(['TRIANGLE.svg', 'ROUND.png', 'ROUND', '..%2Fsecret.svg'])('404 for %s', async (file) => {
    const res = await new TestClient(t.app).get(`/api/diamonds/placeholder/${file}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('image URL template', () => {
  let t2: TestApp;
  beforeAll(async () => {
    t2 = await createTestApp({ diamondImageUrlTemplate: 'https://assets.example.test/stones/{ref}/still.jpg' });
    await seedDemoDiamonds(t2.handle.db, 20, { rng: mulberry32(3) });
  });
  afterAll(async () => {
    await t2?.close();
  });

  it('builds image URLs from the provider template keyed by ref', async () => {
    const { client: c2 } = await signedInClient(t2);
    const stones = listing.parse((await c2.get('/api/ddpl/random6')).json());
    expect(stones).toHaveLength(6);
    for (const s of stones) expect(s.imageUrl).toBe(`https://assets.example.test/stones/${s.ref}/still.jpg`);
    const one = randomDiamondSchema.parse((await new TestClient(t2.app).get('/api/random-diamond')).json());
    expect(one.media.images).toEqual([`https://assets.example.test/stones/${one.ref}/still.jpg`]);
  });
});

describe('GET /api/diamonds (the quote builder picker)', () => {
  it('filters by carats and clarity, sorts by EUR price and pages', async () => {
    const res = await client.get('/api/diamonds?caratMin=0,5&caratMax=1.5&clarity=VS1&sort=price&pageSize=5');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const items = listing.parse(body.items);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((d) => Number(d.carats) >= 0.5 && Number(d.carats) <= 1.5 && d.clarity === 'VS1')).toBe(true);
    const prices = items.map((d) => Number(d.totalPriceEur));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const [counted] = await queryRows<{ n: number }>(
      t.handle.db,
      sql`SELECT count(*)::int AS n FROM diamonds WHERE availability = 'available' AND carats BETWEEN 0.5 AND 1.5 AND clarity = 'VS1'`,
    );
    expect(body.total).toBe(counted!.n);
    const second = (
      await client.get('/api/diamonds?caratMin=0,5&caratMax=1.5&clarity=VS1&sort=price&pageSize=5&page=2')
    ).json();
    expect(second.items.map((d: { id: string }) => d.id)).not.toContain(items[0]!.id);
  });

  it('answers 400 in French for a bad range', async () => {
    const res = await client.get('/api/diamonds?caratMin=2&caratMax=1');
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.caratMin).toEqual(['Le poids minimum doit être inférieur ou égal au poids maximum']);
  });
});

describe('random6 from memory', () => {
  it('serves a sample kept per range, never older than a minute', async () => {
    let clock = new Date('2026-06-01T10:00:00Z');
    const app = await createTestApp({}, () => clock);
    try {
      await seedDemoDiamonds(app.handle.db, 400, { rng: mulberry32(3) });
      const { client: reader } = await signedInClient(app, { role: 'sales' });
      const six = async () => listing.parse((await reader.get('/api/ddpl/random6?weight_min=0.3&weight_max=2')).json());
      expect(await six()).toHaveLength(6);
      // Sold meanwhile: the kept sample still answers for up to a minute...
      await app.handle.db.execute(sql`UPDATE diamonds SET availability = 'sold'`);
      clock = new Date(clock.getTime() + 45_000);
      expect(await six()).toHaveLength(6);
      // ...and never after.
      clock = new Date(clock.getTime() + 16_000);
      expect(await six()).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
