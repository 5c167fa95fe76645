/**
 * The one French format of CSV cells (server/lists/README.md, "CSV formats"): every export writes
 * numbers with a decimal comma and no grouping ("1234,5"), dates as dd/mm/yyyy and instants as
 * dd/mm/yyyy hh:mm in Europe/Paris time, booleans as oui/non. The CSV import reads all of them back
 * (`shared/schemas/fields.ts`: "1 234,5", "1234.5", dd/mm/yyyy, oui/non).
 */
import type { CsvCell } from './csv';

/** The time zone of every date and time a CSV file shows (and of the day in its file name). */
export const CSV_TIME_ZONE = 'Europe/Paris';

/** How a column's values are written: `text` as they are, the others in the French format above. */
export type CsvFormat = 'text' | 'decimal' | 'integer' | 'date' | 'datetime' | 'boolean';

type Value = string | number | boolean | Date | null | undefined;

const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const parisParts = new Intl.DateTimeFormat('fr-FR', {
  timeZone: CSV_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Year, month, day, hour and minute of an instant on the wall clocks of Paris. */
function parisClock(instant: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  const out = { year: '', month: '', day: '', hour: '', minute: '' };
  for (const part of parisParts.formatToParts(instant)) {
    if (part.type in out) out[part.type as keyof typeof out] = part.value;
  }
  return out;
}

function toInstant(value: Value): Date | null {
  if (value === null || value === undefined || value === '' || typeof value === 'boolean') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "12.50" or 12.5 -> "12,50" / "12,5"; '' for no value. Text that is not a number stays as it is. */
export function csvDecimal(value: Value): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') {
    return Number.isFinite(value) ? String(value).replace('.', ',') : '';
  }
  const text = String(value).trim();
  return PLAIN_DECIMAL.test(text) ? text.replace('.', ',') : text;
}

/**
 * A day as dd/mm/yyyy: a plain ISO day ("1980-05-12") as it is, an instant as its day in Paris
 * ("2026-03-01T23:30:00Z" -> "02/03/2026"). '' for no value.
 */
export function csvDate(value: Value): string {
  if (typeof value === 'string') {
    const day = ISO_DAY.exec(value.trim());
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  }
  const instant = toInstant(value);
  if (!instant) return '';
  const c = parisClock(instant);
  return `${c.day}/${c.month}/${c.year}`;
}

/** An instant as dd/mm/yyyy hh:mm, Paris time ("2026-07-14T08:05:00Z" -> "14/07/2026 10:05"). */
export function csvDateTime(value: Value): string {
  const instant = toInstant(value);
  if (!instant) return '';
  const c = parisClock(instant);
  return `${c.day}/${c.month}/${c.year} ${c.hour}:${c.minute}`;
}

/** "oui" / "non" ('' for no value). */
export function csvBoolean(value: Value): string {
  if (value === null || value === undefined || value === '') return '';
  return value === true || value === 'true' ? 'oui' : 'non';
}

/** One cell in its column's format. */
export function formatCsvValue(format: CsvFormat, value: CsvCell | Date): CsvCell {
  switch (format) {
    case 'decimal':
    case 'integer':
      return csvDecimal(value);
    case 'date':
      return csvDate(value);
    case 'datetime':
      return csvDateTime(value);
    case 'boolean':
      return csvBoolean(value);
    case 'text':
      return value instanceof Date ? csvDateTime(value) : value;
  }
}

/** The day of an instant in Paris as YYYY-MM-DD: the date in an export's file name. */
export function parisDay(instant: Date): string {
  const c = parisClock(instant);
  return `${c.year}-${c.month}-${c.day}`;
}
