import {
  CsvChunkReader,
  CsvParseError,
  hasUnreadableCharacters,
  UNREADABLE_TEXT_MESSAGE,
  type CsvRecord,
  type CsvStreamDelimiter,
} from '@shared/csv';
import { feedHeaderKey, type FeedField } from '@shared/diamond-feed-fields';
import { detectPreset, type FeedColumnMapping, type PresetDetection } from './feed-presets';

/**
 * Streaming reader of supplier stock files (CSV or TSV, UTF-8): the file is read chunk by chunk and
 * rows are handed out one at a time, so a feed of a million stones never sits in memory. The CSV
 * rules are those of `CsvChunkReader` (shared/csv.ts): quotes, doubled quotes, line breaks inside
 * quotes, BOM, CRLF, separator `,` `;` or tab detected from the header line.
 */

/** What a feed is read from: a Node Readable (a file or an upload stream) or any async iterable of chunks. */
export type FeedSource = AsyncIterable<Uint8Array | string>;

export interface FeedRow {
  /** 1-based line of the file where the row starts (the header is line 1), for messages to the admin. */
  rowNumber: number;
  /** The mapped fields' cells, trimmed; a mapped column missing from a short row reads ''. */
  cells: Partial<Record<FeedField, string>>;
  /** Set when the row cannot be read at all (a JSON item that is not an object): it is rejected with this reason. */
  error?: string;
}

export interface FeedColumns {
  /** Column index -> field, in file order. */
  columns: ReadonlyArray<readonly [index: number, field: FeedField]>;
  /** Non-blank headers no field is read from. */
  unmappedHeaders: string[];
  /** Headers of the mapping the file does not have. */
  missingHeaders: string[];
}

export interface FeedFile {
  headers: string[];
  delimiter: CsvStreamDelimiter;
  /** The preset detected from the headers, with its mapping (what `rows()` uses by default). */
  detection: PresetDetection;
  /** How a mapping reads this file's columns. */
  resolveMapping(mapping: FeedColumnMapping): FeedColumns;
  /**
   * The data rows, read as they are consumed; rows whose cells are all blank are skipped. Call it
   * once: the file is read a single time.
   */
  rows(mapping?: FeedColumnMapping): AsyncGenerator<FeedRow>;
  /** Stops reading (closes the source) when the rows will not be read to the end. */
  close(): Promise<void>;
}

/** What the import engine reads of a feed file, CSV or JSON (feed-json.ts). */
export type FeedReader = Omit<FeedFile, 'delimiter'>;

/** The file's records, decoded as UTF-8 chunk by chunk. */
async function* readRecords(source: FeedSource, reader: CsvChunkReader): AsyncGenerator<CsvRecord> {
  // The decoder drops a leading UTF-8 BOM and keeps characters split between two chunks whole.
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of source) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    yield* reader.push(text);
  }
  yield* reader.push(decoder.decode());
  yield* reader.end();
}

function resolveColumns(headers: readonly string[], mapping: FeedColumnMapping): FeedColumns {
  const byKey = new Map<string, FeedField>();
  for (const [header, field] of Object.entries(mapping)) {
    const key = feedHeaderKey(header);
    if (!byKey.has(key)) byKey.set(key, field);
  }
  const columns: Array<readonly [number, FeedField]> = [];
  const used = new Set<FeedField>();
  const found = new Set<string>();
  const unmappedHeaders: string[] = [];
  headers.forEach((header, index) => {
    const key = feedHeaderKey(header);
    const field = byKey.get(key);
    if (field && !used.has(field)) {
      columns.push([index, field]);
      used.add(field);
      found.add(key);
    } else if (header.trim() !== '') unmappedHeaders.push(header);
  });
  const missingHeaders = Object.keys(mapping).filter((h) => !found.has(feedHeaderKey(h)));
  return { columns, unmappedHeaders, missingHeaders };
}

/**
 * Opens a feed: reads up to its header line (and no further), detects the separator and the preset.
 * An empty file, or a header with the traces of a wrong encoding, throws a CsvParseError.
 */
export async function openFeed(
  source: FeedSource,
  options: { delimiter?: CsvStreamDelimiter } = {},
): Promise<FeedFile> {
  const reader = new CsvChunkReader(options.delimiter);
  const records = readRecords(source, reader);
  const first = await records.next();
  if (first.done) throw new CsvParseError("Le fichier est vide : aucune ligne d'en-tête", 1);
  const headers = first.value.cells.map((h) => h.trim());
  if (hasUnreadableCharacters(headers.join(''))) throw new CsvParseError(UNREADABLE_TEXT_MESSAGE, first.value.line);
  const detection = detectPreset(headers);
  let started = false;
  return {
    headers,
    delimiter: reader.delimiter!,
    detection,
    resolveMapping: (mapping) => resolveColumns(headers, mapping),
    async *rows(mapping = detection.mapping) {
      if (started) throw new Error('The rows of a feed can be read only once');
      started = true;
      const { columns } = resolveColumns(headers, mapping);
      for await (const record of records) {
        const cells: Partial<Record<FeedField, string>> = {};
        let blank = true;
        for (const [index, field] of columns) {
          const value = (record.cells[index] ?? '').trim();
          if (value !== '') blank = false;
          cells[field] = value;
        }
        if (blank && record.cells.every((c) => c.trim() === '')) continue;
        yield { rowNumber: record.line, cells };
      }
    },
    async close() {
      await records.return(undefined);
    },
  };
}

/** The rows of a feed read with a mapping (the detected preset's when none is given). */
export async function* readFeedRows(
  source: FeedSource,
  mapping?: FeedColumnMapping,
  options: { delimiter?: CsvStreamDelimiter } = {},
): AsyncGenerator<FeedRow> {
  const feed = await openFeed(source, options);
  yield* feed.rows(mapping);
}
