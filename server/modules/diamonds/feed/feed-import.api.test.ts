import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '@shared/seeded-random';
import { queryRows } from '../../../db/client';
import { AppError } from '../../../http/errors';
import { diamondFeeds } from '../../../db/schema';
import { quoteLineSchema } from '@shared/schemas/quotes';
import { createOrganization, createTestApp, signedInClient, type TestApp } from '../../../test/harness';
import { loadQuotePricingContext } from '../../quotes/quote-context';
import { pickRandom6, pickRandomDiamonds } from '../random-diamonds';
import { seedDemoDiamonds } from '../diamonds.seed';
import { PassThrough } from 'node:stream';
import {
  ABANDONED_RUN_ERROR,
  importFeed,
  runRate,
  VACUUM_AFTER_CHANGES,
  type ImportableFeed,
  type ImportProgress,
} from './feed-import';
import { limitedUpload } from './feed-upload';
import type { FeedStone } from './feed-normalise';
import type { FeedSource } from './feed-rows';

let t: TestApp;
let orgA: string;
let orgB: string;
const NOW = new Date('2026-03-02T10:00:00Z');
const RATE = '0.9234';

beforeAll(async () => {
  t = await createTestApp();
  orgA = await createOrganization(t, 'Bijouterie A');
  orgB = await createOrganization(t, 'Bijouterie B');
  await seedDemoDiamonds(t.handle.db, 20, { rng: mulberry32(7) });
});
afterAll(async () => {
  await t?.close();
});

/** The text in small byte chunks, as a network or file stream hands it (characters may be cut in two). */
async function* chunks(text: string, size = 37): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.slice(i, i + size);
}

async function newFeed(
  organizationId: string,
  values: Partial<Pick<ImportableFeed, 'fullFeed' | 'currency' | 'markup' | 'name'>> = {},
): Promise<ImportableFeed> {
  const [row] = await t.handle.db
    .insert(diamondFeeds)
    .values({ organizationId, name: values.name ?? 'Fournisseur', kind: 'upload', ...values })
    .returning();
  return { ...row!, columnMapping: null };
}

const run = (organizationId: string, feed: ImportableFeed, source: FeedSource, batchSize = 2) =>
  importFeed(t.handle.db, { organizationId, feed, source, usdToEur: RATE, now: NOW, batchSize });

/** A catalogue row as the tests read it: the columns an import writes, its owner and its source. */
type StoneRow = Omit<FeedStone, 'row_number' | 'content_hash'> & { organization_id: string | null; source: string };

async function stones(feedId: string): Promise<Map<string, StoneRow>> {
  const rows = await queryRows<StoneRow>(
    t.handle.db,
    sql`SELECT stock_number, organization_id, shape, carats::text, color, clarity, cut, polish, symmetry, fluorescence,
      fluorescence_color, lab, certificate_number, fancy_color, fancy_intensity, fancy_overtone, growth, treatments,
      length_mm::text, width_mm::text, depth_mm::text, ratio::text, depth_pct::text, table_pct::text,
      total_price::text, price_per_carat::text, currency, total_price_eur::text, price_eur::text,
      sell_price_eur::text, discount_pct::text, cash_price::text, availability, city, state, country, location,
      image_url, eye_clean, girdle, source
      FROM diamonds WHERE feed_id = ${feedId} ORDER BY stock_number`,
  );
  return new Map(rows.map((r) => [r.stock_number, r]));
}

async function rejects(runId: string): Promise<Array<{ row_number: number; reason: string }>> {
  return queryRows(
    t.handle.db,
    sql`SELECT row_number, reason FROM diamond_import_rejects WHERE run_id = ${runId} ORDER BY row_number`,
  );
}

/** The whole catalogue, as text: compared before and after a failed run. */
async function catalogueSnapshot(): Promise<string> {
  const [row] = await queryRows<{ snapshot: string | null }>(
    t.handle.db,
    sql`SELECT string_agg(d::text, E'\n' ORDER BY d.id) AS snapshot FROM diamonds d`,
  );
  return row?.snapshot ?? '';
}

const IDEX = [
  'Item ID #,Supplier Stock Ref.,Cut,Carat,Color,Natural Fancy Color,Natural Fancy Color Intensity,Clarity,Make,Polish,Symmetry,Fluorescence Intensity,Grading Lab,Certificate Number,Price Per Carat,Total Price,Measurements,Depth,Table,City,State / Region,Country,Image Path,Growth Type,Enhancement',
  '9001,A-100,RD,0.5,F,,,VS1,EX,EX,VG,NON,GIA,2141234567,"4,000",,5.10-5.13x3.16,61.8,57,New York,New York,USA,https://img.example.com/a100.jpg,Natural,',
  '9002,A-101,Cushion,1.02,,Yellow,Fancy Intense,VVS2,,EX,EX,Faint,GIA,6203344556,,"5432,1",,,,,,Belgium,,,Irradiated',
  '9003,A-102,OV,1.5,E,,,VS2,,EX,EX,NON,IGI,LG612345678,"1,200",,,,,Mumbai,,India,,CVD,',
  '9004,A-103,XYZ,0.3,G,,,SI1,,,,,GIA,1,1000,,,,,,,,,,',
  '9005,A-104,PS,0,G,,,SI1,,,,,GIA,2,1000,,,,,,,,,,',
  '9006,A-105,PS,0.4,G,,,SI1,,,,,GIA,3,,,,,,,,,,,',
  '9007,A-106,EM,0.7,G,,,SI4,,,,,GIA,4,1000,,,,,,,,,,',
].join('\n');

const RAPNET_HEADER =
  'Stock #,Availability,Shape,Weight,Color,Clarity,Cut Grade,Polish,Symmetry,Fluorescence Intensity,Fluorescence Color,Measurements,Lab,Certificate #,RapNet Price,RapNet Discount %,Cash Price,Depth %,Table %,Girdle,Culet Size,City,State,Country,Eye Clean';
const rapnet = (r1Price = '6500', withR3 = true) =>
  [
    RAPNET_HEADER,
    `R-1,G,B,"1,01",G,SI1,VG-EX,EX,EX,MED,BL,6.40 x 6.43 x 3.98,GIA,1234567,${r1Price},-32.5,"6,370",62.1,58,Medium-Slightly Thick,None,Chicago,Illinois,USA,Yes`,
    'R-2,NA,RD,0.7,D,IF,EX,EX,EX,NON,,5.70 x 5.72 x 3.52,GIA,7654321,9800,-20,,61.6,57,Medium,None,Antwerp,,Belgium,Yes',
    ...(withR3 ? ['R-3,M,PS,0.9,H,VS2,,VG,G,FNT,,,HRD,99887766,3100,-40,,,,,,Ramat Gan,,Israel,'] : []),
  ].join('\r\n');

describe('IDEX-style feed', () => {
  it('imports normalised stones with EUR prices, and rejects bad rows with their line and reason', async () => {
    const feed = await newFeed(orgA, { name: 'IDEX Fournisseur', markup: '1.125' });
    const progress: ImportProgress[] = [];
    const report = await importFeed(t.handle.db, {
      organizationId: orgA,
      feed,
      source: chunks(IDEX),
      usdToEur: RATE,
      now: NOW,
      batchSize: 3,
      onProgress: (p) => {
        progress.push(p);
      },
    });
    expect(report).toMatchObject({
      status: 'succeeded',
      preset: 'idex',
      rowsRead: 7,
      rowsAccepted: 3,
      rowsRejected: 4,
      added: 3,
      updated: 0,
      unchanged: 0,
      removed: 0,
      error: null,
    });
    expect(progress.map((p) => p.rowsRead)).toEqual([3, 6, 7]);
    expect(await rejects(report.runId)).toEqual([
      { row_number: 5, reason: 'Code de forme inconnu « XYZ »' },
      { row_number: 6, reason: 'Poids en carats : doit être positif (« 0 »)' },
      { row_number: 7, reason: 'Prix manquant (ni prix total ni prix par carat)' },
      { row_number: 8, reason: 'Pureté inconnue « SI4 »' },
    ]);

    const rows = await stones(feed.id);
    expect([...rows.keys()]).toEqual(['A-100', 'A-101', 'A-102']);
    // 4,000 USD/ct x 0.50 ct = 2,000.00 USD; x 0.9234 = 1,846.80 EUR; x 1.125 = 2,077.65 EUR.
    expect(rows.get('A-100')).toMatchObject({
      organization_id: orgA,
      source: 'feed',
      shape: 'ROUND',
      carats: '0.50',
      color: 'F',
      clarity: 'VS1',
      cut: 'EXCELLENT',
      polish: 'EXCELLENT',
      symmetry: 'VERY GOOD',
      fluorescence: 'NONE',
      lab: 'GIA',
      certificate_number: '2141234567',
      growth: 'natural',
      length_mm: '5.10',
      width_mm: '5.13',
      depth_mm: '3.16',
      ratio: '1.01',
      depth_pct: '61.80',
      table_pct: '57.00',
      price_per_carat: '4000.00',
      total_price: '2000.00',
      currency: 'USD',
      total_price_eur: '1846.80',
      price_eur: '3693.60',
      sell_price_eur: '2077.65',
      availability: 'available',
      city: 'New York',
      state: 'New York',
      country: 'USA',
      location: 'New York, USA',
      image_url: 'https://img.example.com/a100.jpg',
    });
    // Fancy yellow, no D-Z colour; total 5,432.10 USD (decimal comma) / 1.02 ct = 5,325.588... -> 5,325.59/ct.
    // EUR: 5,432.10 x 0.9234 = 5,016.00114 -> 5,016.00; 5,325.59 x 0.9234 = 4,917.6498... -> 4,917.65;
    // sell: 5,016.00 x 1.125 = 5,643.00.
    expect(rows.get('A-101')).toMatchObject({
      shape: 'CUSHION',
      color: null,
      fancy_color: 'yellow',
      fancy_intensity: 'fancy-intense',
      fancy_overtone: null,
      clarity: 'VVS2',
      cut: null,
      fluorescence: 'FAINT',
      treatments: 'irradiated',
      total_price: '5432.10',
      price_per_carat: '5325.59',
      total_price_eur: '5016.00',
      price_eur: '4917.65',
      sell_price_eur: '5643.00',
      country: 'Belgium',
    });
    // Lab-grown CVD: 1,200 x 1.50 = 1,800.00 USD -> 1,662.12 EUR; x 1.125 = 1,869.885 -> 1,869.89 (half-up).
    expect(rows.get('A-102')).toMatchObject({
      shape: 'OVAL',
      color: 'E',
      lab: 'IGI',
      growth: 'lab-grown-cvd',
      total_price: '1800.00',
      total_price_eur: '1662.12',
      sell_price_eur: '1869.89',
    });
    const [runRow] = await queryRows<{ status: string; rows_read: number; added: number; fx_rate: string }>(
      t.handle.db,
      sql`SELECT status, rows_read, added, fx_rate::text FROM diamond_import_runs WHERE id = ${report.runId}`,
    );
    expect(runRow).toEqual({ status: 'succeeded', rows_read: 7, added: 3, fx_rate: '0.92340000' });
    const [staged] = await queryRows<{ n: number }>(
      t.handle.db,
      sql`SELECT count(*)::int AS n FROM diamond_import_staging`,
    );
    expect(staged?.n).toBe(0);
  });
});

describe('VDB-style feed (semicolons, BOM, CRLF, decimal commas)', () => {
  it('imports white and fancy stones, EUR rows at 1, and drops unsafe links', async () => {
    const feed = await newFeed(orgA, { name: 'VDB' });
    const text =
      '\uFEFF' +
      [
        'stock_num;shape;size;color;fancy_color_dominant_color;fancy_color_intensity;fancy_color_overtone;clarity;cut;polish;symmetry;fluor_intensity;lab;cert_num;meas_length;meas_width;meas_depth;depth_percent;table_percent;price_per_carat;total_sales_price;currency_code;city;country;availability;image_url;lab_grown_type',
        'V-1;Princess;0,90;H;;;;VS2;;EX;VG;None;GIA;5512;5,20;5,10;3,80;72,5;70;3200;;USD;Antwerp;Belgium;Available;javascript:alert(1);',
        'V-2;Pear;0,51;;Pink;Fancy Vivid;Purplish;SI1;;;;;GIA;5513;;;;;;;12000;EUR;Paris;France;On Hold;;',
        'V-3;Heart;0,40;Q-R;;;;I2;;;;;GIA;5514;;;;;;1500;;USD;;;Available;;HPHT',
        '',
      ].join('\r\n');
    const report = await run(orgA, feed, chunks(text, 11));
    expect(report).toMatchObject({ status: 'succeeded', preset: 'vdb', rowsRead: 3, rowsAccepted: 3, added: 3 });
    const rows = await stones(feed.id);
    // 3,200 x 0.90 = 2,880.00 USD -> 2,659.39 EUR (2,659.392); markup 1.
    expect(rows.get('V-1')).toMatchObject({
      shape: 'PRINCESS',
      carats: '0.90',
      color: 'H',
      length_mm: '5.20',
      width_mm: '5.10',
      depth_mm: '3.80',
      ratio: '1.02',
      depth_pct: '72.50',
      total_price: '2880.00',
      total_price_eur: '2659.39',
      sell_price_eur: '2659.39',
      image_url: null,
      growth: null,
    });
    // In EUR: taken at 1. 12,000 / 0.51 = 23,529.41/ct.
    expect(rows.get('V-2')).toMatchObject({
      color: null,
      fancy_color: 'pink',
      fancy_intensity: 'fancy-vivid',
      fancy_overtone: 'purple',
      currency: 'EUR',
      total_price: '12000.00',
      price_per_carat: '23529.41',
      total_price_eur: '12000.00',
      price_eur: '23529.41',
      availability: 'on-hold',
      location: 'Paris, France',
    });
    // A colour range counts as its lower colour; HPHT in the growth column is lab-grown HPHT.
    expect(rows.get('V-3')).toMatchObject({ shape: 'HEART', color: 'R', clarity: 'I2', growth: 'lab-grown-hpht' });
  });
});

describe('RapNet-style feed, runs after runs', () => {
  let feed: ImportableFeed;
  beforeAll(async () => {
    feed = await newFeed(orgA, { name: 'RapNet Fournisseur' });
  });

  it('first run: normalised codes, decimal comma weights, availability codes', async () => {
    const report = await run(orgA, feed, chunks(rapnet()));
    expect(report).toMatchObject({ status: 'succeeded', preset: 'rapnet', rowsAccepted: 3, added: 3, removed: 0 });
    const rows = await stones(feed.id);
    // 6,500 x 1.01 = 6,565.00 USD -> 6,062.12 EUR (6,062.121).
    expect(rows.get('R-1')).toMatchObject({
      shape: 'ROUND',
      carats: '1.01',
      cut: 'VERY GOOD',
      fluorescence: 'MEDIUM',
      fluorescence_color: 'blue',
      length_mm: '6.40',
      width_mm: '6.43',
      depth_mm: '3.98',
      ratio: '1.00',
      price_per_carat: '6500.00',
      total_price: '6565.00',
      total_price_eur: '6062.12',
      discount_pct: '-32.50',
      cash_price: '6370.00',
      availability: 'available',
      eye_clean: 'Yes',
      girdle: 'Medium-Slightly Thick',
      state: 'Illinois',
    });
    expect(rows.get('R-2')).toMatchObject({ shape: 'ROUND', color: 'D', clarity: 'IF', availability: 'not-available' });
    expect(rows.get('R-3')).toMatchObject({ shape: 'PEAR', availability: 'memo', lab: 'HRD', cut: null });
  });

  it('the same file again: everything unchanged', async () => {
    const report = await run(orgA, feed, chunks(rapnet()));
    expect(report).toMatchObject({ status: 'succeeded', rowsAccepted: 3, added: 0, updated: 0, unchanged: 3 });
  });

  it('a changed price is updated, a stone left out of a full feed is removed', async () => {
    const report = await run(orgA, feed, chunks(rapnet('6600', false)));
    expect(report).toMatchObject({ status: 'succeeded', added: 0, updated: 1, unchanged: 1, removed: 1 });
    const rows = await stones(feed.id);
    // 6,600 x 1.01 = 6,666.00 USD -> 6,155.38 EUR (6,155.3844).
    expect(rows.get('R-1')).toMatchObject({ total_price: '6666.00', total_price_eur: '6155.38' });
    expect(rows.get('R-3')?.availability).toBe('not-available');
    // Listed again as before: it comes back (updated, not counted unchanged).
    const back = await run(orgA, feed, chunks(rapnet('6600')));
    expect(back).toMatchObject({ status: 'succeeded', added: 0, updated: 1, unchanged: 2, removed: 0 });
    expect((await stones(feed.id)).get('R-3')?.availability).toBe('memo');
  });

  it('a partial feed does not remove the stones it leaves out', async () => {
    const partial = await newFeed(orgA, { name: 'Partiel', fullFeed: false });
    await run(orgA, partial, chunks(rapnet()));
    const report = await run(orgA, partial, chunks(rapnet('6500', false)));
    expect(report).toMatchObject({ status: 'succeeded', removed: 0, unchanged: 2 });
    expect((await stones(partial.id)).get('R-3')?.availability).toBe('memo');
  });

  it('a stock number twice in one file: the second row is rejected', async () => {
    const other = await newFeed(orgA, { name: 'Doublons' });
    const text = rapnet() + '\r\n' + rapnet().split('\r\n')[2]!;
    const report = await run(orgA, other, chunks(text));
    expect(report).toMatchObject({ status: 'succeeded', rowsRead: 4, rowsAccepted: 3, rowsRejected: 1 });
    expect(await rejects(report.runId)).toEqual([
      { row_number: 5, reason: 'Numéro de stock « R-2 » en double (déjà lu plus haut dans le fichier)' },
    ]);
  });
});

describe('after a large import', () => {
  it('vacuums and analyses the catalogue, so searches stay on their index-only scans', async () => {
    const lastVacuum = async () =>
      (
        await queryRows<{ at: string | null }>(
          t.handle.db,
          sql`SELECT COALESCE(last_vacuum, last_autovacuum)::text AS at FROM pg_stat_user_tables
            WHERE relname = 'diamonds'`,
        )
      )[0]?.at ?? null;
    const before = await lastVacuum();
    const feed = await newFeed(orgB, { name: 'Gros fournisseur', fullFeed: false });
    const rows = Array.from(
      { length: VACUUM_AFTER_CHANGES },
      (_, i) => `BIG-${i},G,B,0.5,G,SI1,EX,EX,EX,NON,,,GIA,${1_000_000 + i},2000,-30,,,,,,Chicago,Illinois,USA,Yes`,
    );
    const report = await run(orgB, feed, chunks([RAPNET_HEADER, ...rows].join('\n'), 64 * 1024), 2000);
    expect(report).toMatchObject({ status: 'succeeded', added: VACUUM_AFTER_CHANGES });
    const after = await lastVacuum();
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
  }, 120_000);
});

describe('failures leave the catalogue as it was', () => {
  it('a source that breaks midway: run failed, catalogue unchanged, staging emptied', async () => {
    const feed = await newFeed(orgA, { name: 'Coupure' });
    await run(orgA, feed, chunks(rapnet()));
    const before = await catalogueSnapshot();
    const lines = rapnet('7000').split('\r\n');
    async function* breaking(): AsyncGenerator<string> {
      yield `${lines[0]}\r\n${lines[1]}\r\n${lines[2]}\r\n`;
      yield `R-9,G,OV,0.8,E,VS1,,EX,EX,NON,,,GIA,555,5000,,,,,,,,,,\r\nR-10,G,OV,0.8,E,VS1,,EX,EX,NON,,,GIA,556,5000,,,,,,,,,,\r\n`;
      throw new Error('connexion interrompue');
    }
    const report = await run(orgA, feed, breaking(), 2);
    expect(report.status).toBe('failed');
    expect(report.error).toBe("L'import a échoué : connexion interrompue");
    expect(report.rowsAccepted).toBeGreaterThanOrEqual(2);
    expect(await catalogueSnapshot()).toBe(before);
    const [runRow] = await queryRows<{ status: string; error: string; finished: boolean }>(
      t.handle.db,
      sql`SELECT status, error, finished_at IS NOT NULL AS finished FROM diamond_import_runs WHERE id = ${report.runId}`,
    );
    expect(runRow).toEqual({ status: 'failed', error: "L'import a échoué : connexion interrompue", finished: true });
    const [staged] = await queryRows<{ n: number }>(
      t.handle.db,
      sql`SELECT count(*)::int AS n FROM diamond_import_staging`,
    );
    expect(staged?.n).toBe(0);
  });

  it('a disk that fills up during the run: stopped before the next batch, run failed with why, catalogue unchanged', async () => {
    const feed = await newFeed(orgA, { name: 'Disque plein' });
    await run(orgA, feed, chunks(rapnet()));
    const before = await catalogueSnapshot();
    let batches = 0;
    const report = await importFeed(t.handle.db, {
      organizationId: orgA,
      feed,
      source: chunks(rapnet('7200')),
      usdToEur: RATE,
      now: NOW,
      batchSize: 1,
      checkDiskSpace: () => {
        if (++batches > 2) throw new AppError('INSUFFICIENT_STORAGE', 'Enregistrement impossible : disque plein');
      },
    });
    expect(report.status).toBe('failed');
    expect(report.error).toBe('Enregistrement impossible : disque plein');
    expect(report.rowsAccepted).toBe(2);
    expect(await catalogueSnapshot()).toBe(before);
  });

  it('an unknown file layout, or a full feed with no stone accepted, fails without touching the catalogue', async () => {
    const feed = await newFeed(orgA, { name: 'Inconnu' });
    const before = await catalogueSnapshot();
    const unknown = await run(orgA, feed, chunks('a,b,c\n1,2,3\n'));
    expect(unknown.status).toBe('failed');
    expect(unknown.error).toMatch(/^Format de fichier non reconnu/);
    const rapFeed = await newFeed(orgA, { name: 'Vide' });
    await run(orgA, rapFeed, chunks(rapnet()));
    const snapshot = await catalogueSnapshot();
    const empty = await run(orgA, rapFeed, chunks(`${RAPNET_HEADER}\r\n`));
    expect(empty.status).toBe('failed');
    expect(empty.error).toMatch(/aucune pierre acceptée/);
    expect(await catalogueSnapshot()).toBe(snapshot);
    expect(before).not.toBe(snapshot);
  });
});

describe('organizations', () => {
  it("one organization's feed never touches another's stones, nor the demo stones", async () => {
    const feedA = await newFeed(orgA, { name: 'A' });
    const feedB = await newFeed(orgB, { name: 'B' });
    await run(orgA, feedA, chunks(rapnet()));
    const demoBefore = await queryRows<{ s: string }>(
      t.handle.db,
      sql`SELECT string_agg(d::text, E'\n' ORDER BY id) AS s FROM diamonds d WHERE source = 'demo'`,
    );
    const first = await run(orgB, feedB, chunks(rapnet('8000')));
    expect(first).toMatchObject({ status: 'succeeded', added: 3 });
    // B's full feed without R-3 removes B's R-3 only.
    const second = await run(orgB, feedB, chunks(rapnet('8000', false)));
    expect(second).toMatchObject({ status: 'succeeded', removed: 1 });
    const a = await stones(feedA.id);
    const b = await stones(feedB.id);
    expect(a.get('R-1')).toMatchObject({ organization_id: orgA, total_price: '6565.00' });
    expect(a.get('R-3')?.availability).toBe('memo');
    expect(b.get('R-1')).toMatchObject({ organization_id: orgB, total_price: '8080.00' });
    expect(b.get('R-3')?.availability).toBe('not-available');
    const demoAfter = await queryRows<{ s: string }>(
      t.handle.db,
      sql`SELECT string_agg(d::text, E'\n' ORDER BY id) AS s FROM diamonds d WHERE source = 'demo'`,
    );
    expect(demoAfter).toEqual(demoBefore);
    expect(demoAfter[0]?.s.length).toBeGreaterThan(0);
    // Another organization's feed cannot be imported.
    await expect(run(orgA, feedB, chunks(rapnet()))).rejects.toThrow('Flux introuvable');
  });
});

describe('who sees an imported stone', () => {
  it('its organization in every catalogue read; another organization and the sign-in page never', async () => {
    const org = await createOrganization(t, 'Bijouterie Fournie');
    const other = await createOrganization(t, 'Bijouterie Voisine');
    const feed = await newFeed(org, { name: 'Stock propre' });
    expect(await run(org, feed, chunks(rapnet()))).toMatchObject({ status: 'succeeded', added: 3 });
    const [imported] = await queryRows<{ id: string; ref: string }>(
      t.handle.db,
      sql`SELECT id::text AS id, ref FROM diamonds WHERE feed_id = ${feed.id} AND stock_number = 'R-1'`,
    );
    const { client: mine } = await signedInClient(t, { role: 'sales', organizationId: org });
    const { client: theirs } = await signedInClient(t, { role: 'sales', organizationId: other });

    // The search of the quote builder's picker: 1.01 ct stones.
    const refsOf = async (client: typeof mine) =>
      (await client.get('/api/diamonds?caratMin=1.01&caratMax=1.01&pageSize=50'))
        .json<{ items: Array<{ ref: string }> }>()
        .items.map((i) => i.ref);
    expect(await refsOf(mine)).toContain(imported!.ref);
    expect(await refsOf(theirs)).not.toContain(imported!.ref);

    // The dashboard's random draw and the sign-in showcase, from every starting point of the sample.
    for (const r of [0, 0.25, 0.5, 0.75, 0.999]) {
      const forOther = await pickRandom6(t.handle.db, { organizationId: other }, { min: 1.01, max: 1.01 }, r);
      expect(forOther.map((d) => d.ref)).not.toContain(imported!.ref);
      const forMine = await pickRandom6(t.handle.db, { organizationId: org }, { min: 1.01, max: 1.01 }, r);
      expect(forMine.length).toBeGreaterThan(0);
      const showcase = await pickRandomDiamonds(t.handle.db, 50, 'installation', {}, r);
      expect(showcase.some((d) => d.ref.startsWith(`${feed.id}:`))).toBe(false);
    }

    // A quote line naming the stone is priced for its organization only.
    const line = quoteLineSchema.parse({ kind: 'diamond', diamondId: imported!.id, quantity: '1' });
    const app = t.app;
    const forMine = await loadQuotePricingContext(app, t.handle.db, org, [line]);
    expect(forMine.context.diamonds[imported!.id]?.priceEur).toBe('6062.12');
    const forOther = await loadQuotePricingContext(app, t.handle.db, other, [line]);
    expect(forOther.context.diamonds[imported!.id]).toBeUndefined();
  });
});

describe('the run while it goes on', () => {
  const runRow = async (runId: string) => {
    const [row] = await queryRows<{
      status: string;
      error: string | null;
      heartbeat: string | null;
      fx: string | null;
    }>(
      t.handle.db,
      sql`SELECT status, error, to_char(heartbeat_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS heartbeat,
        fx_rate::text AS fx FROM diamond_import_runs WHERE id = ${runId}`,
    );
    return row!;
  };
  const feedStones = async (feedId: string) =>
    (
      await queryRows<{ n: number }>(
        t.handle.db,
        sql`SELECT count(*)::int AS n FROM diamonds WHERE feed_id = ${feedId}`,
      )
    )[0]!.n;

  it('stamps its heartbeat when it starts and with each staged batch', async () => {
    const feed = await newFeed(orgA, { name: 'Battement' });
    const seen: Array<string | null> = [];
    const report = await importFeed(t.handle.db, {
      organizationId: orgA,
      feed,
      source: async () => {
        const [row] = await queryRows<{ id: string }>(
          t.handle.db,
          sql`SELECT id FROM diamond_import_runs WHERE feed_id = ${feed.id} AND status = 'running'`,
        );
        seen.push((await runRow(row!.id)).heartbeat);
        return { source: chunks(rapnet()) };
      },
      usdToEur: RATE,
      now: NOW,
      batchSize: 1,
      onProgress: async ({ runId }) => {
        seen.push((await runRow(runId)).heartbeat);
        // Cleared after each batch: the next one stamps it again.
        await t.handle.db.execute(sql`UPDATE diamond_import_runs SET heartbeat_at = NULL WHERE id = ${runId}`);
      },
    });
    expect(report.status).toBe('succeeded');
    expect(seen).toHaveLength(4);
    expect(seen[0]).toBe('2026-03-02T10:00:00.000');
    // The run's clock: its start plus the time elapsed.
    for (const beat of seen) expect(beat! >= '2026-03-02T10:00:00.000' && beat! < '2026-03-02T10:01').toBe(true);
  });

  it('a run marked abandoned while it goes on stops at its next batch, and is not merged', async () => {
    const feed = await newFeed(orgA, { name: 'Abandonné en route' });
    const before = await catalogueSnapshot();
    const report = await importFeed(t.handle.db, {
      organizationId: orgA,
      feed,
      source: chunks(rapnet()),
      usdToEur: RATE,
      now: NOW,
      batchSize: 1,
      onProgress: async ({ runId }) => {
        await t.handle.db.execute(
          sql`UPDATE diamond_import_runs SET status = 'failed', error = 'abandonné' WHERE id = ${runId}`,
        );
      },
    });
    expect(report).toMatchObject({ status: 'failed', error: ABANDONED_RUN_ERROR, rowsRead: 2, rowsAccepted: 1 });
    expect((await runRow(report.runId)).status).toBe('failed');
    expect(await catalogueSnapshot()).toBe(before);
  });

  it('a run marked abandoned after its last batch: the merge rolls back, the run stays failed', async () => {
    const feed = await newFeed(orgA, { name: 'Abandonné avant la fusion' });
    const before = await catalogueSnapshot();
    const report = await importFeed(t.handle.db, {
      organizationId: orgA,
      feed,
      source: chunks(rapnet()),
      usdToEur: RATE,
      now: NOW,
      batchSize: 1000,
      onProgress: async ({ runId }) => {
        await t.handle.db.execute(
          sql`UPDATE diamond_import_runs SET status = 'failed', error = 'abandonné' WHERE id = ${runId}`,
        );
      },
    });
    expect(report).toMatchObject({ status: 'failed', error: ABANDONED_RUN_ERROR, added: 0 });
    expect(await runRow(report.runId)).toMatchObject({ status: 'failed', error: ABANDONED_RUN_ERROR });
    expect(await feedStones(feed.id)).toBe(0);
    expect(await catalogueSnapshot()).toBe(before);
    const [staged] = await queryRows<{ n: number }>(
      t.handle.db,
      sql`SELECT count(*)::int AS n FROM diamond_import_staging WHERE run_id = ${report.runId}`,
    );
    expect(staged?.n).toBe(0);
  });

  it('rounds the rate half-up to 8 decimals: the rate stored is the one the prices use', async () => {
    expect(runRate('0.923412345')).toBe('0.92341235');
    expect(runRate('0.9234123449')).toBe('0.92341234');
    expect(runRate('0.92')).toBe('0.92');
    expect(runRate('0.000000004')).toBeNull();
    expect(runRate('-1')).toBeNull();
    expect(runRate('abc')).toBeNull();
    const feed = await newFeed(orgA, { name: 'Taux long' });
    const report = await importFeed(t.handle.db, {
      organizationId: orgA,
      feed,
      source: chunks(rapnet('9900000000', false)),
      usdToEur: '1.000000005',
      now: NOW,
    });
    expect(report.status).toBe('succeeded');
    expect((await runRow(report.runId)).fx).toBe('1.00000001');
    // 9,900,000,000 x 1.00000001 = 9,900,000,099.00 (the unrounded rate would give 9,900,000,049.50).
    expect((await stones(feed.id)).get('R-1')?.price_eur).toBe('9900000099.00');
    const invalid = await importFeed(t.handle.db, {
      organizationId: orgA,
      feed,
      source: chunks(rapnet()),
      usdToEur: '0.000000001',
      now: NOW,
    });
    expect(invalid).toMatchObject({ status: 'failed', error: 'Taux de change invalide « 0.000000001 »' });
  });

  it('a stalled upload fails its run after the silence limit, and the feed is free again', async () => {
    const feed = await newFeed(orgA, { name: 'Envoi bloqué' });
    const body = new PassThrough();
    body.write(`${RAPNET_HEADER}\r\n`);
    const report = await run(orgA, feed, limitedUpload(body, { maxBytes: 1_000_000, idleTimeoutMs: 100 }));
    expect(report).toMatchObject({
      status: 'failed',
      error: 'Envoi du fichier interrompu (plus rien reçu depuis 100 ms)',
    });
    expect((await runRow(report.runId)).status).toBe('failed');
    expect((await run(orgA, feed, chunks(rapnet()))).status).toBe('succeeded');
  });
});
