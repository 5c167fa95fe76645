import { describe, expect, it } from 'vitest';
import { normaliseFeedRow, type FeedPricing } from './feed-normalise';
import { HEADER_SAMPLE_MAX_CHARS, JsonFeedError, JsonRecordParser, openJsonFeed, type JsonRecord } from './feed-json';
import type { FeedRow } from './feed-rows';

const pricing: FeedPricing = { currency: 'USD', rateToEur: '0.9234', markup: '1.2', supplier: 'Fournisseur' };

/** The text as UTF-8 bytes cut every `size` bytes (a character may be cut in two). */
async function* bytes(text: string, size: number): AsyncGenerator<Uint8Array> {
  const all = new TextEncoder().encode(text);
  for (let i = 0; i < all.length; i += size) yield all.slice(i, i + size);
}

async function rowsOf(text: string, size = 7, mapping?: Record<string, 'stockNumber'>): Promise<FeedRow[]> {
  const feed = await openJsonFeed(bytes(text, size));
  const out: FeedRow[] = [];
  for await (const row of feed.rows(mapping)) out.push(row);
  return out;
}

function records(text: string): JsonRecord[] {
  const out: JsonRecord[] = [];
  const parser = new JsonRecordParser((r) => out.push(r));
  parser.push(text);
  parser.end();
  return out;
}

const STONES = [
  {
    'Stock #': 'J-1',
    Shape: 'RD',
    Weight: 1.01,
    Color: 'G',
    Clarity: 'VS1',
    'Cut Grade': 'EX',
    'RapNet Price': 6500,
    Lab: 'GIA',
    'Certificate #': 1234567,
    'Eye Clean': true,
  },
  // Numbers as strings, a field missing, null values.
  { 'Stock #': 'J-2', Shape: 'PS', Weight: '0,70', Color: 'D', Clarity: 'IF', 'RapNet Price': '9800', Lab: null },
  // An unknown shape code.
  { 'Stock #': 'J-3', Shape: 'ZZZ', Weight: 0.9, Color: 'H', Clarity: 'VS2', 'RapNet Price': 3100 },
  {},
  'pas un objet',
];

describe('JSON feeds', () => {
  it('reads a top-level array wherever the bytes are cut; numbers and strings alike; rejects by object number', async () => {
    const text = `\uFEFF ${JSON.stringify(STONES, null, 2)}\n`;
    for (const size of [1, 3, 7, 64, 100_000]) {
      const feed = await openJsonFeed(bytes(text, size));
      expect(feed.detection.preset?.id).toBe('rapnet');
      const rows: FeedRow[] = [];
      for await (const row of feed.rows()) rows.push(row);
      // The empty object is skipped; the string item is a row that cannot be read.
      expect(rows.map((r) => r.rowNumber)).toEqual([1, 2, 3, 5]);
      expect(rows[0]!.cells).toMatchObject({ stockNumber: 'J-1', carat: '1.01', certificateNumber: '1234567' });
      expect(rows[1]!.cells).toMatchObject({ stockNumber: 'J-2', carat: '0,70', lab: '', cut: '' });
      expect(rows[3]).toEqual({ rowNumber: 5, cells: {}, error: "L'élément est une valeur simple, pas un objet" });

      const results = rows.slice(0, 3).map((row) => normaliseFeedRow(row, pricing));
      expect(results[0]).toMatchObject({ ok: true, stone: { stock_number: 'J-1', shape: 'ROUND', carats: '1.01' } });
      expect(results[1]).toMatchObject({ ok: true, stone: { shape: 'PEAR', carats: '0.70' } });
      expect(results[2]).toMatchObject({ ok: false });
      expect(results[2]!.ok ? '' : results[2]!.reason).toMatch(/ZZZ/);
    }
  });

  it('finds the stones under a known key, at any of the first levels, and skips other arrays', async () => {
    const wrapped = { success: true, meta: { links: [{ rel: 'next' }], count: 2 }, data: STONES.slice(0, 2) };
    expect((await rowsOf(JSON.stringify(wrapped))).map((r) => r.cells.stockNumber)).toEqual(['J-1', 'J-2']);
    const graphql = { data: { diamonds_by_query: { total_count: 1, Items: [{ 'Stock #': 'N-1' }] } } };
    const rows = await rowsOf(JSON.stringify(graphql), 5, { 'Stock #': 'stockNumber' });
    expect(rows).toEqual([{ rowNumber: 1, cells: { stockNumber: 'N-1' } }]);
    // What follows the stones is not read (here it is not even JSON).
    const trailing = `{"stones":[{"Stock #":"T-1"}], "rest": ]]]`;
    expect((await rowsOf(trailing, 4, { 'Stock #': 'stockNumber' })).length).toBe(1);
  });

  it('flattens nested objects with dotted keys and arrays by index, plain arrays joined', () => {
    const [record] = records(
      JSON.stringify([
        {
          id: 'N-9',
          certificate: { lab: 'IGI', number: 'LG123', measurements: { length: 6.41 } },
          images: ['https://img.example/1.jpg', 'https://img.example/2.jpg'],
          treatments: ['HPHT', null, 'Laser'],
          prices: [{ currency: 'USD', total: 1200.5 }],
          lab_grown: false,
          text: 'Dupr\u00e9 \\ "x" \ud83d\udc8e',
        },
      ]),
    );
    expect(Object.fromEntries(record!.values)).toEqual({
      id: 'N-9',
      'certificate.lab': 'IGI',
      'certificate.number': 'LG123',
      'certificate.measurements.length': '6.41',
      'images.0': 'https://img.example/1.jpg',
      'images.1': 'https://img.example/2.jpg',
      images: 'https://img.example/1.jpg, https://img.example/2.jpg',
      'treatments.0': 'HPHT',
      'treatments.1': '',
      'treatments.2': 'Laser',
      treatments: 'HPHT, Laser',
      'prices.0.currency': 'USD',
      'prices.0.total': '1200.5',
      lab_grown: 'No',
      text: 'Dupré \\ "x" 💎',
    });
  });

  it('a mapping reads nested keys; the first key of a field an object has gives its value', async () => {
    const text = JSON.stringify({
      items: [
        { stock: { ref: 'A' }, certificate: { number: '11' } },
        { stockId: 'B', certificate: { number: 22 } },
      ],
    });
    const feed = await openJsonFeed(bytes(text, 9));
    const mapping = { 'stock.ref': 'stockNumber', stockId: 'stockNumber', 'certificate.number': 'certificateNumber' };
    expect(feed.headers).toEqual(['stock.ref', 'certificate.number', 'stockId']);
    const rows: FeedRow[] = [];
    // The same field from two keys: the importer's mapping type allows it for JSON aliases.
    for await (const row of feed.rows(mapping as Record<string, 'stockNumber' | 'certificateNumber'>)) rows.push(row);
    expect(rows.map((r) => r.cells)).toEqual([
      { stockNumber: 'A', certificateNumber: '11' },
      { stockNumber: 'B', certificateNumber: '22' },
    ]);
  });

  it('refuses what is not the JSON expected, in French, with the object where it broke', async () => {
    const failure = async (text: string): Promise<string> => {
      try {
        await rowsOf(text, 3, { id: 'stockNumber' });
      } catch (error) {
        expect(error).toBeInstanceOf(JsonFeedError);
        return (error as Error).message;
      }
      return 'no error';
    };
    expect(await failure('')).toBe('Le fichier est vide');
    expect(await failure('{"meta": {"items": 3}, "listing": [{"id": 1}]}')).toMatch(/^Aucune liste de pierres trouvée/);
    expect(await failure('[{"id": 1}, {"id": 2,}]')).toBe('JSON invalide (objet n° 2) : nom de clé attendu');
    expect(await failure('[{"id": 1}, {"id": 2')).toBe('JSON invalide (objet n° 2) : fichier tronqué (fin inattendue)');
    expect(await failure('[{"id": tru}]')).toMatch(/^JSON invalide \(objet n° 1\) : valeur inattendue/);
    expect(await failure('[{"id": 01}]')).toMatch(/nombre invalide/);
    expect(await failure('"texte"')).toMatch(/un tableau d'objets ou un objet est attendu/);
    expect(await failure('[1, 2] [3]')).toBe('no error');
  });

  it('keeps fewer objects aside to learn the keys once they reach HEADER_SAMPLE_MAX_CHARS characters', async () => {
    // Ten objects of 900,000 characters: the sample stops after the one that crosses the limit (the 6th).
    const long = 'x'.repeat(900_000);
    const items = Array.from({ length: 10 }, (_, i) => ({
      'Stock #': `L-${i + 1}`,
      Comment: long,
      ...(i === 2 ? { Early: 'a' } : {}),
      ...(i === 7 ? { Late: 'b' } : {}),
    }));
    expect(6 * 900_000).toBeGreaterThan(HEADER_SAMPLE_MAX_CHARS);
    const feed = await openJsonFeed(bytes(JSON.stringify(items), 65_536));
    expect(feed.headers).toEqual(['Stock #', 'Comment', 'Early']);
    const rows: FeedRow[] = [];
    for await (const row of feed.rows({ 'Stock #': 'stockNumber' })) rows.push(row);
    expect(rows.map((r) => r.cells.stockNumber)).toEqual(items.map((item) => item['Stock #']));
  });
});
