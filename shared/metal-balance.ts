import Decimal from 'decimal.js';
import type { MetalBalance } from './schemas/work-orders';

/** One metal movement as the balance reads it (decimal strings, grams). */
export interface MetalMovementAmounts {
  alloyId: string;
  kind: 'issue' | 'return';
  /** 'issue': the grams given; 'return': piece + filings + scrap. */
  weightG: string;
  /** Whether the movement's work order is finished (its difference is a loss, not metal still in the workshop). */
  finished: boolean;
}

/**
 * Metal per alloy: issued, returned, lost (issued minus returned on finished orders) with its share of what those
 * orders were given (%, half-up to 2 decimals) flagged above `thresholdPct`, and the metal still out on orders
 * not finished. Grams are kept to the milligram (3 decimals), never summed as floats. Alloys in `alloyNames` order.
 */
export function metalBalances(
  movements: readonly MetalMovementAmounts[],
  alloyNames: ReadonlyMap<string, string>,
  thresholdPct: string,
): MetalBalance[] {
  const byAlloy = new Map<
    string,
    { issued: Decimal; returned: Decimal; finishedIssued: Decimal; lost: Decimal; out: Decimal }
  >();
  for (const m of movements) {
    const b = byAlloy.get(m.alloyId) ?? {
      issued: new Decimal(0),
      returned: new Decimal(0),
      finishedIssued: new Decimal(0),
      lost: new Decimal(0),
      out: new Decimal(0),
    };
    const g = new Decimal(m.weightG);
    const signed = m.kind === 'issue' ? g : g.neg();
    if (m.kind === 'issue') b.issued = b.issued.plus(g);
    else b.returned = b.returned.plus(g);
    if (m.finished) {
      b.lost = b.lost.plus(signed);
      if (m.kind === 'issue') b.finishedIssued = b.finishedIssued.plus(g);
    } else b.out = b.out.plus(signed);
    byAlloy.set(m.alloyId, b);
  }
  const threshold = new Decimal(thresholdPct);
  const order = [...alloyNames.keys()];
  return [...byAlloy.entries()]
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([alloyId, b]) => {
      const lossPct = b.finishedIssued.isZero()
        ? null
        : b.lost.div(b.finishedIssued).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
      return {
        alloyId,
        alloyName: alloyNames.get(alloyId) ?? '',
        issuedG: b.issued.toFixed(3),
        returnedG: b.returned.toFixed(3),
        lostG: b.lost.toFixed(3),
        lossPct: lossPct === null ? null : lossPct.toFixed(2),
        inWorkshopG: b.out.toFixed(3),
        lossFlagged: lossPct !== null && lossPct.gt(threshold),
      };
    });
}

/** The grams a return gives back: piece + filings + scrap (absent parts count 0). */
export const returnedGrams = (parts: ReadonlyArray<string | null>): string =>
  parts.reduce((sum, g) => sum.plus(g ?? 0), new Decimal(0)).toFixed(3);
