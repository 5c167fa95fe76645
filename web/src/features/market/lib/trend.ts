import { parseDecimal } from '@shared/pricing-exact';

export type Trend = 'up' | 'down' | 'neutral';

/** Direction of a price versus the previous value seen (decimal comparison, never floats). */
export function trendDirection(previous: string | null | undefined, next: string | null | undefined): Trend {
  const a = parseDecimal(previous);
  const b = parseDecimal(next);
  if (!a || !b) return 'neutral';
  const cmp = b.comparedTo(a);
  return cmp > 0 ? 'up' : cmp < 0 ? 'down' : 'neutral';
}

export interface TrendInput {
  key: string;
  value: string | null;
  /** When the provider observed this value (the answer's observedAt); a new time means a new reading. */
  observedAt: string | null;
}

export interface TrendEntry {
  value: string | null;
  observedAt: string | null;
  trend: Trend;
}

export type TrendState = Readonly<Record<string, TrendEntry>>;

/**
 * Next trend state: an item's trend is recomputed only when a new reading of it arrives (its observedAt
 * or value changes), comparing it with the previous value seen; otherwise the trend is kept. Returns the same object
 * when nothing changed, so callers can skip a state update.
 */
export function nextTrendState(previous: TrendState, items: readonly TrendInput[]): TrendState {
  let changed = false;
  const next: Record<string, TrendEntry> = { ...previous };
  for (const item of items) {
    const seen = previous[item.key];
    if (seen && seen.observedAt === item.observedAt && seen.value === item.value) continue;
    changed = true;
    next[item.key] = {
      value: item.value,
      observedAt: item.observedAt,
      trend: seen ? trendDirection(seen.value, item.value) : 'neutral',
    };
  }
  return changed ? next : previous;
}
