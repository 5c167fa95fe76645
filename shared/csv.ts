/**
 * A small RFC 4180 CSV reader and writer with the French Excel conventions:
 * `;` separator, UTF-8 BOM, CRLF line ends. The reader auto-detects `;` or `,`.
 */

export type CsvDelimiter = ';' | ',';
export type CsvCell = string | number | boolean | null | undefined;

export interface CsvRecord {
  /** 1-based line of the file where the record starts (the header is line 1). */
  line: number;
  cells: string[];
}

export interface ParsedCsv {
  delimiter: CsvDelimiter;
  headers: string[];
  records: CsvRecord[];
}

const BOM = '\uFEFF';

/** A file-level reading error; `line` is the 1-based line of the file where the problem starts. */
export class CsvParseError extends Error {
  override readonly name = 'CsvParseError';
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/** Shown when a text carries the traces of a wrong encoding (see `hasUnreadableCharacters`). */
export const UNREADABLE_TEXT_MESSAGE =
  'Le fichier contient des caractères illisibles (encodage) : enregistrez-le en UTF-8';

/**
 * True when the text holds U+FFFD (the replacement character a failed decoding leaves) or a C0
 * control character other than tab, CR and LF (NUL of a UTF-16 file read as 8-bit text…).
 */
export function hasUnreadableCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0xfffd || (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d)) return true;
  }
  return false;
}

/** `;` or `,`: whichever appears more often outside quotes in the first line (`;` on a tie or none). */
export function detectDelimiter(text: string): CsvDelimiter {
  return mostFrequentSeparator(text, [';', ',']);
}

/**
 * Parses a whole CSV text with `CsvChunkReader` (see there for the rules: quotes, doubled quotes,
 * line breaks inside quotes, BOM, CRLF/LF/CR, blank lines skipped, an unclosed quote refused with a
 * CsvParseError naming its line). Without a separator given it picks `;` or `,` with `detectDelimiter`.
 * The first record gives the headers, trimmed.
 */
export function parseCsv(input: string, delimiter?: CsvDelimiter): ParsedCsv {
  const sep = delimiter ?? detectDelimiter(input.startsWith(BOM) ? input.slice(1) : input);
  const reader = new CsvChunkReader(sep);
  const [head, ...records] = [...reader.push(input), ...reader.end()];
  return { delimiter: sep, headers: (head?.cells ?? []).map((h) => h.trim()), records };
}

/** Cells starting with these characters would run as formulas in a spreadsheet. */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(?:[.,]\d+)?$/;

/** One cell as CSV text: formula-injection guard (leading '), quoted when needed. */
export function formatCsvCell(value: CsvCell, delimiter: CsvDelimiter = ';'): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  if (text.includes('"') || text.includes(delimiter) || text.includes('\n') || text.includes('\r')) {
    text = `"${text.replace(/"/g, '""')}"`;
  }
  return text;
}

/** A whole CSV document: BOM, header line, one line per row, CRLF. */
export function writeCsv(
  headers: readonly string[],
  rows: ReadonlyArray<readonly CsvCell[]>,
  options: { delimiter?: CsvDelimiter; bom?: boolean } = {},
): string {
  const sep = options.delimiter ?? ';';
  const lines = [headers, ...rows].map((r) => r.map((c) => formatCsvCell(c, sep)).join(sep));
  return `${options.bom === false ? '' : BOM}${lines.join('\r\n')}\r\n`;
}

/** Separators a streamed file may use (supplier feeds also come tab-separated). */
export type CsvStreamDelimiter = CsvDelimiter | '\t';

const STREAM_DELIMITERS: readonly CsvStreamDelimiter[] = [';', ',', '\t'];

/** The longest first line the streaming reader waits for before giving up on finding the header. */
const MAX_HEADER_CHARS = 1_000_000;

/**
 * The separator among `;`, `,` and tab that appears most often outside quotes in the first line
 * (`;` on a tie or none, like `detectDelimiter`).
 */
export function detectStreamDelimiter(text: string): CsvStreamDelimiter {
  return mostFrequentSeparator(text, STREAM_DELIMITERS);
}

/**
 * The CSV reader, fed chunk by chunk (`parseCsv` feeds it a whole text at once): `push` each decoded
 * piece of text and take the records it completes, then `end` once for the last one. Quoted fields,
 * doubled quotes, separators and line breaks inside quotes, BOM, CRLF/LF/CR line ends; blank lines
 * are skipped and each record carries the 1-based line where it starts. A quote opens a quoted field
 * only at the start of a field: a quote further in an unquoted field (`5" de diamètre`) stays as text,
 * like in Excel, and so does text after a closing quote. A quoted field still open at the end throws a
 * CsvParseError naming the line where its quote opened (it would otherwise swallow the rest of the file
 * into one cell). Without a separator given, it waits for the first line and picks `;`, `,` or tab with
 * `detectStreamDelimiter`. The header is the first record.
 */
export class CsvChunkReader {
  private sep: CsvStreamDelimiter | null;
  private pending = '';
  private started = false;
  private cells: string[] = [];
  private cell = '';
  private inQuotes = false;
  private line = 1;
  private recordLine = 1;
  private quoteLine = 1;

  constructor(delimiter?: CsvStreamDelimiter) {
    this.sep = delimiter ?? null;
  }

  /** The separator in use; null until the first line is complete when it is detected. */
  get delimiter(): CsvStreamDelimiter | null {
    return this.sep;
  }

  /** Reads a piece of text and answers the records it completes. */
  push(text: string): CsvRecord[] {
    let input = this.pending + text;
    this.pending = '';
    if (!this.started) {
      if (input === '') return [];
      if (input.startsWith(BOM)) input = input.slice(1);
      this.started = true;
    }
    if (this.sep === null) {
      if (!scanFirstLine(input, []).complete) {
        if (input.length > MAX_HEADER_CHARS) {
          throw new CsvParseError("Première ligne trop longue : ce fichier n'a pas de ligne d'en-tête lisible", 1);
        }
        this.pending = input;
        return [];
      }
      this.sep = detectStreamDelimiter(input);
    }
    // A CR or a run of quotes at the very end needs the next character to be read (CRLF, doubled
    // quotes): keep it for the next push.
    let keep = input.length;
    if (input[keep - 1] === '\r') keep--;
    else while (keep > 0 && input[keep - 1] === '"') keep--;
    this.pending = input.slice(keep);
    input = input.slice(0, keep);
    return this.read(input);
  }

  /** Reads what remains and answers the last records; throws on a quoted field still open. */
  end(): CsvRecord[] {
    let input = this.pending;
    this.pending = '';
    if (!this.started && input.startsWith(BOM)) input = input.slice(1);
    this.started = true;
    if (this.sep === null) this.sep = detectStreamDelimiter(input);
    const records = this.read(input);
    if (this.inQuotes) {
      throw new CsvParseError(`Guillemet non fermé (ligne ${this.quoteLine}) : vérifiez le fichier`, this.quoteLine);
    }
    if (this.cell !== '' || this.cells.length > 0) this.endRecord(records);
    return records;
  }

  private endRecord(out: CsvRecord[]) {
    this.cells.push(this.cell);
    if (!(this.cells.length === 1 && this.cells[0]!.trim() === ''))
      out.push({ line: this.recordLine, cells: this.cells });
    this.cells = [];
    this.cell = '';
  }

  /**
   * The state machine over `text`. `push` never hands it a text ending in a quote or a CR
   * (only `end` does, at the end of the file), so the look-ahead is always there when it matters.
   */
  private read(text: string): CsvRecord[] {
    const out: CsvRecord[] = [];
    const sep = this.sep!;
    let i = 0;
    while (i < text.length) {
      const ch = text[i]!;
      if (this.inQuotes) {
        if (ch === '"') {
          if (text[i + 1] === '"') {
            this.cell += '"';
            i += 2;
            continue;
          }
          this.inQuotes = false;
        } else {
          // Copy the run of plain characters at once, counting its line ends: LF, CRLF (counted at its
          // LF) or a lone CR, as outside quotes.
          let j = i;
          while (j < text.length && text[j] !== '"') {
            const c = text[j];
            if (c === '\n' || (c === '\r' && text[j + 1] !== '\n')) this.line++;
            j++;
          }
          this.cell += text.slice(i, j);
          i = j;
          continue;
        }
        i++;
        continue;
      }
      if (ch === '"' && this.cell.trim() === '') {
        this.cell = '';
        this.inQuotes = true;
        this.quoteLine = this.line;
      } else if (ch === sep) {
        this.cells.push(this.cell);
        this.cell = '';
      } else if (ch === '\r' || ch === '\n') {
        if (ch === '\r' && text[i + 1] === '\n') i++;
        this.endRecord(out);
        this.line++;
        this.recordLine = this.line;
      } else {
        // Copy the run of characters up to the next quote, separator or line end at once.
        let j = i + 1;
        while (j < text.length) {
          const c = text[j];
          if (c === sep || c === '\n' || c === '\r' || c === '"') break;
          j++;
        }
        this.cell += text.slice(i, j);
        i = j;
        continue;
      }
      i++;
    }
    return out;
  }
}

/**
 * Counts each candidate separator outside quotes in the first line of `text`; `complete` tells whether
 * that line ends (a line end outside quotes) within the text.
 */
function scanFirstLine(text: string, candidates: readonly string[]): { counts: number[]; complete: boolean } {
  const counts = candidates.map(() => 0);
  let inQuotes = false;
  for (const ch of text) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (ch === '\n' || ch === '\r')) return { counts, complete: true };
    else if (!inQuotes) {
      const k = candidates.indexOf(ch);
      if (k >= 0) counts[k]!++;
    }
  }
  return { counts, complete: false };
}

/** The candidate that appears most often outside quotes in the first line; the first one on a tie. */
function mostFrequentSeparator<D extends string>(text: string, candidates: readonly D[]): D {
  const { counts } = scanFirstLine(text, candidates);
  let best = 0;
  for (let k = 1; k < candidates.length; k++) if (counts[k]! > counts[best]!) best = k;
  return candidates[best]!;
}
