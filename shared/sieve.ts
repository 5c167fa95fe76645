/**
 * Sieve equivalence for round melee ("Équiv. tamis", brief §4): sieve size, diameter range in mm and the
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
