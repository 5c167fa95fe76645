import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diamondSearchQuerySchema } from '@shared/schemas/diamonds';
import { queryRows } from '../../db/client';
import { createOrganization, createTestApp, type TestApp } from '../../test/harness';
import { PRICE_BUCKET_COMBOS_MAX, priceBucketCombos, searchDiamonds } from './diamond-search';

/*
 * The price walk by carat tenth (shapes, colour and clarity ranges, a carat range, by EUR price ascending) must
 * answer exactly what a plain sort of every match answers. A catalogue made in SQL: carats on and around the
 * tenths' edges, prices that do not follow carats stone by stone, ties on price, a run of the cheapest stones in one
 * range, stones without a price, fancy
 * stones without a colour letter, stones on hold, another organization's stones and the reader's own.
 */
let t: TestApp;
let own: string;
let other: string;
const parse = (query: string) => diamondSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));

/** The page computed apart: every match sorted in SQL, no index trick. */
async function expected(where: string, limit: number, offset: number): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    t.handle.db,
    sql.raw(`SELECT id::text AS id FROM diamonds WHERE availability = 'available'
      AND (organization_id IS NULL OR organization_id = '${own}') AND ${where}
      ORDER BY total_price_eur ASC NULLS LAST, id LIMIT ${limit} OFFSET ${offset}`),
  );
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  t = await createTestApp();
  own = await createOrganization(t, 'Bijouterie Prix');
  other = await createOrganization(t, 'Bijouterie Voisine');
  const carats = [0.3, 0.89, 0.9, 0.91, 0.99, 1.0, 1.01, 1.09, 1.1, 1.11, 1.19, 1.2, 1.5, 1.72, 2.0];
  await t.handle.db.execute(
    sql.raw(`INSERT INTO diamonds (ref, shape, carats, color, fancy_color, clarity, organization_id, total_price_eur,
      availability, source, currency)
    SELECT 'PW-' || g,
      (ARRAY['ROUND', 'OVAL', 'PEAR'])[1 + g % 3],
      (ARRAY[${carats.join(', ')}])[1 + (g / 3) % ${carats.length}],
      CASE WHEN g % 41 = 0 THEN NULL ELSE (ARRAY['D', 'E', 'F', 'G', 'H'])[1 + (g / 45) % 5] END,
      CASE WHEN g % 41 = 0 THEN 'yellow' END,
      (ARRAY['IF', 'VVS1', 'VVS2', 'VS1', 'VS2'])[1 + (g / 225) % 5],
      CASE WHEN g % 7 = 0 THEN '${other}'::uuid WHEN g % 5 = 0 THEN '${own}'::uuid END,
      CASE WHEN g % 29 = 0 THEN NULL ELSE 1000 + (g * 7919) % 20000 - (g * 7919) % 3 END,
      CASE WHEN g % 11 = 0 THEN 'on-hold' ELSE 'available' END,
      'test', 'EUR'
    FROM generate_series(1, 6000) g`),
  );
  // The cheapest stones all in one range (round, G, VS1, 1.00 ct): the first pages come from it alone.
  await t.handle.db.execute(
    sql.raw(`INSERT INTO diamonds (ref, shape, carats, color, clarity, total_price_eur, availability, source, currency)
    SELECT 'PW-CHEAP-' || g, 'ROUND', 1.0, 'G', 'VS1', 500 + g % 20, 'available', 'test', 'EUR'
    FROM generate_series(1, 60) g`),
  );
  await t.handle.exec('ANALYZE diamonds');
});
afterAll(async () => {
  await t?.close();
});

describe('the price walk by carat tenth', () => {
  it('is taken for shapes, colour and clarity ranges and a carat range by price ascending, not otherwise', () => {
    const walked = 'shape=ROUND&caratMin=0.9&caratMax=1.1&colorMin=G&colorMax=H&clarityMin=VS1&clarityMax=VS2';
    expect(priceBucketCombos(parse(walked))).toHaveLength(1 * 2 * 2 * 3);
    expect(priceBucketCombos(parse(`${walked}&priceMin=2000&priceMax=9000`))).toHaveLength(12);
    expect(priceBucketCombos(parse('shape=ROUND&caratMax=0.3&color=D&clarity=VS1'))).toEqual(
      [0, 1, 2, 3].map((tenth) => ({ shape: 'ROUND', color: 'D', clarity: 'VS1', tenth })),
    );
    // 0.29 * 10 is 2.9000000000000004 in binary, 1.1 * 10 is 11.000000000000002: tenths 2 to 11.
    expect(priceBucketCombos(parse('shape=ROUND&caratMin=0.29&caratMax=1.1&color=D&clarity=IF'))).toHaveLength(10);
    for (const query of [
      'shape=ROUND&caratMin=0.9&caratMax=1.1&colorMin=G&colorMax=H&clarityMin=VS1&clarityMax=VS2&dir=desc',
      'shape=ROUND&caratMin=0.9&caratMax=1.1&colorMin=G&colorMax=H&clarityMin=VS1&clarityMax=VS2&sort=pricePerCarat',
      'caratMin=0.9&caratMax=1.1&colorMin=G&colorMax=H&clarityMin=VS1&clarityMax=VS2',
      'shape=ROUND&caratMin=0.9&colorMin=G&colorMax=H&clarityMin=VS1&clarityMax=VS2',
      'shape=ROUND&caratMin=0.9&caratMax=1.1&clarityMin=VS1&clarityMax=VS2',
      'shape=ROUND&caratMin=0.9&caratMax=1.1&colorMin=G&colorMax=H',
      'shape=ROUND&caratMin=0.9&caratMax=1.1&colorMin=G&colorMax=H&clarityMin=VS1&clarityMax=VS2&cutMin=excellent',
      'shape=ROUND&caratMin=0.9&caratMax=1.1&colorMin=G&colorMax=H&clarityMin=VS1&clarityMax=VS2&lab=GIA',
      'shape=ROUND&caratMin=0.9&caratMax=1.1&colorMin=G&colorMax=H&clarityMin=VS1&clarityMax=VS2&availability=on-hold',
      // 3 shapes x 2 colours x 2 clarities x 11 tenths: too many ranges.
      'shape=ROUND,OVAL,PEAR&caratMin=0.5&caratMax=1.5&colorMin=G&colorMax=H&clarityMin=VS1&clarityMax=VS2',
    ]) {
      expect(priceBucketCombos(parse(query)), query).toBeNull();
    }
    expect(3 * 2 * 2 * 11).toBeGreaterThan(PRICE_BUCKET_COMBOS_MAX);
  });

  it.each([
    [
      'shape=ROUND&caratMin=0.9&caratMax=1.1&colorMin=G&colorMax=H&clarityMin=VS1&clarityMax=VS2',
      `shape = 'ROUND' AND carats BETWEEN 0.9 AND 1.1 AND color IN ('G', 'H') AND clarity IN ('VS1', 'VS2')`,
    ],
    [
      'shape=OVAL,PEAR&caratMin=0.91&caratMax=1.19&colorMin=D&colorMax=F&clarityMin=IF&clarityMax=VVS1',
      `shape IN ('OVAL', 'PEAR') AND carats BETWEEN 0.91 AND 1.19 AND color IN ('D', 'E', 'F')
        AND clarity IN ('IF', 'VVS1')`,
    ],
    [
      'shape=ROUND&caratMin=0.85&caratMax=1&colorMin=D&colorMax=F&clarityMin=VVS1&clarityMax=VS1&priceMin=3000&priceMax=15000',
      `shape = 'ROUND' AND carats BETWEEN 0.85 AND 1 AND color IN ('D', 'E', 'F') AND clarity IN ('VVS1', 'VVS2', 'VS1')
        AND total_price_eur BETWEEN 3000 AND 15000`,
    ],
    [
      'shape=PEAR&caratMin=1.095&caratMax=1.5&colorMin=D&colorMax=H&clarity=VS2',
      `shape = 'PEAR' AND carats BETWEEN 1.095 AND 1.5 AND color IN ('D', 'E', 'F', 'G', 'H') AND clarity = 'VS2'`,
    ],
  ])('answers %s exactly, page after page, with its count', async (query, where) => {
    const all = await expected(where, 10_000, 0);
    expect(all.length, 'the catalogue gives this search several pages').toBeGreaterThan(30);
    for (const page of [1, 2, 3, Math.ceil(all.length / 12) + 1]) {
      const q = parse(`${query}&pageSize=12&page=${page}`);
      expect(priceBucketCombos(q)).not.toBeNull();
      const answer = await searchDiamonds(t.handle.db, { organizationId: own }, q);
      expect(
        answer.rows.map((r) => r.id),
        `page ${page}`,
      ).toEqual(all.slice((page - 1) * 12, page * 12));
      expect(answer).toMatchObject({ total: all.length, capped: false });
    }
  });

  it("never shows another organization's stone, one on hold, or a fancy stone without the colour asked", async () => {
    const q = parse('shape=ROUND,OVAL,PEAR&caratMin=0.9&caratMax=1.2&colorMin=D&colorMax=E&clarity=IF&pageSize=60');
    expect(priceBucketCombos(q)).not.toBeNull();
    const answer = await searchDiamonds(t.handle.db, { organizationId: own }, q);
    expect(answer.rows.length).toBeGreaterThan(0);
    for (const row of answer.rows) {
      expect(row.availability).toBe('available');
      expect(['D', 'E']).toContain(row.color);
      expect(row.clarity).toBe('IF');
    }
    const ids = answer.rows.map((r) => `'${r.id}'`).join(', ');
    const foreign = await queryRows<{ n: number }>(
      t.handle.db,
      sql.raw(`SELECT count(*)::int AS n FROM diamonds WHERE id IN (${ids}) AND organization_id = '${other}'`),
    );
    expect(foreign[0]!.n).toBe(0);
  });
});
