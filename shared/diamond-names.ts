import { DIAMOND_SHAPES } from './constants';

/** A diamond attribute as the name tables spell it: "very_good" -> "VERY GOOD". */
export const diamondNameKey = (value: string) => value.trim().toUpperCase().replace(/[_-]+/g, ' ');

/**
 * French names of the shapes by canonical code (grades and fluorescence: diamond-grade-names.ts). The feed
 * import's code table (diamond-feed-codes.ts) takes its labels from here, so parsing and showing agree; this file
 * stays small because the sign-in page loads it.
 */
export const SHAPE_NAMES_BY_CODE = {
  round: 'Rond',
  pear: 'Poire',
  emerald: 'Émeraude',
  princess: 'Princesse',
  asscher: 'Asscher',
  cushion: 'Coussin',
  heart: 'Cœur',
  oval: 'Ovale',
  radiant: 'Radiant',
  marquise: 'Marquise',
  'square-emerald': 'Émeraude carrée',
  'square-radiant': 'Radiant carré',
  'old-miner': 'Taille ancienne coussin',
  'old-european': 'Taille ancienne ronde',
  trillion: 'Trilliant',
  baguette: 'Baguette',
  'tapered-baguette': 'Baguette effilée',
} as const;
/** A table by code as a table by stored name ("very-good" -> "VERY GOOD"). */
export const byStoredName = (table: Readonly<Record<string, string>>): Readonly<Record<string, string>> =>
  Object.fromEntries(Object.entries(table).map(([code, name]) => [diamondNameKey(code), name]));

const SHAPE_NAMES = byStoredName(SHAPE_NAMES_BY_CODE);

/** "Rond" for ROUND (any spelling); an unknown shape as it comes; null -> "—". */
export function shapeName(shape: string | null | undefined): string {
  if (!shape) return '—';
  return SHAPE_NAMES[diamondNameKey(shape)] ?? shape;
}

/** The catalogue's shapes for a select, with their French names. */
export const DIAMOND_SHAPE_OPTIONS = DIAMOND_SHAPES.map((value) => ({ value, label: shapeName(value) }));
