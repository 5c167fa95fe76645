import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema } from '@shared/schemas/errors';
import { SEARCH_COUNT_CAP } from '@shared/schemas/lists';
import {
  DIAMOND_COUNT_CAP,
  diamondDetailSchema,
  diamondListingSchema,
  diamondSearchItemSchema,
  type DiamondFacets,
  type DiamondSearchResult,
} from '@shared/schemas/diamonds';
import { diamondFeeds, diamonds } from '../../db/schema';
import { createOrganization, createTestApp, signedInClient, TestClient, type TestApp } from '../../test/harness';

let t: TestApp;
let ownOrg: string;
let otherOrg: string;
let client: TestClient;
let otherClient: TestClient;
const ids = new Map<string, string>();

type Stone = typeof diamonds.$inferInsert;
const stone = (ref: string, s: Partial<Stone>): Stone => ({
  ref,
  shape: 'ROUND',
  carats: '1.00',
  color: 'G',
  clarity: 'VS1',
  source: 'test',
  currency: 'EUR',
  ...s,
});
const priced = (total: string, carats: string) => ({
  carats,
  totalPrice: total,
  totalPriceEur: total,
  pricePerCarat: (Number(total) / Number(carats)).toFixed(2),
  priceEur: (Number(total) / Number(carats)).toFixed(2),
});

beforeAll(async () => {
  t = await createTestApp();
  ownOrg = await createOrganization(t, 'Bijouterie Lumière');
  otherOrg = await createOrganization(t, 'Bijouterie Voisine');
  ({ client } = await signedInClient(t, { role: 'production', organizationId: ownOrg }));
  ({ client: otherClient } = await signedInClient(t, { role: 'sales', organizationId: otherOrg }));
  const [feed] = await t.handle.db
    .insert(diamondFeeds)
    .values({ organizationId: ownOrg, name: 'Flux Anvers', kind: 'upload' })
    .returning({ id: diamondFeeds.id });
  const [otherFeed] = await t.handle.db
    .insert(diamondFeeds)
    .values({ organizationId: otherOrg, name: 'Flux voisin', kind: 'upload' })
    .returning({ id: diamondFeeds.id });
  const own = { organizationId: ownOrg, feedId: feed!.id };
  const rows = await t.handle.db
    .insert(diamonds)
    .values([
      // Installation-wide (demo-like) stones.
      stone('N1', {
        ...priced('5000', '1.00'),
        cut: 'EXCELLENT',
        polish: 'EXCELLENT',
        symmetry: 'EXCELLENT',
        fluorescence: 'NONE',
        lab: 'GIA',
        location: 'US',
      }),
      stone('N2', {
        ...priced('3800', '0.95'),
        color: 'H',
        clarity: 'VS2',
        cut: 'VERY GOOD',
        polish: 'VERY GOOD',
        symmetry: 'GOOD',
        fluorescence: 'FAINT',
        lab: 'IGI',
        location: 'IN',
      }),
      stone('N3', {
        ...priced('9000', '1.20'),
        shape: 'OVAL',
        color: 'F',
        clarity: 'VVS2',
        polish: 'EXCELLENT',
        symmetry: 'VERY GOOD',
        fluorescence: 'MEDIUM',
        lab: 'GIA',
        location: 'BE',
      }),
      stone('N4', {
        ...priced('900', '0.50'),
        shape: 'PEAR',
        color: 'J',
        clarity: 'SI1',
        polish: 'GOOD',
        symmetry: 'GOOD',
        fluorescence: 'STRONG',
        lab: 'HRD',
        location: 'US',
      }),
      // The organization's imported stones: a fancy one (no D-Z colour), a lab-grown one, uncertified ones.
      stone('F1', {
        ...own,
        ...priced('6000', '0.70'),
        color: null,
        fancyColor: 'yellow',
        fancyIntensity: 'fancy-intense',
        clarity: 'VS2',
        lab: 'GIA',
        sellPriceEur: '7500.00',
        stockNumber: 'AN-1',
        city: 'Anvers',
        country: 'BE',
        location: 'Anvers, BE',
      }),
      stone('L1', {
        ...own,
        ...priced('2500', '2.00'),
        shape: 'EMERALD',
        color: 'E',
        clarity: 'VVS1',
        cut: 'IDEAL',
        polish: 'VERY GOOD',
        symmetry: 'GOOD',
        lab: 'IGI',
        growth: 'lab-grown-cvd',
        sellPriceEur: '3125.00',
      }),
      stone('U1', { ...own, carats: '0.80', shape: 'CUSHION', color: 'I', clarity: 'SI2', growth: 'natural' }),
      stone('U2', {
        ...own,
        ...priced('700', '0.60'),
        shape: 'HEART',
        color: 'K',
        clarity: 'I1',
        lab: 'none',
        fluorescence: 'VERY STRONG',
      }),
      // Not offered: on hold (the generator's old spelling is migrated by 0053).
      stone('H1', { ...own, ...priced('5200', '1.05'), shape: 'PRINCESS', availability: 'on-hold' }),
      // Another organization's imported stone: never seen by ownOrg.
      stone('X1', {
        ...priced('100', '1.00'),
        shape: 'MARQUISE',
        organizationId: otherOrg,
        feedId: otherFeed!.id,
        lab: 'GIA',
      }),
    ])
    .returning({ id: diamonds.id, ref: diamonds.ref });
  for (const r of rows) ids.set(r.ref, String(r.id));
});
afterAll(async () => {
  await t?.close();
});

async function search(query: string, as: TestClient = client): Promise<DiamondSearchResult> {
  const res = await as.get(`/api/diamonds${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<DiamondSearchResult>();
  diamondSearchItemSchema.array().parse(body.items);
  return body;
}
const refs = async (query: string): Promise<string[]> => (await search(query)).items.map((i) => i.ref);

/** Every available stone of ownOrg's scope, cheapest first (U1 has no price: last). */
const BY_PRICE = ['U2', 'N4', 'L1', 'N2', 'N1', 'F1', 'N3', 'U1'];

describe('GET /api/diamonds: filters', () => {
  it('answers the available stones of the scope (installation-wide and own), cheapest first, counted', async () => {
    const body = await search('');
    expect(body.items.map((i) => i.ref)).toEqual(BY_PRICE);
    expect(body).toMatchObject({ total: 8, totalCapped: false, page: 1, pageSize: 20 });
  });

  it.each([
    ['shape=ROUND', ['N2', 'N1', 'F1']],
    ['shape=round,oval', ['N2', 'N1', 'F1', 'N3']],
    ['shape=ROUND&shape=OVAL', ['N2', 'N1', 'F1', 'N3']],
    ['shape=square-emerald', []],
    ['caratMin=0.9&caratMax=1.2', ['N2', 'N1', 'N3']],
    ['caratMin=1,2', ['L1', 'N3']],
    ['colorMin=F&colorMax=H', ['N2', 'N1', 'N3']],
    ['colorMin=J', ['U2', 'N4']],
    ['color=G', ['N1']],
    ['colorKind=white', ['U2', 'N4', 'L1', 'N2', 'N1', 'N3', 'U1']],
    ['colorKind=fancy', ['F1']],
    ['fancyColor=yellow', ['F1']],
    ['fancyColor=pink,blue', []],
    ['clarityMin=VVS1&clarityMax=VS1', ['L1', 'N1', 'N3']],
    ['clarityMin=SI2', ['U2', 'U1']],
    ['clarity=VS2', ['N2', 'F1']],
    ['cutMin=ideal', ['L1']],
    ['cutMin=excellent', ['L1', 'N1']],
    ['cutMin=very-good', ['L1', 'N2', 'N1']],
    ['polishMin=excellent', ['N1', 'N3']],
    ['symmetryMin=very-good', ['N1', 'N3']],
    ['fluorescence=none', ['N1']],
    ['fluorescence=none,very-strong', ['U2', 'N1']],
    ['lab=GIA', ['N1', 'F1', 'N3']],
    ['lab=gia,hrd', ['N4', 'N1', 'F1', 'N3']],
    ['lab=none', ['U2', 'U1']],
    ['growth=natural', ['U2', 'N4', 'N2', 'N1', 'F1', 'N3', 'U1']],
    ['growth=lab-grown', ['L1']],
    ['location=US', ['N4', 'N1']],
    ['location=US&location=Anvers%2C%20BE', ['N4', 'N1', 'F1']],
    ['location=US,BE', []],
    ['priceMin=1000&priceMax=5000', ['L1', 'N2', 'N1']],
    ['priceMax=5%20000', ['U2', 'N4', 'L1', 'N2', 'N1']],
    ['availability=on-hold', ['H1']],
    ['availability=available,on-hold', ['U2', 'N4', 'L1', 'N2', 'N1', 'H1', 'F1', 'N3', 'U1']],
    ['availability=sold', []],
    ['shape=ROUND&caratMin=0.9&caratMax=1.1&colorMin=G&colorMax=H&clarityMin=VS1&clarityMax=VS2', ['N2', 'N1']],
    ['caratMin=1&caratMax=1.5&cutMin=excellent&lab=GIA&priceMax=10000&sort=pricePerCarat', ['N1']],
    ['growth=lab-grown&priceMin=2000', ['L1']],
    ['colorKind=fancy&priceMin=5000&priceMax=7000', ['F1']],
  ])('%s', async (query, expected) => {
    const body = await search(query);
    expect(body.items.map((i) => i.ref)).toEqual(expected);
    expect(body.total).toBe(expected.length);
  });

  it("never shows another organization's imported stone, whatever the filter", async () => {
    for (const query of ['', 'shape=MARQUISE', 'availability=available,on-hold,memo,sold,not-available', 'lab=GIA']) {
      expect(await refs(query)).not.toContain('X1');
    }
    // ...which its own organization sees, beside the installation-wide stones, without ownOrg's.
    const theirs = (await search('shape=MARQUISE,ROUND', otherClient)).items.map((i) => i.ref);
    expect(theirs).toEqual(['X1', 'N2', 'N1']);
  });

  it('answers the fields of a catalogue row: fancy colour, growth, availability, selling price', async () => {
    const [fancy] = (await search('colorKind=fancy')).items;
    expect(fancy).toMatchObject({
      ref: 'F1',
      color: 'Fantaisie',
      fancyColor: 'yellow',
      fancyIntensity: 'fancy-intense',
      growth: null,
      availability: 'available',
      totalPriceEur: '6000.00',
      sellPriceEur: '7500.00',
      imageUrl: '/api/diamonds/placeholder/ROUND.svg',
    });
    // The demo stones have no markup: no selling price rather than the supplier's price.
    const [demo] = (await search('color=G')).items;
    expect(demo).toMatchObject({ ref: 'N1', sellPriceEur: null, totalPriceEur: '5000.00' });
  });
});

describe('GET /api/diamonds: sorts and pages', () => {
  it.each([
    ['sort=price', BY_PRICE],
    ['sort=price&dir=desc', ['N3', 'F1', 'N1', 'N2', 'L1', 'N4', 'U2', 'U1']],
    ['sort=carats', ['N4', 'U2', 'F1', 'U1', 'N2', 'N1', 'N3', 'L1']],
    ['sort=carats&dir=desc', ['L1', 'N3', 'N1', 'N2', 'U1', 'F1', 'U2', 'N4']],
    ['sort=pricePerCarat', ['U2', 'L1', 'N4', 'N2', 'N1', 'N3', 'F1', 'U1']],
    ['sort=pricePerCarat&dir=desc', ['F1', 'N3', 'N1', 'N2', 'N4', 'L1', 'U2', 'U1']],
  ])('%s (unknown values last either way)', async (query, expected) => {
    expect(await refs(query)).toEqual(expected);
  });

  it.each([
    ['caratMin=0.5&caratMax=1&sort=price', ['U2', 'N4', 'N2', 'N1', 'F1', 'U1']],
    ['caratMin=0.5&caratMax=1&sort=price&dir=desc', ['F1', 'N1', 'N2', 'N4', 'U2', 'U1']],
    ['caratMin=0.5&caratMax=1&sort=pricePerCarat&dir=desc', ['F1', 'N1', 'N2', 'N4', 'U2', 'U1']],
    ['caratMin=0.5&caratMax=1&sort=carats&dir=desc', ['N1', 'N2', 'U1', 'F1', 'U2', 'N4']],
  ])('with a carat range (page sorted from the filters): %s', async (query, expected) => {
    expect(await refs(query)).toEqual(expected);
  });

  it('counts a carat range on every page, and past the last one', async () => {
    for (const [page, items] of [
      [1, ['U2', 'N4', 'N2', 'N1', 'F1']],
      [2, ['U1']],
      [3, []],
    ] as const) {
      const body = await search(`caratMin=0.5&caratMax=1&pageSize=5&page=${page}`);
      expect(body.items.map((i) => i.ref)).toEqual(items);
      expect(body).toMatchObject({ total: 6, totalCapped: false, page });
    }
  });

  it('breaks ties by id, in the sort direction', async () => {
    await t.handle.db.insert(diamonds).values(stone('T2', { ...priced('5000', '1.00'), color: 'G' }));
    const asc = await refs('color=G&sort=price');
    expect(asc).toEqual(['N1', 'T2']);
    expect(await refs('color=G&sort=price&dir=desc')).toEqual(['T2', 'N1']);
    await t.handle.db.execute(sql`DELETE FROM diamonds WHERE ref = 'T2'`);
  });

  it.each(['asc', 'desc'])('pages cover the list once, in order (%s)', async (dir) => {
    const all = await refs(`sort=price&dir=${dir}`);
    const pages: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const body = await search(`sort=price&dir=${dir}&pageSize=3&page=${page}`);
      expect(body).toMatchObject({ total: 8, totalCapped: false, page, pageSize: 3 });
      pages.push(...body.items.map((i) => i.ref));
    }
    expect(pages).toEqual(all);
    expect((await search(`sort=price&dir=${dir}&pageSize=3&page=4`)).items).toEqual([]);
  });

  it('sorts several shapes by carats (each shape read apart, merged), ties by id, pages once', async () => {
    const shapes = 'shape=ROUND,OVAL,PEAR,HEART,MARQUISE';
    expect(await refs(`${shapes}&sort=carats`)).toEqual(['N4', 'U2', 'F1', 'N2', 'N1', 'N3']);
    expect(await refs(`${shapes}&sort=carats&dir=desc`)).toEqual(['N3', 'N1', 'N2', 'F1', 'U2', 'N4']);
    expect(await refs('shape=ROUND,OVAL,round&sort=carats&caratMin=0.9')).toEqual(['N2', 'N1', 'N3']);
    await t.handle.db.insert(diamonds).values(stone('T3', { ...priced('4000', '1.00'), shape: 'OVAL' }));
    expect(await refs(`${shapes}&sort=carats&caratMin=0.9`)).toEqual(['N2', 'N1', 'T3', 'N3']);
    expect(await refs(`${shapes}&sort=carats&dir=desc&caratMin=0.9`)).toEqual(['N3', 'T3', 'N1', 'N2']);
    const pages: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const body = await search(`${shapes}&sort=carats&dir=desc&pageSize=2&page=${page}`);
      expect(body).toMatchObject({ total: 7, totalCapped: false, page });
      pages.push(...body.items.map((i) => i.ref));
    }
    expect(pages).toEqual(['N3', 'T3', 'N1', 'N2', 'F1', 'U2', 'N4']);
    await t.handle.db.execute(sql`DELETE FROM diamonds WHERE ref = 'T3'`);
  });

  it('filters colour and clarity ranges over several shapes and a carat range', async () => {
    const query = (colorMax: string) =>
      `shape=ROUND,OVAL&caratMin=0.9&caratMax=1.3&colorMin=F&colorMax=${colorMax}&clarityMin=VVS2&clarityMax=VS2`;
    expect(await refs(query('H'))).toEqual(['N2', 'N1', 'N3']);
    expect(await refs(`${query('H')}&sort=pricePerCarat&dir=desc`)).toEqual(['N3', 'N1', 'N2']);
    expect(await refs(query('G'))).toEqual(['N1', 'N3']);
  });

  it("keeps the quote builder picker's query and answer", async () => {
    const res = await client.get(
      '/api/diamonds?caratMin=0,9&caratMax=1.1&shape=ROUND&color=G&clarity=VS1&page=1&pageSize=10',
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<DiamondSearchResult>();
    expect(
      diamondListingSchema
        .array()
        .parse(body.items)
        .map((i) => i.ref),
    ).toEqual(['N1']);
    expect(body).toMatchObject({ total: 1, totalCapped: false, page: 1, pageSize: 10 });
  });
});

describe('GET /api/diamonds: bad input', () => {
  it.each([
    ['caratMin=2&caratMax=1', 'caratMin'],
    ['caratMin=abc', 'caratMin'],
    ['colorMin=H&colorMax=D', 'colorMin'],
    ['colorMin=A', 'colorMin'],
    ['clarityMin=SI1&clarityMax=VS1', 'clarityMin'],
    ['clarityMax=VS3', 'clarityMax'],
    ['priceMin=5000&priceMax=100', 'priceMin'],
    ['priceMax=-1', 'priceMax'],
    ['shape=TRIANGLEX', 'shape'],
    ['cutMin=superb', 'cutMin'],
    ['polishMin=EX', 'polishMin'],
    ['symmetryMin=x', 'symmetryMin'],
    ['fluorescence=glowing', 'fluorescence'],
    ['fancyColor=mauve', 'fancyColor'],
    ['lab=XYZ', 'lab'],
    ['growth=synthetic', 'growth'],
    ['colorKind=pastel', 'colorKind'],
    ['availability=gone', 'availability'],
    ['sort=ref', 'sort'],
    ['dir=up', 'dir'],
    ['pageSize=61', 'pageSize'],
    ['pageSize=0', 'pageSize'],
    ['page=0', 'page'],
    ['page=1.5', 'page'],
    [`shape=${Array(31).fill('ROUND').join(',')}`, 'shape'],
  ])('400 with field errors for %s', async (query, field) => {
    const res = await client.get(`/api/diamonds?${query}`);
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fieldErrors?.[field]?.length, JSON.stringify(body)).toBeGreaterThan(0);
  });

  it('401 signed out', async () => {
    for (const url of ['/api/diamonds', '/api/diamonds/facets', `/api/diamonds/${ids.get('N1')}`]) {
      expect((await new TestClient(t.app).get(url)).statusCode).toBe(401);
    }
  });
});

describe('GET /api/diamonds/:id', () => {
  it("answers an own imported stone with every stored fact and its feed's name", async () => {
    const res = await client.get(`/api/diamonds/${ids.get('F1')}`);
    expect(res.statusCode).toBe(200);
    const detail = diamondDetailSchema.parse(res.json());
    expect(detail).toMatchObject({
      id: ids.get('F1'),
      ref: 'F1',
      stockNumber: 'AN-1',
      fancyColor: 'yellow',
      color: 'Fantaisie',
      feedName: 'Flux Anvers',
      city: 'Anvers',
      country: 'BE',
      sellPriceEur: '7500.00',
      imageUrl: '/api/diamonds/placeholder/ROUND.svg',
    });
    expect(detail.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('answers an installation-wide stone (no feed) and a stone on hold', async () => {
    const demo = diamondDetailSchema.parse((await client.get(`/api/diamonds/${ids.get('N1')}`)).json());
    expect(demo).toMatchObject({ ref: 'N1', feedName: null, lab: 'GIA', cut: 'EXCELLENT' });
    const held = diamondDetailSchema.parse((await client.get(`/api/diamonds/${ids.get('H1')}`)).json());
    expect(held.availability).toBe('on-hold');
  });

  it.each([
    ['an unknown id', '987654321'],
    ['a non-digit id', 'abc'],
    ['a negative id', '-1'],
    ['a 19-digit id', '1234567890123456789'],
    ['a decimal id', '1.5'],
  ])('404 for %s', async (_what, id) => {
    const res = await client.get(`/api/diamonds/${id}`);
    expect(res.statusCode, res.body).toBe(404);
    expect(apiErrorSchema.parse(res.json()).code).toBe('NOT_FOUND');
  });

  it("404 for another organization's imported stone, exactly like a missing one", async () => {
    const foreign = await client.get(`/api/diamonds/${ids.get('X1')}`);
    const missing = await client.get('/api/diamonds/987654321');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(foreign.body).not.toContain('X1');
    // Its own organization reads it; not ownOrg's stones.
    expect((await otherClient.get(`/api/diamonds/${ids.get('X1')}`)).statusCode).toBe(200);
    expect((await otherClient.get(`/api/diamonds/${ids.get('F1')}`)).statusCode).toBe(404);
  });
});

describe('GET /api/diamonds/facets', () => {
  it("lists the values present among the scope's available stones, then keeps them in memory", async () => {
    const res = await client.get('/api/diamonds/facets');
    expect(res.statusCode).toBe(200);
    const facets = res.json<DiamondFacets>();
    expect(facets).toEqual({
      shapes: ['CUSHION', 'EMERALD', 'HEART', 'OVAL', 'PEAR', 'ROUND'],
      labs: ['GIA', 'HRD', 'IGI', 'none'],
      locations: ['Anvers, BE', 'BE', 'IN', 'US'],
      fancyColors: ['yellow'],
    });
    // Cached: a new stone is not seen until the entry expires.
    await t.handle.db.insert(diamonds).values(stone('A1', { shape: 'ASSCHER', organizationId: ownOrg }));
    expect((await client.get('/api/diamonds/facets')).json()).toEqual(facets);
    // Expired: the kept answer is served once more while a new query runs, then the new one.
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 5 * 60_000 + 1);
    try {
      expect((await client.get('/api/diamonds/facets')).json()).toEqual(facets);
      let shapes: string[] = [];
      for (let i = 0; i < 50 && !shapes.includes('ASSCHER'); i++) {
        await new Promise((r) => setTimeout(r, 20));
        shapes = (await client.get('/api/diamonds/facets')).json<DiamondFacets>().shapes;
      }
      expect(shapes).toEqual(['ASSCHER', 'CUSHION', 'EMERALD', 'HEART', 'OVAL', 'PEAR', 'ROUND']);
    } finally {
      clock.mockRestore();
    }
    await t.handle.db.execute(sql`DELETE FROM diamonds WHERE ref = 'A1'`);
  });

  it('is per organization', async () => {
    const theirs = (await otherClient.get('/api/diamonds/facets')).json<DiamondFacets>();
    expect(theirs.shapes).toEqual(['MARQUISE', 'OVAL', 'PEAR', 'ROUND']);
    expect(theirs.fancyColors).toEqual([]);
  });
});

describe('the count cap', () => {
  it('counts up to 1,000 matches, as every list search does, and says when there are more', async () => {
    expect(DIAMOND_COUNT_CAP).toBe(SEARCH_COUNT_CAP);
    await t.handle.db.execute(sql`INSERT INTO diamonds (ref, shape, carats, color, clarity, source, total_price_eur)
      SELECT 'CAP-' || n, 'TRILLION', 0.30 + (n % 100) / 100.0, 'E', 'VS1', 'test', n FROM generate_series(1, 1001) n`);
    const capped = await search('shape=TRILLION&pageSize=60&page=3');
    expect(capped).toMatchObject({ total: 1_000, totalCapped: true, page: 3 });
    expect(capped.items.map((i) => i.ref)[0]).toBe('CAP-121');
    // A carat range sorted by price: the page from the filters, the count apart, both exact up to the cap.
    const ranged = await search('shape=TRILLION&caratMin=0.3&caratMax=1.3&sort=price&dir=desc&pageSize=2');
    expect(ranged).toMatchObject({ total: 1_000, totalCapped: true });
    expect(ranged.items.map((i) => i.ref)).toEqual(['CAP-1001', 'CAP-1000']);
    const narrow = await search('shape=TRILLION&caratMin=0.3&caratMax=0.5&sort=price&dir=desc&pageSize=2');
    expect(narrow).toMatchObject({ total: 211, totalCapped: false });
    expect(narrow.items.map((i) => i.ref)).toEqual(['CAP-1001', 'CAP-1000']);
    const under = await search('shape=TRILLION&caratMax=0.30');
    expect(under).toMatchObject({ total: 10, totalCapped: false });
  });
});
