import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CsvChunkReader, CsvParseError, detectStreamDelimiter, parseCsv, type CsvRecord } from '@shared/csv';
import { openFeed, readFeedRows, type FeedRow, type FeedSource } from './feed-rows';

async function collect(rows: AsyncIterable<FeedRow>): Promise<FeedRow[]> {
  const out: FeedRow[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

/** The text cut in pieces of `size` characters, as string chunks. */
async function* pieces(text: string, size: number): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

/** Every record of `text` read through CsvChunkReader with the text cut at `cut`. */
function readInTwo(text: string, cut: number): CsvRecord[] {
  const reader = new CsvChunkReader();
  return [...reader.push(text.slice(0, cut)), ...reader.push(text.slice(cut)), ...reader.end()];
}

describe('CsvChunkReader', () => {
  const samples = [
    '\uFEFFNom;Notes\r\n"Dupré; Hélène";"Dit ""la reine""\r\nligne 2"\r\nMartin;\r\n',
    'a,b,c\n1,"2,5",3\n\n4,5,6',
    'a;b\r"x\ry";1\r2;3',
    'Nom;Taille\nBague;5" de diamètre\nCollier;"45" cm',
    'a;b\n  "q";"""x"""\r\n\r\n',
    '',
    'seul',
  ];

  it('reads like parseCsv wherever the text is cut', () => {
    for (const text of samples) {
      const parsed = parseCsv(text);
      const expected = parsed.headers.length === 0 ? [] : [{ line: 1, cells: parsed.headers }, ...parsed.records];
      for (let cut = 0; cut <= text.length; cut++) {
        const records = readInTwo(text, cut);
        // parseCsv trims the header cells only.
        const [head, ...rest] = records;
        const got = head ? [{ line: head.line, cells: head.cells.map((c) => c.trim()) }, ...rest] : [];
        expect(got, `${JSON.stringify(text)} cut at ${cut}`).toEqual(expected);
      }
      const reader = new CsvChunkReader();
      const oneByOne = [...[...text].flatMap((ch) => reader.push(ch)), ...reader.end()];
      expect(oneByOne.slice(1)).toEqual(expected.slice(1));
    }
  });

  it('reads one character at a time', () => {
    const text = 'a\tb\r\n"x\r\ny"\t"z"""\r\n';
    const reader = new CsvChunkReader();
    const records = [...text].flatMap((ch) => reader.push(ch));
    records.push(...reader.end());
    expect(reader.delimiter).toBe('\t');
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x\r\ny', 'z"'] },
    ]);
  });

  it('detects tab, comma and semicolon separators outside quotes', () => {
    expect(detectStreamDelimiter('a\tb\tc,d\n')).toBe('\t');
    expect(detectStreamDelimiter('"a\tb\tc";d,e,f\n')).toBe(',');
    expect(detectStreamDelimiter('a;b\n')).toBe(';');
    expect(detectStreamDelimiter('a')).toBe(';');
  });

  it('refuses a quoted field left open, naming its line', () => {
    const reader = new CsvChunkReader();
    reader.push('a;b\n1;2\n"open;');
    reader.push('still\n');
    expect(() => reader.end()).toThrow(new CsvParseError('Guillemet non fermé (ligne 3) : vérifiez le fichier', 3));
  });
});

describe('openFeed', () => {
  it('streams a RapNet file from Buffer chunks: BOM, CRLF, quotes, a character split between chunks', async () => {
    const text =
      '\uFEFFStock #,Shape,Weight,Color,Clarity,Cut Grade,Polish,Symmetry,Fluorescence Intensity,Lab,Certificate #,Member Comments\r\n' +
      'A-1,RD,1.01,G,VS1,EX,EX,VG,NON,GIA,2141358666,"Très beau, ""propre""\r\nsur deux lignes"\r\n' +
      '\r\n' +
      ',,,,,,,,,,,\r\n' +
      'A-2,PS,0.5,F,SI1,,,,,IGI\r\n';
    const bytes = Buffer.from(text, 'utf8');
    // 7-byte chunks cut the BOM and the two-byte "è" in their middle.
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 7) chunks.push(bytes.subarray(i, i + 7));
    const feed = await openFeed(Readable.from(chunks));
    expect(feed.delimiter).toBe(',');
    expect(feed.headers[0]).toBe('Stock #');
    expect(feed.detection.preset?.id).toBe('rapnet');
    expect(feed.detection.unmappedHeaders).toEqual(['Member Comments']);
    const rows = await collect(feed.rows());
    expect(rows).toEqual([
      {
        rowNumber: 2,
        cells: {
          stockNumber: 'A-1',
          shape: 'RD',
          carat: '1.01',
          color: 'G',
          clarity: 'VS1',
          cut: 'EX',
          polish: 'EX',
          symmetry: 'VG',
          fluorescenceIntensity: 'NON',
          lab: 'GIA',
          certificateNumber: '2141358666',
        },
      },
      {
        rowNumber: 6,
        cells: {
          stockNumber: 'A-2',
          shape: 'PS',
          carat: '0.5',
          color: 'F',
          clarity: 'SI1',
          cut: '',
          polish: '',
          symmetry: '',
          fluorescenceIntensity: '',
          lab: 'IGI',
          certificateNumber: '',
        },
      },
    ]);
    await expect(collect(feed.rows())).rejects.toThrow('only once');
  });

  it('reads a tab-separated VDB file with a corrected mapping', async () => {
    const text =
      'stock_num\tshape\tsize\tcolor\tclarity\tcut\tlab\tcert_num\tremarks\nV1\tROUND\t0.30\tD\tIF\tEX\tGIA\t123\tnice\n';
    const feed = await openFeed(pieces(text, 5));
    expect(feed.delimiter).toBe('\t');
    expect(feed.detection.preset?.id).toBe('vdb');
    const mapping = { ...feed.detection.mapping, REMARKS: 'shade' as const, absent: 'city' as const };
    expect(feed.resolveMapping(mapping)).toEqual({
      columns: [
        [0, 'stockNumber'],
        [1, 'shape'],
        [2, 'carat'],
        [3, 'color'],
        [4, 'clarity'],
        [5, 'cut'],
        [6, 'lab'],
        [7, 'certificateNumber'],
        [8, 'shade'],
      ],
      unmappedHeaders: [],
      missingHeaders: ['absent'],
    });
    const rows = await collect(feed.rows(mapping));
    expect(rows).toEqual([
      {
        rowNumber: 2,
        cells: {
          stockNumber: 'V1',
          shape: 'ROUND',
          carat: '0.30',
          color: 'D',
          clarity: 'IF',
          cut: 'EX',
          lab: 'GIA',
          certificateNumber: '123',
          shade: 'nice',
        },
      },
    ]);
  });

  it.each([
    [
      'idex',
      'Supplier Stock Ref.;Cut;Carat;Color;Clarity;Make;Grading Lab;Certificate Number;Total Price',
      'Cut',
      'shape',
    ],
    ['rapnet', 'Stock #,Shape,Weight,Color,Clarity,Cut Grade,Lab,Certificate #,Cash Price', 'Cut Grade', 'cut'],
    ['vdb', 'stock_num\tshape\tsize\tcolor\tclarity\tcut\tlab\tcert_num\ttotal_sales_price', 'cut', 'cut'],
    ['nivoda', 'Stock #,Shape,Size,Cut,Color,Clarity,Lab,Certificate #,Final Price,Image,Video', 'Cut', 'cut'],
  ])('detects the %s preset from its header line', async (id, header, column, field) => {
    const feed = await openFeed(pieces(`${header}\n`, 3));
    expect(feed.detection.preset?.id).toBe(id);
    expect(feed.detection.mapping[column]).toBe(field);
    await feed.close();
  });

  it('refuses an empty file and a header with encoding damage', async () => {
    await expect(openFeed(pieces('', 1))).rejects.toThrow(CsvParseError);
    await expect(openFeed(pieces('\r\n\r\n', 1))).rejects.toThrow("aucune ligne d'en-tête");
    await expect(openFeed(Readable.from([Buffer.from([0x53, 0x74, 0xe9, 0x0a])]))).rejects.toThrow('encodage');
  });

  it('streams 200,000 rows without reading ahead of its consumer', async () => {
    const total = 200_000;
    const perChunk = 1_000;
    let chunksRead = 0;
    async function* generate(): AsyncGenerator<string> {
      yield 'Stock #;Shape;Weight;Color;Clarity;Lab;Certificate #;Member Comments\r\n';
      for (let start = 0; start < total; start += perChunk) {
        chunksRead++;
        let text = '';
        for (let i = start; i < start + perChunk; i++) {
          const note = i % 10 === 0 ? `"ligne ""${i}""\r\nsuite; fin"` : 'ok';
          text += `S${i};RD;${(0.3 + (i % 300) / 100).toFixed(2)};G;VS1;GIA;${1e9 + i};${note}\r\n`;
        }
        yield text;
      }
    }
    const source: FeedSource = generate();
    const feed = await openFeed(source);
    const rows = feed.rows();
    const first = await rows.next();
    expect(first.value).toMatchObject({ rowNumber: 2, cells: { stockNumber: 'S0', shape: 'RD', carat: '0.30' } });
    // Only the chunk holding the first row has been read.
    expect(chunksRead).toBe(1);
    let count = 1;
    let last: FeedRow | undefined;
    for await (const row of rows) {
      count++;
      last = row;
    }
    expect(count).toBe(total);
    expect(chunksRead).toBe(total / perChunk);
    // Rows 0, 10, 20… take two lines of the file.
    expect(last).toMatchObject({ rowNumber: 1 + total + total / 10, cells: { stockNumber: `S${total - 1}` } });
  });

  it('reads rows with readFeedRows and stops the source when the consumer stops', async () => {
    let destroyed = false;
    const stream = Readable.from(['Stock #,Shape,Weight,Color,Clarity\n', 'a,RD,1,D,IF\n', 'b,PS,1,D,IF\n']);
    stream.on('close', () => (destroyed = true));
    for await (const row of readFeedRows(stream)) {
      expect(row.cells).toEqual({ stockNumber: 'a', shape: 'RD', carat: '1', color: 'D', clarity: 'IF' });
      break;
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(destroyed).toBe(true);
  });
});
