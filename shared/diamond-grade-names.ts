import { byStoredName, diamondNameKey } from './diamond-names';

/**
 * French names of the cut/polish/symmetry grades and the fluorescence intensities, by canonical code; the feed
 * import's code table (diamond-feed-codes.ts) takes its labels from here.
 */
export const GRADE_NAMES_BY_CODE = {
  ideal: 'Idéal',
  excellent: 'Excellent',
  'very-good': 'Très bon',
  good: 'Bon',
  fair: 'Passable',
  poor: 'Médiocre',
} as const;
export const FLUORESCENCE_NAMES_BY_CODE = {
  none: 'Aucune',
  'very-slight': 'Très légère',
  faint: 'Faible',
  slight: 'Légère',
  medium: 'Moyenne',
  strong: 'Forte',
  'very-strong': 'Très forte',
} as const;

const GRADE_NAMES = byStoredName(GRADE_NAMES_BY_CODE);
const FLUORESCENCE_NAMES = byStoredName(FLUORESCENCE_NAMES_BY_CODE);

/** "Très bon" for Very Good / VERY_GOOD / very-good; an unknown grade as it comes; null -> "—". */
export function gradeName(grade: string | null | undefined): string {
  if (!grade) return '—';
  return GRADE_NAMES[diamondNameKey(grade)] ?? grade;
}

/** "Aucune" for NONE / none; an unknown intensity as it comes; null -> "—". */
export function fluorescenceLabel(fluorescence: string | null | undefined): string {
  if (!fluorescence) return '—';
  return FLUORESCENCE_NAMES[diamondNameKey(fluorescence)] ?? fluorescence;
}
