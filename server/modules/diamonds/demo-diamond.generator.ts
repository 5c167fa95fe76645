import { Decimal, toCents } from '@shared/pricing';
import type { Rng } from '@shared/seeded-random';

/**
 * Pure generator of realistic demo stones (no I/O): weighted shapes, carats skewed to small sizes and
 * clustered just above the "magic" weights, colour D–M, clarity FL–I1, grades as full words, labs,
 * locations, measurements and a Rapaport-like USD price per carat. Prices are decimal strings.
 */

type Weighted<T> = ReadonlyArray<readonly [T, number]>;

export function weightedPick<T>(rng: Rng, table: Weighted<T>): T {
  const total = table.reduce((sum, [, w]) => sum + w, 0);
  let x = rng() * total;
  for (const [value, weight] of table) {
    x -= weight;
    if (x < 0) return value;
  }
  return table[table.length - 1]![0];
}

const between = (rng: Rng, min: number, max: number): number => min + (max - min) * rng();

export const SHAPE_WEIGHTS: Weighted<string> = [
  ['ROUND', 55],
  ['OVAL', 9],
  ['PRINCESS', 6],
  ['CUSHION', 6],
  ['EMERALD', 5],
  ['PEAR', 5],
  ['RADIANT', 4],
  ['HEART', 4],
  ['MARQUISE', 3],
  ['ASSCHER', 3],
];

export const COLOR_WEIGHTS: Weighted<string> = [
  ['D', 6],
  ['E', 10],
  ['F', 14],
  ['G', 17],
  ['H', 16],
  ['I', 13],
  ['J', 10],
  ['K', 7],
  ['L', 4],
  ['M', 3],
];

export const CLARITY_WEIGHTS: Weighted<string> = [
  ['FL', 1],
  ['IF', 3],
  ['VVS1', 8],
  ['VVS2', 11],
  ['VS1', 17],
  ['VS2', 20],
  ['SI1', 20],
  ['SI2', 14],
  ['I1', 6],
];

const CUT_WEIGHTS: Weighted<string> = [
  ['EXCELLENT', 62],
  ['VERY GOOD', 25],
  ['GOOD', 10],
  ['FAIR', 2.5],
  ['POOR', 0.5],
];
const FINISH_WEIGHTS: Weighted<string> = [
  ['EXCELLENT', 48],
  ['VERY GOOD', 37],
  ['GOOD', 12],
  ['FAIR', 2.5],
  ['POOR', 0.5],
];
const FLUORESCENCE_WEIGHTS: Weighted<string> = [
  ['NONE', 60],
  ['FAINT', 20],
  ['MEDIUM', 12],
  ['STRONG', 8],
];
const LAB_WEIGHTS: Weighted<string> = [
  ['GIA', 72],
  ['IGI', 20],
  ['HRD', 8],
];
const LOCATION_WEIGHTS: Weighted<string> = [
  ['US', 34],
  ['IN', 24],
  ['BE', 16],
  ['IL', 15],
  ['EU', 11],
];
const AVAILABILITY_WEIGHTS: Weighted<string> = [
  ['available', 97],
  ['on-hold', 2],
  ['sold', 1],
];
const SUPPLIER_BY_LOCATION: Readonly<Record<string, string>> = {
  US: 'Démo New York',
  IN: 'Démo Mumbai',
  BE: 'Démo Anvers',
  IL: 'Démo Ramat Gan',
  EU: 'Démo Paris',
};

/** Weights the market trades at (prices jump just above them), with how often stones sit there. */
const MAGIC_WEIGHTS: Weighted<number> = [
  [0.3, 18],
  [0.4, 9],
  [0.5, 17],
  [0.7, 13],
  [0.9, 8],
  [1.0, 15],
  [1.2, 3],
  [1.5, 7],
  [2.0, 5],
  [2.5, 1.5],
  [3.0, 1],
];

export const CARAT_MIN = 0.2;
export const CARAT_MAX = 3.0;

/** Carats with 2 decimals in [0.20, 3.00], skewed to small sizes and clustered just above round weights. */
export function demoCarats(rng: Rng): number {
  let ct: number;
  if (rng() < 0.55) {
    const base = weightedPick(rng, MAGIC_WEIGHTS);
    // Exponential offset, mean ~0.025 ct: most stones sit at 0.00–0.05 above the magic weight.
    const offset = -Math.log(1 - rng()) * 0.025;
    ct = base + offset;
  } else {
    ct = CARAT_MIN + (CARAT_MAX - CARAT_MIN) * Math.pow(rng(), 3);
  }
  return Math.min(CARAT_MAX, Math.max(CARAT_MIN, Math.round(ct * 100) / 100));
}

/** USD per carat for a G / VS1 / round / excellent stone, by weight bracket (a Rapaport-like step curve). */
const PRICE_BRACKETS: ReadonlyArray<readonly [number, number]> = [
  [0.2, 1500],
  [0.3, 2100],
  [0.4, 2500],
  [0.5, 3400],
  [0.7, 4500],
  [0.9, 5800],
  [1.0, 8400],
  [1.5, 12000],
  [2.0, 17500],
  [3.0, 27000],
];
const COLOR_FACTOR: Readonly<Record<string, number>> = {
  D: 1.45,
  E: 1.3,
  F: 1.18,
  G: 1,
  H: 0.88,
  I: 0.76,
  J: 0.65,
  K: 0.54,
  L: 0.46,
  M: 0.4,
};
const CLARITY_FACTOR: Readonly<Record<string, number>> = {
  FL: 1.6,
  IF: 1.45,
  VVS1: 1.3,
  VVS2: 1.2,
  VS1: 1,
  VS2: 0.92,
  SI1: 0.8,
  SI2: 0.68,
  I1: 0.45,
};
const SHAPE_FACTOR: Readonly<Record<string, number>> = {
  ROUND: 1,
  OVAL: 0.8,
  CUSHION: 0.72,
  PRINCESS: 0.74,
  EMERALD: 0.76,
  PEAR: 0.78,
  RADIANT: 0.75,
  HEART: 0.74,
  MARQUISE: 0.72,
  ASSCHER: 0.76,
};
const GRADE_FACTOR: Readonly<Record<string, number>> = {
  EXCELLENT: 1,
  'VERY GOOD': 0.94,
  GOOD: 0.86,
  FAIR: 0.76,
  POOR: 0.65,
};
const FLUORESCENCE_FACTOR: Readonly<Record<string, number>> = { NONE: 1, FAINT: 0.98, MEDIUM: 0.92, STRONG: 0.85 };

/** Base USD/ct: the bracket's price, rising gently (up to +12 %) towards the next bracket. */
export function basePricePerCarat(carats: number): number {
  let i = 0;
  while (i + 1 < PRICE_BRACKETS.length && carats >= PRICE_BRACKETS[i + 1]![0]) i++;
  const [from, price] = PRICE_BRACKETS[i]!;
  const next = PRICE_BRACKETS[i + 1];
  if (!next) return price;
  return price * (1 + (0.12 * (carats - from)) / (next[0] - from));
}

/** Length/width ratio ranges, depth % and table % ranges, and a volume factor (ct per mm³) per shape. */
const SHAPE_GEOMETRY: Readonly<
  Record<string, { ratio: [number, number]; depth: [number, number]; table: [number, number]; factor: number }>
> = {
  ROUND: { ratio: [1, 1.01], depth: [59.5, 62.8], table: [54, 59], factor: 0.0061 },
  OVAL: { ratio: [1.33, 1.5], depth: [58, 64], table: [54, 62], factor: 0.0062 },
  PRINCESS: { ratio: [1, 1.05], depth: [68, 75], table: [66, 74], factor: 0.0083 },
  CUSHION: { ratio: [1, 1.2], depth: [61, 70], table: [58, 68], factor: 0.0081 },
  EMERALD: { ratio: [1.3, 1.5], depth: [61, 69], table: [60, 69], factor: 0.008 },
  PEAR: { ratio: [1.5, 1.7], depth: [58, 64], table: [54, 62], factor: 0.0059 },
  RADIANT: { ratio: [1.1, 1.4], depth: [61, 69], table: [61, 69], factor: 0.0081 },
  HEART: { ratio: [0.95, 1.05], depth: [56, 64], table: [54, 62], factor: 0.0059 },
  MARQUISE: { ratio: [1.85, 2.1], depth: [58, 63], table: [53, 63], factor: 0.0058 },
  ASSCHER: { ratio: [1, 1.04], depth: [61, 70], table: [60, 68], factor: 0.008 },
};

export interface DemoDiamond {
  ref: string;
  shape: string;
  carats: string;
  color: string;
  clarity: string;
  cut: string | null;
  polish: string;
  symmetry: string;
  fluorescence: string;
  lab: string;
  certificateNumber: string;
  location: string;
  measurements: string;
  depthPct: string;
  tablePct: string;
  pricePerCarat: string;
  totalPrice: string;
  currency: 'USD';
  priceEur: string;
  totalPriceEur: string;
  availability: string;
  supplier: string;
  source: 'demo';
}

/** Fixed demo USD/EUR rate used when the market engine has no rate yet (a stored EUR price is a snapshot). */
export const DEMO_USD_EUR = '0.92';

export const demoRef = (index: number): string => `DEMO-${String(index).padStart(6, '0')}`;

function certificateNumber(rng: Rng, lab: string): string {
  const digits = (n: number): string =>
    Array.from({ length: n }, (_, i) => (i === 0 ? 1 + Math.floor(rng() * 9) : Math.floor(rng() * 10))).join('');
  if (lab === 'GIA') return digits(10);
  if (lab === 'IGI') return digits(9);
  return digits(8);
}

function measurements(rng: Rng, shape: string, carats: number, depthPct: number): string {
  const g = SHAPE_GEOMETRY[shape]!;
  const ratio = between(rng, g.ratio[0], g.ratio[1]);
  // ct = factor x length x width x height, height = width x depth %, length = width x ratio.
  const width = Math.cbrt(carats / (g.factor * ratio * (depthPct / 100)));
  const height = (width * depthPct) / 100;
  if (shape === 'ROUND') {
    const max = width * ratio;
    return `${width.toFixed(2)} - ${max.toFixed(2)} x ${height.toFixed(2)}`;
  }
  return `${(width * ratio).toFixed(2)} x ${width.toFixed(2)} x ${height.toFixed(2)}`;
}

/** One demo stone; `index` makes the ref (DEMO-000123), `usdEur` the EUR snapshot rate. */
export function generateDemoDiamond(rng: Rng, index = 0, usdEur: Decimal.Value = DEMO_USD_EUR): DemoDiamond {
  const shape = weightedPick(rng, SHAPE_WEIGHTS);
  const carats = demoCarats(rng);
  const color = weightedPick(rng, COLOR_WEIGHTS);
  const clarity = weightedPick(rng, CLARITY_WEIGHTS);
  // Labs grade the cut of round brilliants only (a few fancies carry none either).
  const cut = shape === 'ROUND' ? weightedPick(rng, CUT_WEIGHTS) : null;
  // Polish and symmetry follow the cut most of the time.
  const polish = cut && rng() < 0.6 ? cut : weightedPick(rng, FINISH_WEIGHTS);
  const symmetry = rng() < 0.6 ? polish : weightedPick(rng, FINISH_WEIGHTS);
  const fluorescence = weightedPick(rng, FLUORESCENCE_WEIGHTS);
  const lab = weightedPick(rng, LAB_WEIGHTS);
  const location = weightedPick(rng, LOCATION_WEIGHTS);
  const geometry = SHAPE_GEOMETRY[shape]!;
  const depthPct = between(rng, geometry.depth[0], geometry.depth[1]);
  const tablePct = between(rng, geometry.table[0], geometry.table[1]);

  const factor =
    basePricePerCarat(carats) *
    COLOR_FACTOR[color]! *
    CLARITY_FACTOR[clarity]! *
    SHAPE_FACTOR[shape]! *
    GRADE_FACTOR[cut ?? polish]! *
    FLUORESCENCE_FACTOR[fluorescence]! *
    between(rng, 0.9, 1.1);
  const pricePerCarat = new Decimal(Math.max(200, Math.round(factor)));
  const totalPrice = toCents(pricePerCarat.mul(carats.toFixed(2)));

  return {
    ref: demoRef(index),
    shape,
    carats: carats.toFixed(2),
    color,
    clarity,
    cut,
    polish,
    symmetry,
    fluorescence,
    lab,
    certificateNumber: certificateNumber(rng, lab),
    location,
    measurements: measurements(rng, shape, carats, depthPct),
    depthPct: depthPct.toFixed(1),
    tablePct: tablePct.toFixed(0),
    pricePerCarat: pricePerCarat.toFixed(2),
    totalPrice: totalPrice.toFixed(2),
    currency: 'USD',
    priceEur: toCents(pricePerCarat.mul(usdEur)).toFixed(2),
    totalPriceEur: toCents(totalPrice.mul(usdEur)).toFixed(2),
    availability: weightedPick(rng, AVAILABILITY_WEIGHTS),
    supplier: SUPPLIER_BY_LOCATION[location]!,
    source: 'demo',
  };
}
