import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diamondSearchQuerySchema } from '@shared/schemas/diamonds';
import { queryRows } from '../../db/client';
import { createOrganization, createTestApp, type TestApp } from '../../test/harness';
import {
  CERTIFICATE_WALK_ENTRIES,
  certificateCombos,
  searchDiamonds,
  walkCertificates,
  walksCertificates,
} from './diamond-search';

/*
 * The certificate walk (a lab and a cut minimum, by EUR per carat) must answer exactly what the filter-driven
 * plan answers, and give up when its bounded walk cannot settle a page. A catalogue made in SQL: per (lab, cut),
 * stones of varied carats and prices per carat, some of another organization, some without a price.
 */
let t: TestApp;
let own: string;
let other: string;
const parse = (query: string) => diamondSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));

async function insertStones(where: string, count: number, values: string) {
  await t.handle.db.execute(
    sql.raw(`INSERT INTO diamonds (ref, shape, carats, color, clarity, cut, lab, growth, organization_id,
      total_price_eur, price_eur, availability, source, currency)
    SELECT '${where}-' || g, ${values}, 'test', 'EUR' FROM generate_series(1, ${count}) g`),
  );
}

/** What the search must answer, computed apart (in SQL over the whole table, no index trick). */
async function expected(
  labs: string[],
  cuts: string[],
  min: number,
  max: number,
  priceMax: number,
  limit: number,
  offset: number,
) {
  const rows = await queryRows<{ id: string }>(
    t.handle.db,
    sql.raw(`SELECT id::text AS id FROM diamonds WHERE availability = 'available'
      AND (organization_id IS NULL OR organization_id = '${own}')
      AND lab IN (${labs.map((l) => `'${l}'`).join(',')}) AND cut IN (${cuts.map((c) => `'${c}'`).join(',')})
      AND carats BETWEEN ${min} AND ${max} AND total_price_eur <= ${priceMax}
      ORDER BY price_eur ASC NULLS LAST, diamonds.id LIMIT ${limit} OFFSET ${offset}`),
  );
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  t = await createTestApp();
  own = await createOrganization(t, 'Bijouterie Walk');
  other = await createOrganization(t, 'Bijouterie Ailleurs');
  // 600 stones per combination: carats 0.30-2.29, price per carat rising with carats and varying, a few
  // without price, some on hold, every 7th another organization's, every 5th the reader's own.
  for (const [lab, cut] of [
    ['GIA', 'EXCELLENT'],
    ['GIA', 'IDEAL'],
    ['IGI', 'EXCELLENT'],
    ['GIA', 'VERY GOOD'],
  ]) {
    await insertStones(
      `${lab}-${cut}`,
      600,
      `'ROUND', round(0.30 + (g % 200) / 100.0, 2), 'G', 'VS1', '${cut}', '${lab}', 'natural',
      CASE WHEN g % 7 = 0 THEN '${other}'::uuid WHEN g % 5 = 0 THEN '${own}'::uuid END,
      CASE WHEN g % 53 = 0 THEN NULL ELSE round((800 + (g % 200) * 25 + (g * 37) % 900) * (0.30 + (g % 200) / 100.0), 2) END,
      CASE WHEN g % 53 = 0 THEN NULL ELSE 800 + (g % 200) * 25 + (g * 37) % 900 END,
      CASE WHEN g % 11 = 0 THEN 'on-hold' ELSE 'available' END`,
    );
  }
  await t.handle.exec('ANALYZE diamonds');
});
afterAll(async () => {
  await t?.close();
});

describe('the certificate walk', () => {
  it('is taken for a lab and a cut minimum by price per carat, not otherwise', () => {
    expect(walksCertificates(parse('lab=GIA&cutMin=excellent&caratMin=1&caratMax=1.5&sort=pricePerCarat'))).toBe(true);
    expect(certificateCombos(parse('lab=GIA,IGI&cutMin=excellent'))).toEqual([
      { lab: 'GIA', cut: 'IDEAL' },
      { lab: 'GIA', cut: 'EXCELLENT' },
      { lab: 'IGI', cut: 'IDEAL' },
      { lab: 'IGI', cut: 'EXCELLENT' },
    ]);
    for (const query of [
      'lab=GIA&cutMin=excellent&sort=pricePerCarat&dir=desc',
      'lab=GIA&cutMin=excellent&sort=price',
      'lab=GIA&cutMin=excellent&shape=ROUND&sort=pricePerCarat',
      'lab=GIA,none&cutMin=excellent&sort=pricePerCarat',
      'lab=GIA&cutMin=excellent&fluorescence=none&sort=pricePerCarat',
      'lab=GIA&sort=pricePerCarat',
      // 3 labs x 4 grades: too many ranges.
      'lab=GIA,IGI,HRD&cutMin=good&sort=pricePerCarat',
    ]) {
      expect(walksCertificates(parse(query)), query).toBe(false);
    }
  });

  it.each([
    [
      'lab=GIA&cutMin=excellent&caratMin=1&caratMax=1.5&priceMax=10000&sort=pricePerCarat',
      ['GIA'],
      ['IDEAL', 'EXCELLENT'],
      1,
      1.5,
      10000,
    ],
    [
      'lab=GIA,IGI&cutMin=excellent&caratMin=0.5&caratMax=2&priceMax=100000&sort=pricePerCarat',
      ['GIA', 'IGI'],
      ['IDEAL', 'EXCELLENT'],
      0.5,
      2,
      100000,
    ],
    [
      'lab=GIA&cutMin=very-good&caratMin=2&caratMax=3&priceMax=100000&sort=pricePerCarat',
      ['GIA'],
      ['IDEAL', 'EXCELLENT', 'VERY GOOD'],
      2,
      3,
      100000,
    ],
  ])('answers %s exactly, page after page', async (query, labs, cuts, min, max, priceMax) => {
    for (const page of [1, 2, 7]) {
      const q = parse(`${query}&pageSize=24&page=${page}`);
      const walked = await walkCertificates(t.handle.db, { organizationId: own }, q);
      expect(walked, 'the walk settles a catalogue this small').not.toBeNull();
      const want = await expected(labs, cuts, min, max, priceMax, 24, (page - 1) * 24);
      expect(walked!.map((r) => r.id)).toEqual(want);
      const answer = await searchDiamonds(t.handle.db, { organizationId: own }, q);
      expect(answer.rows.map((r) => r.id)).toEqual(want);
    }
  });

  it(`gives up when a combination holds more than ${CERTIFICATE_WALK_ENTRIES.toLocaleString('en')} cheaper stones, and the search still answers`, async () => {
    // Many small, cheap-per-carat stones: the walk reads its bound without reaching the 1.0-1.5 ct ones.
    await insertStones(
      'cheap',
      CERTIFICATE_WALK_ENTRIES + 50,
      `'ROUND', 0.20, 'H', 'SI1', 'EXCELLENT', 'GIA', 'natural', NULL, 20, 100, 'available'`,
    );
    await t.handle.exec('ANALYZE diamonds');
    const q = parse('lab=GIA&cutMin=excellent&caratMin=1&caratMax=1.5&priceMax=10000&sort=pricePerCarat');
    expect(await walkCertificates(t.handle.db, { organizationId: own }, q)).toBeNull();
    const answer = await searchDiamonds(t.handle.db, { organizationId: own }, q);
    expect(answer.rows.map((r) => r.id)).toEqual(await expected(['GIA'], ['IDEAL', 'EXCELLENT'], 1, 1.5, 10000, 20, 0));
    expect(answer.total).toBeGreaterThan(0);
  });
});
