import type { FxPair, Instrument, Metal } from '@shared/constants';

/** The last known good value of one instrument, as the market engine holds it in memory. */
export interface MarketQuote {
  instrument: Instrument;
  /** Decimal string: EUR per gram for XAU/XAG/XPT, EUR per 1 unit of base currency for FX pairs. */
  value: string;
  source: string;
  observedAt: Date;
  fetchedAt: Date;
  /** True when older than MARKET_STALE_AFTER_S or when the last fetch of this instrument failed. */
  stale: boolean;
}

/**
 * The market engine, decorated on the Fastify instance as `app.market` by the market module.
 * Reads are served from memory (never a database round trip on the hot path).
 */
export interface MarketService {
  getSpot(metal: Metal): MarketQuote | null;
  getFx(pair: FxPair): MarketQuote | null;
  getQuote(instrument: Instrument): MarketQuote | null;
  /** Fetches the given instruments now from the enabled providers (by priority) and stores the readings. */
  refresh(instruments: readonly Instrument[]): Promise<void>;
  /** Starts periodic polling (only the node holding the advisory lock polls). */
  start(): void;
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    market: MarketService;
  }
}
