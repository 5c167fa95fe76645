/** "D-2026-0042": the prefix, the year and the sequence on at least four digits. */
export const quoteNumber = (year: number, sequence: number): string => `D-${year}-${String(sequence).padStart(4, '0')}`;
