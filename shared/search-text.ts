/**
 * Text normalisation shared by the server (the `search_text` column, duplicate detection)
 * and the web (the same rules applied to what the user types).
 */

const COMBINING_MARKS = /[\u0300-\u036f]/g;

/** Lowercased, accent-stripped, whitespace-collapsed text: "  Hélène  D'Œuf " -> "helene d'oeuf". */
export function normalizeSearch(value: string | null | undefined): string {
  if (!value) return '';
  return value
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The `search_text` of a record: the normalised concatenation of its searchable fields. */
export function buildSearchText(parts: ReadonlyArray<string | number | null | undefined | readonly string[]>): string {
  const words: string[] = [];
  for (const part of parts) {
    if (part === null || part === undefined) continue;
    if (Array.isArray(part)) {
      for (const p of part) words.push(normalizeSearch(p));
    } else {
      words.push(normalizeSearch(String(part)));
    }
  }
  return words.filter(Boolean).join(' ');
}

/** An e-mail address compared case-insensitively, trimmed; null when empty. */
export function normalizeEmail(value: string | null | undefined): string | null {
  const v = value?.trim().toLowerCase();
  return v ? v : null;
}

/**
 * A phone number reduced to its digits, French international prefixes folded to the national
 * form: "+33 6 12 34 56 78", "0033612345678" and "06.12.34.56.78" all give "0612345678".
 * Null when fewer than 6 digits remain (not a usable phone number).
 */
export function normalizePhone(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) digits = `00${digits}`;
  if (digits.startsWith('0033')) digits = `0${digits.slice(4).replace(/^0/, '')}`;
  else if (digits.startsWith('33') && digits.length === 11) digits = `0${digits.slice(2)}`;
  return digits.length >= 6 ? digits : null;
}
