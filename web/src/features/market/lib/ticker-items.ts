import { EMPTY_VALUE } from '@shared/constants';
import { formatRate, formatTickerPrice } from '@shared/format';
import type { AlloyPrice, FxRate, SpotPrice } from '@shared/schemas/market';

export interface TickerEntry {
  key: string;
  label: string;
  /** Raw decimal string (null when the read failed). */
  raw: string | null;
  kind: 'price' | 'rate';
  updatedAt: number;
}

interface Read<T> {
  data: T | undefined;
  dataUpdatedAt: number;
}

/** Market ticker items (spec §2): alloy prices, silver, platinum, then USD/EUR and ILS/EUR. */
export function marketTickerEntries(reads: {
  alloys: Read<AlloyPrice[]>;
  silver: Read<SpotPrice>;
  platinum: Read<SpotPrice>;
  usd: Read<FxRate>;
  ils: Read<FxRate>;
}): TickerEntry[] {
  const entries: TickerEntry[] = (Array.isArray(reads.alloys.data) ? reads.alloys.data : []).map((alloy) => ({
    key: `alloy:${alloy.code}`,
    label: alloy.name,
    raw: alloy.pricePerG ?? null,
    kind: 'price',
    updatedAt: reads.alloys.dataUpdatedAt,
  }));
  const spot = (key: string, label: string, read: Read<SpotPrice>): TickerEntry => ({
    key,
    label,
    raw: read.data?.pricePerG ?? null,
    kind: 'price',
    updatedAt: read.dataUpdatedAt,
  });
  const fx = (label: string, read: Read<FxRate>): TickerEntry => ({
    key: `fx:${label}`,
    label,
    raw: read.data?.rate ?? null,
    kind: 'rate',
    updatedAt: read.dataUpdatedAt,
  });
  entries.push(
    spot('spot:silver', 'Argent', reads.silver),
    spot('spot:platinum', 'Platine', reads.platinum),
    fx('USD/EUR', reads.usd),
    fx('ILS/EUR', reads.ils),
  );
  return entries;
}

/** Mobile ticker items (spec §2), only those already loaded. */
export function mobileTickerEntries(reads: {
  gold: Read<SpotPrice>;
  silver: Read<SpotPrice>;
  platinum: Read<SpotPrice>;
  alloys: Read<AlloyPrice[]>;
  usd: Read<FxRate>;
}): TickerEntry[] {
  const alloys = Array.isArray(reads.alloys.data) ? reads.alloys.data : [];
  const alloy = (name: string): TickerEntry => ({
    key: `alloy:${name}`,
    label: name,
    raw: alloys.find((a) => a.name === name)?.pricePerG ?? null,
    kind: 'price',
    updatedAt: reads.alloys.dataUpdatedAt,
  });
  const spot = (key: string, label: string, read: Read<SpotPrice>): TickerEntry => ({
    key,
    label,
    raw: read.data?.pricePerG ?? null,
    kind: 'price',
    updatedAt: read.dataUpdatedAt,
  });
  return [
    spot('spot:gold', 'Or', reads.gold),
    spot('spot:silver', 'Argent', reads.silver),
    spot('spot:platinum', 'Platine', reads.platinum),
    alloy('Or 18kt'),
    alloy('Or 14kt'),
    alloy('Argent 925'),
    {
      key: 'fx:USD/EUR',
      label: 'USD/EUR',
      raw: reads.usd.data?.rate ?? null,
      kind: 'rate' as const,
      updatedAt: reads.usd.dataUpdatedAt,
    },
  ].filter((entry) => entry.raw !== null && entry.raw !== undefined);
}

/** Ticker value: prices 2 decimals with "€/g", rates 4 decimals (spec §9); a dash when missing. */
export function formatTickerValue(entry: TickerEntry): string {
  if (entry.raw === null) return EMPTY_VALUE;
  return entry.kind === 'rate' ? formatRate(entry.raw) : formatTickerPrice(entry.raw);
}
