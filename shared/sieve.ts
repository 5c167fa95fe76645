/**
 * Published round-brilliant diameter-to-carat chart: the weight of one well-cut round brilliant
 * (depth about 61 %) of a given diameter. shared/pricing.ts `approximateCaratFromDiameter` interpolates it
 * linearly between points; shared/sieve.test.ts checks it against the sieve table below.
 */
export const ROUND_BRILLIANT_CARATS: ReadonlyArray<{ mm: string; ct: string }> = [
  { mm: '0.8', ct: '0.003' },
  { mm: '0.9', ct: '0.004' },
  { mm: '1.0', ct: '0.005' },
  { mm: '1.1', ct: '0.006' },
  { mm: '1.3', ct: '0.010' },
  { mm: '1.5', ct: '0.014' },
  { mm: '1.7', ct: '0.020' },
  { mm: '2.0', ct: '0.030' },
  { mm: '2.5', ct: '0.060' },
  { mm: '3.0', ct: '0.10' },
  { mm: '3.5', ct: '0.16' },
  { mm: '4.0', ct: '0.25' },
];

/**
 * Sieve equivalence for round melee ("Équiv. tamis"): sieve size, diameter range in mm and the
 * approximate weight of one stone in carats. Reference data (decimal strings), shown by the calibrated
 * prices card; an editable copy per organization may come later.
 */
export interface SieveEquivalence {
  sieve: string;
  mmMin: string;
  mmMax: string;
  caratPerStone: string;
}

export const SIEVE_EQUIVALENCES: readonly SieveEquivalence[] = [
  { sieve: '+0000/-000', mmMin: '0.80', mmMax: '0.90', caratPerStone: '0.004' },
  { sieve: '+0/-1', mmMin: '1.10', mmMax: '1.15', caratPerStone: '0.006' },
  { sieve: '+2.5/-3', mmMin: '1.30', mmMax: '1.35', caratPerStone: '0.010' },
  { sieve: '+6/-6.5', mmMin: '1.70', mmMax: '1.80', caratPerStone: '0.021' },
  { sieve: '+7/-7.5', mmMin: '1.90', mmMax: '2.00', caratPerStone: '0.029' },
  { sieve: '+9/-9.5', mmMin: '2.30', mmMax: '2.40', caratPerStone: '0.052' },
  { sieve: '+11/-11.5', mmMin: '2.70', mmMax: '2.80', caratPerStone: '0.078' },
  { sieve: '+12/-12.5', mmMin: '2.90', mmMax: '3.00', caratPerStone: '0.095' },
  { sieve: '+14/-14.5', mmMin: '3.30', mmMax: '3.40', caratPerStone: '0.135' },
  { sieve: '+15/-15.5', mmMin: '3.50', mmMax: '3.60', caratPerStone: '0.159' },
];
