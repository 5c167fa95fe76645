import { GRADE_ABBREVIATIONS, SHAPE_ABBREVIATIONS } from '@shared/constants';
import { formatDiamondPrice } from '@shared/format';
import type { DiamondListing } from '@shared/schemas/diamonds';
import { fluorescenceLabel, gradeName } from '@shared/diamond-grade-names';
import { diamondNameKey } from '@shared/diamond-names';

/** Shape abbreviation, e.g. ROUND -> RBC; unknown shapes are shown as they come. */
export function shapeAbbreviation(shape: string | null | undefined): string {
  if (!shape) return '—';
  return SHAPE_ABBREVIATIONS[diamondNameKey(shape)] ?? shape;
}

/** Grade abbreviation, e.g. Very Good -> VG; null -> "—". */
export function gradeAbbreviation(grade: string | null | undefined): string {
  if (!grade) return '—';
  return GRADE_ABBREVIATIONS[diamondNameKey(grade)] ?? grade;
}

/** "EX/VG/EX" for cut, polish and symmetry. */
export function finishAbbreviations(d: Pick<DiamondListing, 'cut' | 'polish' | 'symmetry'>): string {
  return [d.cut, d.polish, d.symmetry].map(gradeAbbreviation).join('/');
}

export { gradeName } from '@shared/diamond-grade-names';

/** "aucune" for NONE (as in "Fluo : aucune"); an unknown intensity as it comes, in lower case; null -> "—". */
export function fluorescenceName(fluorescence: string | null | undefined): string {
  return fluorescenceLabel(fluorescence).toLowerCase();
}

/** "Taille Excellent, poli Très bon, symétrie —": the finish grades spelled out. */
export function finishNames(d: Pick<DiamondListing, 'cut' | 'polish' | 'symmetry'>): string {
  return `Taille ${gradeName(d.cut)}, poli ${gradeName(d.polish)}, symétrie ${gradeName(d.symmetry)}`;
}

export interface DiamondPriceLines {
  /** Main line: total and per carat, in EUR when available, else in the listing currency. */
  main: { total: string; perCarat: string | null } | null;
  /** Extra USD line when both EUR and USD prices exist. */
  usd: { total: string; perCarat: string | null } | null;
}

const has = (v: string | null | undefined): v is string => v !== null && v !== undefined && v.trim() !== '';

/** Prices of a card: whole numbers, EUR when available, plus a USD line if both exist. */
export function diamondPriceLines(d: DiamondListing): DiamondPriceLines {
  const usdTotal = d.currency === 'USD' && has(d.totalPrice) ? d.totalPrice : null;
  const usdPerCt = d.currency === 'USD' && has(d.pricePerCarat) ? d.pricePerCarat : null;
  const usd = usdTotal
    ? { total: formatDiamondPrice(usdTotal, 'USD'), perCarat: usdPerCt ? formatDiamondPrice(usdPerCt, 'USD') : null }
    : null;
  if (has(d.totalPriceEur)) {
    return {
      main: {
        total: formatDiamondPrice(d.totalPriceEur, 'EUR'),
        perCarat: has(d.priceEur) ? formatDiamondPrice(d.priceEur, 'EUR') : null,
      },
      usd,
    };
  }
  if (d.currency === 'EUR' && has(d.totalPrice)) {
    return {
      main: {
        total: formatDiamondPrice(d.totalPrice, 'EUR'),
        perCarat: has(d.pricePerCarat) ? formatDiamondPrice(d.pricePerCarat, 'EUR') : null,
      },
      usd: null,
    };
  }
  return { main: usd, usd: null };
}

/** Location badge colours (distinct for US, EU, IN, IL, BE). */
export const LOCATION_BADGE_CLASSES: Readonly<Record<string, string>> = {
  US: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
  EU: 'bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200',
  IN: 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-200',
  IL: 'bg-teal-100 text-teal-800 dark:bg-teal-950 dark:text-teal-200',
  BE: 'bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-200',
};
export const DEFAULT_LOCATION_BADGE_CLASS = 'bg-muted text-muted-foreground';

export function locationBadgeClass(location: string | null | undefined): string {
  return (location && LOCATION_BADGE_CLASSES[location.trim().toUpperCase()]) || DEFAULT_LOCATION_BADGE_CLASS;
}
