import { normalizeSearch } from '@shared/search-text';
import type { CsvCell } from '@shared/csv';

/** One CSV column of a resource: its French header, the input field it fills on import, how to export it. */
export interface CsvColumn<Dto> {
  header: string;
  /** Input field filled on import; absent for export-only columns. */
  field?: string;
  /** Other accepted headers on import (English names…); the field name itself is always accepted. */
  aliases?: readonly string[];
  value: (dto: Dto) => CsvCell;
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
