import { feedHeaderKey, type FeedField } from '@shared/diamond-feed-fields';
import { detectPreset, type FeedColumnMapping } from './feed-presets';
import type { FeedColumns, FeedReader, FeedRow, FeedSource } from './feed-rows';

/**
 * Streaming reader of JSON supplier feeds. The document is tokenised chunk by chunk and the stones are handed out
 * one object at a time, so a feed of a million stones never sits in memory (only the object being read, and the
 * first HEADER_SAMPLE objects, HEADER_SAMPLE_MAX_CHARS characters at most, while the keys are learnt).
 *
 * Where the stones are:
 * - the document is an array of objects; or
 * - the document is an object, and the stones are the first array met under one of RECORD_KEYS (`data`, `items`,
 *   `diamonds`, `stones`, `results`, …, any case), looked for in the object and in the objects under any key, down
 *   to RECORD_SEARCH_DEPTH levels (`{"data": {"diamonds_by_query": {"items": [...]}}}`). Arrays under other keys
 *   are skipped. What follows the stones' array is not read.
 *
 * Each stone object is flattened: a nested object's values under dotted keys (`certificate.number`), an array's
 * items under their index (`images.0`), and an array of plain values also joined with ", " under its own key
 * (`treatments`: "HPHT, Laser"). Numbers keep their text as written (`1.01`), `true`/`false` read "Yes"/"No",
 * `null` reads as an empty cell. The keys are then compared to a mapping's headers like CSV headers
 * (`feedHeaderKey`): the same presets and saved mappings apply. The "headers" of a JSON feed (preset detection,
 * checks of a mapping) are the keys of its first HEADER_SAMPLE objects (fewer when they reach
 * HEADER_SAMPLE_MAX_CHARS characters); every row is read through all the
 * mapping's keys, so a key first seen later is still read. A row's number is the object's position in the array
 * (1 = the first object).
 */

export const RECORD_KEYS: readonly string[] = [
  'data',
  'items',
  'diamonds',
  'stones',
  'results',
  'records',
  'inventory',
];
const RECORD_KEY_SET: ReadonlySet<string> = new Set(RECORD_KEYS);
/** How deep in objects the stones' array is looked for (the document itself is level 1). */
export const RECORD_SEARCH_DEPTH = 4;
/** Objects read before the first row is handed out, to learn the keys. */
export const HEADER_SAMPLE = 100;
/**
 * And at most this many characters (keys and values) of them: the sample is held until the first row is read,
 * and 100 objects at the limit of one object would be hundreds of megabytes.
 */
export const HEADER_SAMPLE_MAX_CHARS = 5_000_000;
/** Bounds of one value and one stone object, so that a hostile file cannot fill the memory. */
const MAX_VALUE_CHARS = 1_000_000;
const MAX_RECORD_CHARS = 2_000_000;
const MAX_RECORD_KEYS = 5_000;
const MAX_DEPTH = 32;

/** The file is not the JSON expected, with a French message for the admin. */
export class JsonFeedError extends Error {
  override readonly name = 'JsonFeedError';
}

const Tok = {
  BeginObject: 0,
  EndObject: 1,
  BeginArray: 2,
  EndArray: 3,
  Colon: 4,
  Comma: 5,
  Str: 6,
  Num: 7,
  Literal: 8,
} as const;
type Tok = (typeof Tok)[keyof typeof Tok];

const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
const isNumberChar = (c: number): boolean =>
  (c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46 || c === 101 || c === 69;

/** JSON text -> tokens, fed chunk by chunk; a token cut between two chunks is kept until the next one. */
class JsonTokenizer {
  #pending = '';
  readonly #emit: (kind: Tok, value: string) => void;

  constructor(emit: (kind: Tok, value: string) => void) {
    this.#emit = emit;
  }

  push(text: string): void {
    const s = this.#pending === '' ? text : this.#pending + text;
    this.#pending = '';
    const n = s.length;
    let i = 0;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) {
        i++;
        continue;
      }
      switch (c) {
        case 123:
          this.#emit(Tok.BeginObject, '');
          i++;
          continue;
        case 125:
          this.#emit(Tok.EndObject, '');
          i++;
          continue;
        case 91:
          this.#emit(Tok.BeginArray, '');
          i++;
          continue;
        case 93:
          this.#emit(Tok.EndArray, '');
          i++;
          continue;
        case 58:
          this.#emit(Tok.Colon, '');
          i++;
          continue;
        case 44:
          this.#emit(Tok.Comma, '');
          i++;
          continue;
        case 34: {
          const end = stringEnd(s, i + 1);
          if (end < 0) return this.#keep(s.slice(i));
          this.#emit(Tok.Str, decodeString(s.slice(i + 1, end)));
          i = end + 1;
          continue;
        }
        default:
          break;
      }
      if (c === 45 || (c >= 48 && c <= 57)) {
        let j = i + 1;
        while (j < n && isNumberChar(s.charCodeAt(j))) j++;
        if (j === n) return this.#keep(s.slice(i));
        this.#number(s.slice(i, j));
        i = j;
        continue;
      }
      const literal = c === 116 ? 'true' : c === 102 ? 'false' : c === 110 ? 'null' : null;
      if (literal === null) throw new JsonFeedError(`caractère inattendu « ${s[i]} »`);
      if (i + literal.length > n) {
        if (!literal.startsWith(s.slice(i))) throw new JsonFeedError(`valeur inattendue « ${s.slice(i, i + 10)} »`);
        return this.#keep(s.slice(i));
      }
      if (s.slice(i, i + literal.length) !== literal) {
        throw new JsonFeedError(`valeur inattendue « ${s.slice(i, i + 10)} »`);
      }
      this.#emit(Tok.Literal, literal);
      i += literal.length;
    }
  }

  /** The end of the text: a number still pending is complete; anything else was cut off. */
  end(): void {
    const rest = this.#pending;
    this.#pending = '';
    if (rest === '') return;
    if (NUMBER.test(rest)) this.#number(rest);
    else throw new JsonFeedError('fin de fichier au milieu d’une valeur');
  }

  #keep(rest: string): void {
    if (rest.length > MAX_VALUE_CHARS) throw new JsonFeedError('valeur trop longue (plus d’un million de caractères)');
    this.#pending = rest;
  }

  #number(text: string): void {
    if (!NUMBER.test(text)) throw new JsonFeedError(`nombre invalide « ${text.slice(0, 30)} »`);
    this.#emit(Tok.Num, text);
  }
}

/** Index of the closing quote of a string whose text starts at `from`, or -1 when it is not in `s` yet. */
function stringEnd(s: string, from: number): number {
  let j = from;
  for (;;) {
    const k = s.indexOf('"', j);
    if (k < 0) return -1;
    let slashes = 0;
    for (let x = k - 1; x >= from && s.charCodeAt(x) === 92; x--) slashes++;
    if (slashes % 2 === 0) return k;
    j = k + 1;
  }
}

function decodeString(raw: string): string {
  // Plain text needs no decoding; escapes (\n, \u00e9, surrogate pairs) and control characters are JSON's rules.
  // eslint-disable-next-line no-control-regex
  if (!raw.includes('\\') && !/[\u0000-\u001f]/.test(raw)) return raw;
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    throw new JsonFeedError(`texte invalide « ${raw.slice(0, 30)} »`);
  }
}

/** One stone object of the feed, flattened (dotted keys), or an array item that is not an object. */
export interface JsonRecord {
  /** 1-based position in the stones' array. */
  index: number;
  values: Map<string, string>;
  /** Set when the item is not an object (the row is rejected with this reason). */
  error?: string;
}

type Role = 'seek' | 'skip' | 'records' | 'record' | 'recordArray';
interface Frame {
  object: boolean;
  role: Role;
  /** Level of a 'seek' object (the document is 1). */
  depth: number;
  /** Object: the key whose value comes next. */
  key: string | null;
  /** Object: a key (or the end) is expected; otherwise a colon, a value, a comma. */
  state: 'keyOrEnd' | 'key' | 'colon' | 'value' | 'commaOrEnd' | 'valueOrEnd';
  /** Array: items seen. */
  count: number;
  /** Record frames: the prefix of their keys ("certificate." or "images"). */
  prefix: string;
  /** Record array frames: their plain values, joined under `prefix` at the end. */
  plain: string[] | null;
}

const literalText = (value: string): string => (value === 'true' ? 'Yes' : value === 'false' ? 'No' : '');

/**
 * Tokens -> the stones' records (see the module comment). `finished` once the stones' array has ended; `end()`
 * throws when the document ended without one.
 */
export class JsonRecordParser {
  readonly #stack: Frame[] = [];
  readonly #onRecord: (record: JsonRecord) => void;
  readonly #tokenizer: JsonTokenizer;
  #topDone = false;
  #recordsFound = false;
  #finished = false;
  #record: JsonRecord | null = null;
  #recordChars = 0;

  constructor(onRecord: (record: JsonRecord) => void) {
    this.#onRecord = onRecord;
    this.#tokenizer = new JsonTokenizer((kind, value) => this.#token(kind, value));
  }

  get finished(): boolean {
    return this.#finished;
  }

  push(text: string): void {
    if (this.#finished) return;
    try {
      this.#tokenizer.push(text);
    } catch (error) {
      throw this.#located(error);
    }
  }

  end(): void {
    if (this.#finished) return;
    try {
      this.#tokenizer.end();
    } catch (error) {
      throw this.#located(error);
    }
    if (!this.#topDone && this.#stack.length === 0) throw new JsonFeedError('Le fichier est vide');
    if (this.#stack.length > 0) throw this.#located(new JsonFeedError('fichier tronqué (fin inattendue)'));
    if (!this.#recordsFound) {
      throw new JsonFeedError(
        `Aucune liste de pierres trouvée : le JSON doit être un tableau d'objets, ou un objet dont la liste est sous l'une des clés ${RECORD_KEYS.join(', ')}`,
      );
    }
  }

  /** The error with where it happened (the stone being read), for the admin. */
  #located(error: unknown): Error {
    if (!(error instanceof JsonFeedError)) return error instanceof Error ? error : new Error(String(error));
    const records = this.#stack.find((f) => f.role === 'records');
    const where = records ? ` (objet n° ${records.count + (this.#record ? 0 : 1)})` : '';
    return new JsonFeedError(`JSON invalide${where} : ${error.message}`);
  }

  #token(kind: Tok, value: string): void {
    if (this.#finished) return;
    const frame = this.#stack[this.#stack.length - 1];
    if (!frame) {
      if (this.#topDone) throw new JsonFeedError('contenu après la fin du document');
      this.#value(kind, value, null);
      return;
    }
    if (frame.object) {
      switch (frame.state) {
        case 'keyOrEnd':
        case 'key':
          if (kind === Tok.EndObject && frame.state === 'keyOrEnd') return this.#close(frame);
          if (kind !== Tok.Str) throw new JsonFeedError('nom de clé attendu');
          frame.key = value;
          frame.state = 'colon';
          return;
        case 'colon':
          if (kind !== Tok.Colon) throw new JsonFeedError('« : » attendu après une clé');
          frame.state = 'value';
          return;
        case 'value':
          frame.state = 'commaOrEnd';
          this.#value(kind, value, frame);
          return;
        default:
          if (kind === Tok.Comma) frame.state = 'key';
          else if (kind === Tok.EndObject) this.#close(frame);
          else throw new JsonFeedError('« , » ou « } » attendu');
          return;
      }
    }
    if (frame.state === 'commaOrEnd') {
      if (kind === Tok.Comma) frame.state = 'value';
      else if (kind === Tok.EndArray) this.#close(frame);
      else throw new JsonFeedError('« , » ou « ] » attendu');
      return;
    }
    if (kind === Tok.EndArray && frame.state === 'valueOrEnd') return this.#close(frame);
    frame.state = 'commaOrEnd';
    frame.count++;
    this.#value(kind, value, frame);
  }

  /** A value starts (a scalar, or the opening of a container) in `parent`. */
  #value(kind: Tok, value: string, parent: Frame | null): void {
    const opens = kind === Tok.BeginObject || kind === Tok.BeginArray;
    if (!opens && (kind === Tok.EndObject || kind === Tok.EndArray || kind === Tok.Colon || kind === Tok.Comma)) {
      throw new JsonFeedError('valeur attendue');
    }
    const object = kind === Tok.BeginObject;
    if (!parent) {
      if (!opens) throw new JsonFeedError("un tableau d'objets ou un objet est attendu");
      this.#topDone = true;
      if (object) this.#push(true, 'seek', { depth: 1 });
      else this.#startRecords();
      return;
    }
    switch (parent.role) {
      case 'seek': {
        const key = (parent.key ?? '').toLowerCase();
        if (kind === Tok.BeginArray && !this.#recordsFound && RECORD_KEY_SET.has(key)) this.#startRecords();
        else if (object && !this.#recordsFound && parent.depth < RECORD_SEARCH_DEPTH) {
          this.#push(true, 'seek', { depth: parent.depth + 1 });
        } else if (opens) this.#push(object, 'skip');
        return;
      }
      case 'skip':
        if (opens) this.#push(object, 'skip');
        return;
      case 'records':
        if (object) {
          this.#record = { index: parent.count, values: new Map() };
          this.#recordChars = 0;
          this.#push(true, 'record', { prefix: '' });
        } else {
          const what = kind === Tok.BeginArray ? 'un tableau' : 'une valeur simple';
          this.#onRecord({ index: parent.count, values: new Map(), error: `L'élément est ${what}, pas un objet` });
          if (opens) this.#push(false, 'skip');
        }
        return;
      case 'record': {
        const key = `${parent.prefix}${parent.key ?? ''}`;
        if (object) this.#push(true, 'record', { prefix: `${key}.` });
        else if (kind === Tok.BeginArray) this.#push(false, 'recordArray', { prefix: key });
        else this.#set(key, kind === Tok.Literal ? literalText(value) : value);
        return;
      }
      case 'recordArray': {
        const key = `${parent.prefix}.${parent.count - 1}`;
        if (object) this.#push(true, 'record', { prefix: `${key}.` });
        else if (kind === Tok.BeginArray) this.#push(false, 'recordArray', { prefix: key });
        else {
          const text = kind === Tok.Literal ? literalText(value) : value;
          this.#set(key, text);
          if (text !== '') parent.plain?.push(text);
        }
        return;
      }
    }
  }

  #startRecords(): void {
    this.#recordsFound = true;
    this.#push(false, 'records');
  }

  #push(object: boolean, role: Role, extra: { depth?: number; prefix?: string } = {}): void {
    if (this.#stack.length >= MAX_DEPTH) throw new JsonFeedError(`plus de ${MAX_DEPTH} niveaux imbriqués`);
    this.#stack.push({
      object,
      role,
      depth: extra.depth ?? 0,
      key: null,
      state: object ? 'keyOrEnd' : 'valueOrEnd',
      count: 0,
      prefix: extra.prefix ?? '',
      plain: role === 'recordArray' ? [] : null,
    });
  }

  #set(key: string, value: string): void {
    const record = this.#record!;
    this.#recordChars += key.length + value.length;
    if (this.#recordChars > MAX_RECORD_CHARS || record.values.size >= MAX_RECORD_KEYS) {
      throw new JsonFeedError('objet trop volumineux');
    }
    record.values.set(key, value);
  }

  #close(frame: Frame): void {
    this.#stack.pop();
    if (frame.role === 'recordArray' && frame.plain && frame.plain.length > 0) {
      this.#set(frame.prefix, frame.plain.join(', '));
    } else if (frame.role === 'record' && frame.prefix === '' && this.#record) {
      const record = this.#record;
      this.#record = null;
      this.#onRecord(record);
    } else if (frame.role === 'records') {
      this.#finished = true;
    }
  }
}

/** Normalised key of a JSON key, cached: a feed repeats the same few dozen keys on every object. */
function keyCache(): (key: string) => string {
  const cache = new Map<string, string>();
  return (key) => {
    let found = cache.get(key);
    if (found === undefined) {
      found = feedHeaderKey(key);
      if (cache.size < 10_000) cache.set(key, found);
    }
    return found;
  };
}

/**
 * Opens a JSON feed: reads its first HEADER_SAMPLE objects (and no further; fewer once they hold
 * HEADER_SAMPLE_MAX_CHARS characters) to learn the keys, and detects the
 * preset from them. A file that is not the JSON expected throws a JsonFeedError.
 */
export async function openJsonFeed(source: FeedSource): Promise<FeedReader> {
  const queue: JsonRecord[] = [];
  const parser = new JsonRecordParser((record) => queue.push(record));
  const iterator = source[Symbol.asyncIterator]();
  // The decoder drops a leading UTF-8 BOM and keeps characters split between two chunks whole.
  const decoder = new TextDecoder('utf-8');
  let ended = false;

  /** Reads chunks until a record is waiting or the stones' array is over. */
  const fill = async (): Promise<void> => {
    while (queue.length === 0 && !ended) {
      const next = await iterator.next();
      if (next.done) {
        ended = true;
        parser.push(decoder.decode());
        parser.end();
      } else {
        parser.push(typeof next.value === 'string' ? next.value : decoder.decode(next.value, { stream: true }));
        if (parser.finished) {
          ended = true;
          // What follows the stones is not read.
          await iterator.return?.(undefined);
        }
      }
    }
  };

  const normalised = keyCache();
  const sample: JsonRecord[] = [];
  const headers: string[] = [];
  const seen = new Set<string>();
  let sampleChars = 0;
  while (sample.length < HEADER_SAMPLE && sampleChars < HEADER_SAMPLE_MAX_CHARS) {
    await fill();
    const record = queue.shift();
    if (!record) break;
    sample.push(record);
    for (const [key, value] of record.values) {
      sampleChars += key.length + value.length;
      if (!seen.has(key)) {
        seen.add(key);
        headers.push(key);
      }
    }
  }
  const detection = detectPreset(headers);

  const resolveMapping = (mapping: FeedColumnMapping): FeedColumns => {
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
      const key = normalised(header);
      const field = byKey.get(key);
      if (field && !used.has(field)) {
        columns.push([index, field]);
        used.add(field);
        found.add(key);
      } else if (field) found.add(key);
      else unmappedHeaders.push(header);
    });
    const missingHeaders = Object.keys(mapping).filter((h) => !found.has(feedHeaderKey(h)));
    return { columns, unmappedHeaders, missingHeaders };
  };

  let started = false;
  return {
    headers,
    detection,
    resolveMapping,
    async *rows(mapping = detection.mapping) {
      if (started) throw new Error('The rows of a feed can be read only once');
      started = true;
      // Field -> its keys in the mapping's order: the first key an object has gives the value.
      const keysByField = new Map<FeedField, string[]>();
      for (const [header, field] of Object.entries(mapping)) {
        const list = keysByField.get(field) ?? [];
        list.push(feedHeaderKey(header));
        keysByField.set(field, list);
      }
      const fields = [...keysByField.entries()];
      const toRow = (record: JsonRecord): FeedRow | null => {
        const rowNumber = record.index;
        if (record.error) return { rowNumber, cells: {}, error: record.error };
        const byKey = new Map<string, string>();
        let blankRecord = true;
        for (const [key, value] of record.values) {
          const k = normalised(key);
          if (!byKey.has(k)) byKey.set(k, value);
          if (value.trim() !== '') blankRecord = false;
        }
        if (blankRecord) return null;
        const cells: Partial<Record<FeedField, string>> = {};
        for (const [field, keys] of fields) {
          let value = '';
          for (const key of keys) {
            const found = byKey.get(key);
            if (found !== undefined) {
              value = found.trim();
              break;
            }
          }
          cells[field] = value;
        }
        return { rowNumber, cells };
      };
      for (const record of sample.splice(0)) {
        const row = toRow(record);
        if (row) yield row;
      }
      for (;;) {
        await fill();
        const record = queue.shift();
        if (!record) return;
        const row = toRow(record);
        if (row) yield row;
      }
    },
    async close() {
      ended = true;
      await iterator.return?.(undefined);
    },
  };
}
