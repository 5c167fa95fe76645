import { normalizeSearch } from './search-text';

/** Longest slug accepted (products' `/products/{slug}`). */
export const SLUG_MAX_LENGTH = 80;

/**
 * A URL slug from a name: lower case, accents removed, every run of other characters a dash:
 * "Solitaire or blanc 18kt 0,50 ct" -> "solitaire-or-blanc-18kt-0-50-ct". Empty names give "produit".
 */
export function slugify(name: string, fallback = 'produit'): string {
  const slug = normalizeSearch(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/g, '');
  return slug || fallback;
}

/** `base`, or `base-2`, `base-3`... : the first candidate not in `taken`, within the length limit. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/g, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
