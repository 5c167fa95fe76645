import { feedCodeLabel } from '@shared/diamond-feed-codes';
import { shapeName } from '@shared/diamond-names';
import { formatNumber } from '@shared/format';
import type { DiamondSearchItem } from '@shared/schemas/diamonds';

/**
 * How the catalogue's screens spell a stone out in French: colour (D–Z or fancy), origin, and the one-line label
 * of a shortlist or a quote line. Pure, unit-tested.
 */

type ColorFacts = Pick<DiamondSearchItem, 'color' | 'fancyColor' | 'fancyIntensity' | 'fancyOvertone'>;

/** "F"; a fancy stone: "Rose (Fancy intense), nuance brun". */
export function colorText(d: ColorFacts): string {
  if (!d.fancyColor) return d.color;
  const intensity = d.fancyIntensity ? ` (${feedCodeLabel('fancyIntensity', d.fancyIntensity)})` : '';
  const overtone = d.fancyOvertone
    ? `, nuance ${d.fancyOvertone
        .split(',')
        .map((o) => feedCodeLabel('fancyColor', o.trim()).toLowerCase())
        .join(', ')}`
    : '';
  return `${feedCodeLabel('fancyColor', d.fancyColor)}${intensity}${overtone}`;
}

/** "Naturel", "Synthétique CVD"; a stone without the fact is natural (the demo catalogue). */
export function growthText(growth: string | null): string {
  return feedCodeLabel('growth', growth ?? 'natural');
}

export const isLabGrown = (growth: string | null): boolean => growth !== null && growth.startsWith('lab-grown');

/** "Rond 0,52 ct F VS1": the shortlist's and the quote line's label. */
export function stoneLabel(d: Pick<DiamondSearchItem, 'shape' | 'carats' | 'clarity'> & ColorFacts): string {
  const color = d.fancyColor ? feedCodeLabel('fancyColor', d.fancyColor) : d.color;
  return `${shapeName(d.shape)} ${formatNumber(d.carats, 2)} ct ${color} ${d.clarity}`;
}

/** "4,70 × 3,41 × 2,01 mm" from the separate sizes, else from the feed's text ("4.70x3.41x2.01"); "—" when unknown. */
export function measurementsText(d: {
  lengthMm: string | null;
  widthMm: string | null;
  depthMm: string | null;
  measurements: string | null;
}): string {
  const sizes = [d.lengthMm, d.widthMm, d.depthMm].filter((v): v is string => v !== null);
  if (sizes.length >= 2) return `${sizes.map((v) => formatNumber(v, 2)).join(' × ')} mm`;
  const parts = (d.measurements ?? '').split(/\s*[x×*]\s*/i).map((p) => p.trim().replace(/\s*mm$/i, ''));
  if (parts.length < 2 || !parts.every((p) => /^\d+(?:[.,]\d+)?$/.test(p))) return d.measurements?.trim() || '—';
  return `${parts.map((p) => formatNumber(p.replace(',', '.'), 2)).join(' × ')} mm`;
}
