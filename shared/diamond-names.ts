import { DIAMOND_SHAPES } from './constants';

/** A diamond attribute as the name tables spell it: "very_good" -> "VERY GOOD". */
export const diamondNameKey = (value: string) => value.trim().toUpperCase().replace(/[_-]+/g, ' ');

/** French shape names, shown beside the abbreviations and printed on quotes (no English reaching users). */
const SHAPE_NAMES: Readonly<Record<string, string>> = {
  ROUND: 'Rond',
  PEAR: 'Poire',
  EMERALD: 'Émeraude',
  PRINCESS: 'Princesse',
  MARQUISE: 'Marquise',
  ASSCHER: 'Asscher',
  CUSHION: 'Coussin',
  HEART: 'Cœur',
  OVAL: 'Ovale',
  RADIANT: 'Radiant',
};

/** "Rond" for ROUND (any spelling); an unknown shape as it comes; null -> "—". */
export function shapeName(shape: string | null | undefined): string {
  if (!shape) return '—';
  return SHAPE_NAMES[diamondNameKey(shape)] ?? shape;
}

/** The catalogue's shapes for a select, with their French names. */
export const DIAMOND_SHAPE_OPTIONS = DIAMOND_SHAPES.map((value) => ({ value, label: shapeName(value) }));
