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

/** `;` or `,`: whichever appears more often outside quotes in the first line. */
export function detectDelimiter(text: string): CsvDelimiter {
  let semicolons = 0;
  let commas = 0;
  let inQuotes = false;
  for (const ch of text) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (ch === '\n' || ch === '\r')) break;
    else if (!inQuotes && ch === ';') semicolons++;
    else if (!inQuotes && ch === ',') commas++;
  }
  return commas > semicolons ? ',' : ';';
}

/**
 * Parses CSV text: quoted fields, doubled quotes, separators and line breaks inside quotes, BOM, CRLF/LF.
 * A quote opens a quoted field only at the start of a field: a quote further in an unquoted field
 * (`5" de diamètre`) stays as text, like in Excel. A quoted field still open at the end of the text
 * throws a CsvParseError naming the line where its quote opened (it would otherwise swallow the rest
 * of the file into one cell).
 */
export function parseCsv(input: string, delimiter?: CsvDelimiter): ParsedCsv {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  const sep = delimiter ?? detectDelimiter(text);
  const all: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let inQuotes = false;
  let line = 1;
  let recordLine = 1;
  let quoteLine = 1;
  let i = 0;
  const endRecord = () => {
    cells.push(cell);
    // Skip blank lines (a single empty cell).
    if (!(cells.length === 1 && cells[0]!.trim() === '')) all.push({ line: recordLine, cells });
    cells = [];
    cell = '';
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
      } else {
        // A line ends at LF, CRLF (counted at its LF) or a lone CR, as outside quotes.
        if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line++;
        cell += ch;
      }
      i++;
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      cell = '';
      inQuotes = true;
      quoteLine = line;
    } else if (ch === sep) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      cell += ch;
    }
    i++;
  }
  if (inQuotes) throw new CsvParseError(`Guillemet non fermé (ligne ${quoteLine}) : vérifiez le fichier`, quoteLine);
  if (cell !== '' || cells.length > 0) endRecord();
  const [head, ...records] = all;
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
