import Decimal from 'decimal.js';
import { INSTRUMENTS, type Instrument } from '@shared/constants';
import { readManualPrices } from '@shared/schemas/superadmin';

const same = (a: string | undefined, b: string | undefined): boolean => {
  if (a === undefined || b === undefined) return a === b;
  try {
    return new Decimal(a).eq(new Decimal(b));
  } catch {
    return a === b;
  }
};

/**
 * The config of a `manual` source after prices were typed (`values`, decimal strings): each price that changed
 * (or appeared) is stamped `now` in `setAt`, an unchanged one keeps its stamp, a removed one loses it;
 * `updatedAt` is the time of the latest change. Stamps come from the server clock, never from the request.
 */
export function stampManualPrices(
  previousConfig: Record<string, unknown>,
  values: Partial<Record<Instrument, string>>,
  now: Date,
): Record<string, unknown> {
  const before = readManualPrices(previousConfig);
  const setAt: Partial<Record<Instrument, string>> = {};
  const kept: Partial<Record<Instrument, string>> = {};
  let changed = false;
  for (const instrument of INSTRUMENTS) {
    const value = values[instrument];
    if (value === undefined) {
      if (before.values[instrument] !== undefined) changed = true;
      continue;
    }
    kept[instrument] = value;
    const unchanged = same(before.values[instrument], value) && before.setAt[instrument];
    if (unchanged) setAt[instrument] = before.setAt[instrument];
    else {
      setAt[instrument] = now.toISOString();
      changed = true;
    }
  }
  const { values: _values, setAt: _setAt, updatedAt: _updatedAt, ...others } = previousConfig;
  return {
    ...others,
    values: kept,
    setAt,
    updatedAt: changed || !before.updatedAt ? now.toISOString() : before.updatedAt,
  };
}
