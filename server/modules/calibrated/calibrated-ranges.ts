import { CLARITY_TABS } from '@shared/constants';
import type { CalibratedPrice } from '@shared/schemas/diamonds';
import { approximateCaratFromDiameter, Decimal, toCents } from '@shared/pricing';

/** One calibrated (melee) price range: [mmMin, mmMax] inclusive, bounds with 2 decimals. */
export interface CalibratedRange {
  clarity: string;
  mmMin: string;
  mmMax: string;
  usdPerCt: string;
  /** YYYY-MM-DD */
  effectiveDate: string;
  notes: string | null;
}

/** Seeded diameter bounds (mm), contiguous on the 0.01 mm grid: 0.70–0.99, 1.00–1.19, …, 3.60–4.00. */
export const SEED_BOUNDS: ReadonlyArray<readonly [string, string]> = [
  ['0.70', '0.99'],
  ['1.00', '1.19'],
  ['1.20', '1.39'],
  ['1.40', '1.59'],
  ['1.60', '1.79'],
  ['1.80', '1.99'],
  ['2.00', '2.19'],
  ['2.20', '2.39'],
  ['2.40', '2.59'],
  ['2.60', '2.79'],
  ['2.80', '2.99'],
  ['3.00', '3.29'],
  ['3.30', '3.59'],
  ['3.60', '4.00'],
];

/** USD/ct of a G-H VVS brilliant per seeded range: melee is cheaper per carat than larger sizes. */
const VVS_USD_PER_CT = [560, 600, 640, 690, 740, 800, 870, 950, 1040, 1140, 1250, 1400, 1580, 1800];

/** Clarity price factors relative to VVS (VVS > VS1 > VS1/2 > SI1 > SI2 > PK1). */
const CLARITY_FACTOR: Readonly<Record<string, number>> = {
  VVS: 1,
  VS1: 0.86,
  'VS1/2': 0.79,
  SI1: 0.66,
  SI2: 0.54,
  PK1: 0.34,
};

const CLARITY_NOTE: Readonly<Record<string, string>> = {
  VVS: 'Blanc G-H, taille brillant',
  VS1: 'Blanc G-H, taille brillant',
  'VS1/2': 'Blanc G-H, taille brillant, lot VS1/VS2',
  SI1: 'Blanc G-H, taille brillant',
  SI2: 'Blanc H-I, taille brillant',
  PK1: 'Blanc I-J, taille brillant, piqué 1',
};

/** The seeded table: every clarity tab x every range, prices rounded to 5 USD. */
export function seedRanges(effectiveDate: string): CalibratedRange[] {
  return CLARITY_TABS.flatMap((clarity) =>
    SEED_BOUNDS.map(([mmMin, mmMax], i) => {
      const usd = Math.round((VVS_USD_PER_CT[i]! * CLARITY_FACTOR[clarity]!) / 5) * 5;
      const size = Number(mmMax) < 1.2 ? ', micro-pavé' : Number(mmMin) >= 3 ? ', calibré' : '';
      return {
        clarity,
        mmMin,
        mmMax,
        usdPerCt: usd.toFixed(2),
        effectiveDate,
        notes: `${CLARITY_NOTE[clarity]!}${size}`,
      };
    }),
  );
}

/**
 * Finds the range for a diameter. The diameter is first rounded half-up to 0.01 mm (the table's
 * precision), then matched inclusively: contiguous 2-decimal bounds leave no gap (0.995 -> 1.00).
 * When ranges overlap, the latest effective date wins, then the narrowest range.
 */
export function findRange(
  ranges: readonly CalibratedRange[],
  clarity: string,
  mm: Decimal.Value,
): CalibratedRange | null {
  const d = new Decimal(mm).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  let best: CalibratedRange | null = null;
  for (const range of ranges) {
    if (range.clarity !== clarity || d.lt(range.mmMin) || d.gt(range.mmMax)) continue;
    if (
      !best ||
      range.effectiveDate > best.effectiveDate ||
      (range.effectiveDate === best.effectiveDate &&
        new Decimal(range.mmMax).minus(range.mmMin).lt(new Decimal(best.mmMax).minus(best.mmMin)))
    ) {
      best = range;
    }
  }
  return best;
}

/**
 * The answer of GET /api/calibrated-price. Money with 2 decimals (half-up), rate and carat with 4.
 * approximateCt comes from the published round-brilliant chart (shared/pricing.ts, 4 decimals, agreeing with the
 * sieve table of shared/sieve.ts); usdPerStone = usdPerCt x that carat as shown, EUR = USD x the current USD/EUR rate.
 * What cannot be computed is null (no rate: EUR fields; no range: every price field).
 */
export function calibratedPrice(
  range: CalibratedRange | null,
  mm: Decimal.Value,
  usdEur: Decimal.Value | null,
): CalibratedPrice {
  const ct = approximateCaratFromDiameter(mm).toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
  const fx = usdEur === null ? null : new Decimal(usdEur);
  const fxRate = fx ? fx.toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4) : null;
  if (!range) {
    return {
      rangeFound: false,
      usdPerCt: null,
      eurPerCt: null,
      fxRate,
      usdPerStone: null,
      eurPerStone: null,
      approximateCt: ct.toFixed(4),
      effectiveDate: null,
      notes: null,
    };
  }
  const usdPerCt = new Decimal(range.usdPerCt);
  const usdPerStone = usdPerCt.mul(ct);
  return {
    rangeFound: true,
    usdPerCt: toCents(usdPerCt).toFixed(2),
    eurPerCt: fx ? toCents(usdPerCt.mul(fx)).toFixed(2) : null,
    fxRate,
    usdPerStone: toCents(usdPerStone).toFixed(2),
    eurPerStone: fx ? toCents(usdPerStone.mul(fx)).toFixed(2) : null,
    approximateCt: ct.toFixed(4),
    effectiveDate: range.effectiveDate,
    notes: range.notes,
  };
}
