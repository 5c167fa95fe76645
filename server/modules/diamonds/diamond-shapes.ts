import { DIAMOND_SHAPES } from '@shared/constants';

/**
 * Supplier feeds spell shapes many ways (ADR 0005): BR/RB/RD round, PS pear, EM emerald, PR princess,
 * MQ marquise, AS asscher, CU/CB cushion, HS/HT heart, OV oval, RAD radiant. The catalogue stores the
 * canonical upper-case names of SHAPE_ABBREVIATIONS.
 */
const SHAPE_ALIASES: Readonly<Record<string, string>> = {
  BR: 'ROUND',
  RB: 'ROUND',
  RD: 'ROUND',
  RBC: 'ROUND',
  BRILLIANT: 'ROUND',
  'ROUND BRILLIANT': 'ROUND',
  PS: 'PEAR',
  EM: 'EMERALD',
  PR: 'PRINCESS',
  MQ: 'MARQUISE',
  AS: 'ASSCHER',
  CU: 'CUSHION',
  CB: 'CUSHION',
  CS: 'CUSHION',
  'CUSHION BRILLIANT': 'CUSHION',
  'CUSHION MODIFIED': 'CUSHION',
  HS: 'HEART',
  HT: 'HEART',
  OV: 'OVAL',
  RAD: 'RADIANT',
  RA: 'RADIANT',
};

const CANONICAL = new Set(DIAMOND_SHAPES);

/** Canonical shape name (e.g. "ROUND") for a feed's code or name, or null when unknown. */
export function normaliseShape(input: string | null | undefined): string | null {
  if (!input) return null;
  const key = input
    .trim()
    .toUpperCase()
    .replace(/[\s_-]+/g, ' ');
  if (CANONICAL.has(key)) return key;
  return SHAPE_ALIASES[key] ?? null;
}
