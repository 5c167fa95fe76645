import { z } from 'zod';
import { normalizeDecimalText } from '../decimal-input';
import { normalizeSearch } from '../search-text';

/**
 * Field builders shared by the référentiel schemas (clients, suppliers, stones, production steps):
 * French messages, empty strings from forms and CSV files read as "no value" (null).
 */

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** Required text, trimmed. */
export function requiredText(label: string, max = 200) {
  return z
    .string({ required_error: `${label} est obligatoire`, invalid_type_error: `${label} est invalide` })
    .trim()
    .min(1, `${label} est obligatoire`)
    .max(max, `${label} : ${max} caractères maximum`);
}

/** Optional text: '' and missing give null. */
export function optionalText(label: string, max = 200) {
  return z.preprocess(
    emptyToNull,
    z
      .string({ invalid_type_error: `${label} est invalide` })
      .trim()
      .max(max, `${label} : ${max} caractères maximum`)
      .nullable()
      .default(null),
  );
}

export const optionalEmail = z.preprocess(
  emptyToNull,
  z
    .string({ invalid_type_error: 'E-mail invalide' })
    .trim()
    .max(254, 'E-mail trop long')
    .email('Adresse e-mail invalide')
    .nullable()
    .default(null),
);

export const optionalPhone = (label = 'Téléphone') =>
  z.preprocess(
    emptyToNull,
    z
      .string({ invalid_type_error: `${label} invalide` })
      .trim()
      .max(30, `${label} : 30 caractères maximum`)
      .regex(/^[+0-9 ().\-/]{6,30}$/, `${label} invalide (chiffres, espaces, + . - / ( ) seulement)`)
      .nullable()
      .default(null),
  );

/** A list of short labels; a CSV cell "bague, mariage" or "bague|mariage" is split. */
export function textList(label: string, maxItems = 30, maxLength = 50) {
  return z.preprocess(
    (v) => {
      if (v === null || v === undefined) return [];
      if (typeof v === 'string') return v.split(/[,|]/);
      return v;
    },
    z
      .array(
        z
          .string({ invalid_type_error: `${label} invalide` })
          .trim()
          .max(maxLength, `${label} : ${maxLength} caractères maximum`),
      )
      .max(maxItems, `${label} : ${maxItems} au maximum`)
      .transform((items) => [...new Set(items.filter((t) => t !== ''))]),
  );
}

/** An optional whole number in [min, max] ('' -> null; "12" accepted). */
export function optionalInt(label: string, min: number, max: number) {
  return z.preprocess(
    (v) => {
      const e = emptyToNull(v);
      return typeof e === 'string' ? Number(e.trim().replace(/\s/g, '')) : e;
    },
    z
      .number({ invalid_type_error: `${label} doit être un nombre entier` })
      .int(`${label} doit être un nombre entier`)
      .min(min, `${label} doit être au moins ${min}`)
      .max(max, `${label} doit être au plus ${max}`)
      .nullable()
      .default(null),
  );
}

/** A required whole number in [min, max]. */
export function requiredInt(label: string, min: number, max: number, fallback?: number) {
  const base = z.preprocess(
    (v) => {
      const e = emptyToNull(v);
      if ((e === null || e === undefined) && fallback !== undefined) return fallback;
      return typeof e === 'string' ? Number(e.trim().replace(/\s/g, '')) : (e ?? undefined);
    },
    z
      .number({ required_error: `${label} est obligatoire`, invalid_type_error: `${label} doit être un nombre entier` })
      .int(`${label} doit être un nombre entier`)
      .min(min, `${label} doit être au moins ${min}`)
      .max(max, `${label} doit être au plus ${max}`),
  );
  return base;
}

/**
 * A decimal amount as a string ("1234.5" -> "1234.50" is NOT done here; the database keeps the scale).
 * Accepts numbers, "1234.56" and the French "1 234,56". '' -> null.
 */
export function optionalDecimal(label: string, options: { scale: number; max: string; min?: string }) {
  const pattern = new RegExp(`^\\d{1,12}(\\.\\d{1,${options.scale}})?$`);
  return z.preprocess(
    (v) => {
      const e = emptyToNull(v);
      if (typeof e === 'number') return Number.isFinite(e) ? String(e) : 'NaN';
      // "1 234,56" and "1234.56" alike; anything else stays as typed and fails the pattern below.
      if (typeof e === 'string') return normalizeDecimalText(e) ?? e;
      return e;
    },
    z
      .string({ invalid_type_error: `${label} doit être un nombre` })
      .regex(pattern, `${label} doit être un nombre positif avec au plus ${options.scale} décimales`)
      .refine((s) => Number(s) <= Number(options.max), `${label} doit être au plus ${options.max}`)
      .refine((s) => options.min === undefined || Number(s) >= Number(options.min), `${label} est trop petit`)
      .nullable()
      .default(null),
  );
}

/** An ISO date 'YYYY-MM-DD' (also accepts the French 'JJ/MM/AAAA'); '' -> null. */
export const optionalDate = (label: string) =>
  z.preprocess(
    (v) => {
      const e = emptyToNull(v);
      if (typeof e === 'string') {
        const fr = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(e.trim());
        return fr ? `${fr[3]}-${fr[2]}-${fr[1]}` : e.trim();
      }
      return e;
    },
    z
      .string({ invalid_type_error: `${label} invalide` })
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} invalide (format AAAA-MM-JJ ou JJ/MM/AAAA)`)
      .refine((s) => {
        const d = new Date(`${s}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
      }, `${label} invalide`)
      .refine((s) => s >= `${FIRST_YEAR}-01-01` && s <= `${LAST_YEAR}-12-31`, `${label} hors limites`)
      .nullable()
      .default(null),
  );

/** Dates and instants the product accepts lie in these years (the database's own range is far wider). */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2100;

/** Pure: a date or instant text that JavaScript reads and whose year is within FIRST_YEAR..LAST_YEAR. */
export function isDateInRange(text: string): boolean {
  const time = Date.parse(text);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= FIRST_YEAR && year <= LAST_YEAR;
}

/** An ISO 8601 instant with its offset ('2026-03-02T09:00:00Z'), within FIRST_YEAR..LAST_YEAR. */
export const instantField = (label: string) =>
  z
    .string({ invalid_type_error: `${label} invalide` })
    .datetime({ offset: true, message: `${label} invalide` })
    .refine(isDateInRange, `${label} hors limites (${FIRST_YEAR}–${LAST_YEAR})`);

/** Booleans from forms (true/false) and CSV cells ("oui", "non", "1", "0", "true", "false", ''). */
export function csvBoolean(label: string, fallback = false) {
  return z.preprocess(
    (v) => {
      if (v === null || v === undefined || v === '') return fallback;
      if (typeof v === 'string') {
        const s = v.trim().toLowerCase();
        if (['oui', 'o', 'yes', 'y', 'true', '1', 'vrai', 'x'].includes(s)) return true;
        if (['non', 'n', 'no', 'false', '0', 'faux'].includes(s)) return false;
      }
      return v;
    },
    z.boolean({ invalid_type_error: `${label} : oui ou non` }),
  );
}

/** One of `values`, also matching a French label case- and accent-insensitively (CSV imports). */
export function choice<T extends readonly [string, ...string[]]>(
  label: string,
  values: T,
  labels: Readonly<Record<T[number], string>>,
  fallback?: T[number],
) {
  return z.preprocess(
    (v) => {
      if ((v === null || v === undefined || v === '') && fallback !== undefined) return fallback;
      if (typeof v !== 'string') return v;
      const s = normalizeSearch(v);
      const hit = values.find(
        (value) => normalizeSearch(value) === s || normalizeSearch(labels[value as T[number]]) === s,
      );
      return hit ?? v;
    },
    z.enum(values, {
      errorMap: () => ({
        message: `${label} : choisir parmi ${values.map((v) => labels[v as T[number]]).join(', ')}`,
      }),
    }),
  );
}
