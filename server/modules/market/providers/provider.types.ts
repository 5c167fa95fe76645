import type { Instrument } from '@shared/constants';

export type DataSourceKind = 'demo' | 'manual' | 'ecb' | 'goldapi';

/** A data source row as providers see it (secret already decrypted; never log it). */
export interface ProviderSource {
  id: string;
  kind: DataSourceKind;
  name: string;
  config: Record<string, unknown>;
  secret: string | null;
}

export interface ProviderContext {
  source: ProviderSource;
  instruments: readonly Instrument[];
  now: Date;
  timeoutMs: number;
  /**
   * The value this source's readings are judged against (decimal string), if any: its own last accepted
   * reading, else the latest one of another non-manual source (jump-reference.ts).
   */
  lastValue(instrument: Instrument): string | null;
}

/** One value from a provider: EUR per gram for metals, EUR per 1 base unit for FX pairs. */
export interface ProviderReading {
  instrument: Instrument;
  value: string;
  observedAt: Date;
}

export interface MarketProvider {
  /** Values typed by a person are trusted: no jump bound (still must be > 0). */
  readonly trusted?: boolean;
  /** Returns readings for the instruments it could get; throws ProviderError when it got none. */
  fetch(context: ProviderContext): Promise<ProviderReading[]>;
}

/** A provider failure with a short message safe to store and show (never a secret). */
export class ProviderError extends Error {
  constructor(message: string) {
    super(message.slice(0, 200));
    this.name = 'ProviderError';
  }
}

export function configString(config: Record<string, unknown>, key: string, fallback: string): string {
  const value = config[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}
