/**
 * Numbers typed by a person: "12,5" and "12.5" are the same number, spaces may group the
 * thousands ("1 234,5", with a normal, non-breaking or narrow non-breaking space), anything else is
 * refused. Forms keep what was typed; the shared zod schemas and the calculators read it through
 * `normalizeDecimalText`, and the web shows numbers back with a comma through `toInputText`.
 */

/** Shown under a numeric field whose text is not a number. */
export const DECIMAL_INPUT_MESSAGE = 'Nombre attendu, par exemple 12,5';
export const INTEGER_INPUT_MESSAGE = 'Nombre entier attendu, par exemple 12';

const GROUPING_SPACES = /[ \u00a0\u202f]/g;
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * "1 234,5" / "1234.5" / " 12,50 " -> "1234.5" ("12,50" keeps its digits: "12.50"); "" -> "".
 * Null when the text is not a plain decimal number: letters, two separators, "1.234,5", "1e3", "∞".
 */
export function normalizeDecimalText(text: string, options: { allowNegative?: boolean } = {}): string | null {
  const compact = text.trim().replace(GROUPING_SPACES, '');
  if (compact === '') return '';
  const separators = compact.match(/[.,]/g) ?? [];
  if (separators.length > 1) return null;
  const dotted = compact.replace(',', '.');
  if (!PLAIN_DECIMAL.test(dotted)) return null;
  if (dotted.startsWith('-') && !options.allowNegative) return null;
  return dotted;
}

/** Same, for whole numbers only ("12" yes, "12,5" no). */
export function normalizeIntegerText(text: string, options: { allowNegative?: boolean } = {}): string | null {
  const normalized = normalizeDecimalText(text, options);
  if (normalized === null || normalized.includes('.')) return null;
  return normalized;
}

/** A number as a person reads it in a French field: "4.5" -> "4,5", 4.5 -> "4,5", null -> "". No grouping. */
export function toInputText(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value).trim();
  const normalized = normalizeDecimalText(text, { allowNegative: true });
  return normalized === null ? text : normalized.replace('.', ',');
}
