import { CALIBRATED_MM_MAX, CALIBRATED_MM_MIN } from '@shared/constants';

/** Slider values are floats (2.3499999…): keep two decimals, the step being 0.05. */
export function roundDiameter(mm: number): number {
  return Math.round(mm * 100) / 100;
}

/** The calibrated price is requested only for 0.7 <= mm <= 4. */
export function isDiameterInRange(mm: number): boolean {
  if (!Number.isFinite(mm)) return false;
  const d = roundDiameter(mm);
  return d >= CALIBRATED_MM_MIN && d <= CALIBRATED_MM_MAX;
}

/** Position of a mark along the slider track, in percent. */
export function markPercent(mm: number): number {
  return ((mm - CALIBRATED_MM_MIN) / (CALIBRATED_MM_MAX - CALIBRATED_MM_MIN)) * 100;
}
