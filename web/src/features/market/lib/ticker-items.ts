import { EMPTY_VALUE } from '@shared/constants';
import { formatRate, formatTickerPrice } from '@shared/format';
import type { AlloyPrice, FxRate, SpotPrice } from '@shared/schemas/market';

/**
 * What a ticker shows of one market answer: the value and the provider's observation time (a new time is a new
 * reading, for the trend). Selected from the query data (`useQuery({ select })`), so a poll that brings the same
 * reading gives an equal object (TanStack Query's structural sharing) and the ticker does not render: the answer's
 * `ageSeconds` and `fetchedAt` change on every poll and are not shown by the ticker.
 */
export interface TickerReading {
  value: string;
  observedAt: string;
}

export interface AlloyReading extends TickerReading {
  code: string;
  name: string;
}

export const spotReading = (price: SpotPrice): TickerReading => ({
  value: price.pricePerG,
  observedAt: price.observedAt,
});

export const fxReading = (rate: FxRate): TickerReading => ({ value: rate.rate, observedAt: rate.observedAt });

export const alloyReadings = (alloys: AlloyPrice[]): AlloyReading[] =>
  (Array.isArray(alloys) ? alloys : []).map((alloy) => ({
    code: alloy.code,
    name: alloy.name,
    value: alloy.pricePerG,
    observedAt: alloy.observedAt,
  }));

export interface TickerEntry {
  key: string;
  label: string;
  /** Raw decimal string (null when the read failed). */
  raw: string | null;
  kind: 'price' | 'rate';
  /** Observation time of the reading (null when the read failed). */
  observedAt: string | null;
}

const entry = (
  key: string,
  label: string,
  kind: TickerEntry['kind'],
  reading: TickerReading | undefined,
): TickerEntry => ({
  key,
  label,
  raw: reading?.value ?? null,
  kind,
  observedAt: reading?.observedAt ?? null,
});

/** Market ticker items: alloy prices, silver, platinum, then USD/EUR and ILS/EUR. */
export function marketTickerEntries(readings: {
  alloys: readonly AlloyReading[] | undefined;
  silver: TickerReading | undefined;
  platinum: TickerReading | undefined;
  usd: TickerReading | undefined;
  ils: TickerReading | undefined;
}): TickerEntry[] {
  return [
    ...(readings.alloys ?? []).map((alloy) => entry(`alloy:${alloy.code}`, alloy.name, 'price', alloy)),
    entry('spot:silver', 'Argent', 'price', readings.silver),
    entry('spot:platinum', 'Platine', 'price', readings.platinum),
    entry('fx:USD/EUR', 'USD/EUR', 'rate', readings.usd),
    entry('fx:ILS/EUR', 'ILS/EUR', 'rate', readings.ils),
  ];
}

/** Mobile ticker items, only those already loaded. */
export function mobileTickerEntries(readings: {
  gold: TickerReading | undefined;
  silver: TickerReading | undefined;
  platinum: TickerReading | undefined;
  alloys: readonly AlloyReading[] | undefined;
  usd: TickerReading | undefined;
}): TickerEntry[] {
  const alloy = (name: string) =>
    entry(
      `alloy:${name}`,
      name,
      'price',
      readings.alloys?.find((a) => a.name === name),
    );
  return [
    entry('spot:gold', 'Or', 'price', readings.gold),
    entry('spot:silver', 'Argent', 'price', readings.silver),
    entry('spot:platinum', 'Platine', 'price', readings.platinum),
    alloy('Or 18kt'),
    alloy('Or 14kt'),
    alloy('Argent 925'),
    entry('fx:USD/EUR', 'USD/EUR', 'rate', readings.usd),
  ].filter((e) => e.raw !== null);
}

/** Ticker value: prices 2 decimals with "€/g", rates 4 decimals; a dash when missing. */
export function formatTickerValue(entry: Pick<TickerEntry, 'raw' | 'kind'>): string {
  if (entry.raw === null) return EMPTY_VALUE;
  return entry.kind === 'rate' ? formatRate(entry.raw) : formatTickerPrice(entry.raw);
}
