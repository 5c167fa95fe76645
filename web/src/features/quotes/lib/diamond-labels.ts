import { normalizeDecimalText, toInputText } from '@shared/decimal-input';
import type { DiamondListing } from '@shared/schemas/diamonds';
import { shapeName } from '@shared/diamond-names';

/** The catalogue search of the diamond line: the grades a jeweller filters on (shapes: @/lib/diamond-display). */

export const DIAMOND_COLORS = ['D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M'] as const;
export const DIAMOND_CLARITIES = ['FL', 'IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2', 'I1'] as const;

/** "Rond 0,52 ct F VS1 (GIA)": what the line shows once a diamond is chosen. */
export function diamondLabel(d: Pick<DiamondListing, 'shape' | 'carats' | 'color' | 'clarity' | 'lab'>): string {
  const lab = d.lab ? ` (${d.lab})` : '';
  return `${shapeName(d.shape)} ${toInputText(d.carats)} ct ${d.color} ${d.clarity}${lab}`;
}

/**
 * The carat bounds as the API reads them ("0,5" -> "0.5"); `error` when a bound is not a number or the minimum
 * is above the maximum.
 */
export function caratBounds(min: string, max: string): { caratMin: string; caratMax: string; error: string | null } {
  const lo = normalizeDecimalText(min);
  const hi = normalizeDecimalText(max);
  if (lo === null || hi === null)
    return { caratMin: '', caratMax: '', error: 'Carats : nombre attendu, par exemple 0,5' };
  if (lo !== '' && hi !== '' && Number(lo) > Number(hi))
    return { caratMin: '', caratMax: '', error: 'Le minimum de carats dépasse le maximum' };
  return { caratMin: lo, caratMax: hi, error: null };
}
