import { normalizeSearch } from '@shared/search-text';
import type { CsvCell } from '@shared/csv';
import { formatCsvValue, type CsvFormat } from '@shared/csv-format';

/** One CSV column of a list: its French header, the input field it fills on import, how to export it. */
export interface CsvColumn<Dto> {
  header: string;
  /** Input field filled on import; absent for export-only columns. */
  field?: string;
  /** Other accepted headers on import (English names…); the field name itself is always accepted. */
  aliases?: readonly string[];
  /**
   * How the value is written (`shared/csv-format.ts`): `decimal`/`integer` with a decimal comma,
   * `date` dd/mm/yyyy, `datetime` dd/mm/yyyy hh:mm (Paris), `boolean` oui/non. Default `text`.
   */
  format?: CsvFormat;
  value: (dto: Dto) => CsvCell | Date;
}

/** The cells of one exported row, each in its column's format: the one place CSV cells are formatted. */
export function csvRow<Dto>(columns: ReadonlyArray<CsvColumn<Dto>>, dto: Dto): CsvCell[] {
  return columns.map((c) => formatCsvValue(c.format ?? 'text', c.value(dto)));
}

const headerKey = (h: string): string => normalizeSearch(h).replace(/[^a-z0-9]/g, '');

/** For each header of a file, the field it fills (or null), and the headers that matched nothing. */
export function mapHeaders<Dto>(
  headers: readonly string[],
  columns: ReadonlyArray<CsvColumn<Dto>>,
): { fields: Array<string | null>; ignored: string[] } {
  const byKey = new Map<string, string>();
  for (const c of columns) {
    if (!c.field) continue;
    for (const name of [c.header, c.field, ...(c.aliases ?? [])]) byKey.set(headerKey(name), c.field);
  }
  const used = new Set<string>();
  const ignored: string[] = [];
  const fields = headers.map((h) => {
    const field = byKey.get(headerKey(h));
    if (!field || used.has(field)) {
      if (h.trim() !== '') ignored.push(h);
      return null;
    }
    used.add(field);
    return field;
  });
  return { fields, ignored };
}

/** A list joined for one CSV cell ("bague, mariage"). */
export const joinList = (items: readonly string[] | null | undefined): string => (items ?? []).join(', ');
