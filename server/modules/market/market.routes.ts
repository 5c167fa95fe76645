import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { alloyPricePerGram } from '@shared/pricing';
import { METAL_SYMBOLS, METALS, type FxPair, type Instrument, type Metal } from '@shared/constants';
import {
  fxRefreshSchema,
  spotRefreshSchema,
  type AlloyPrice,
  type FxRate,
  type SpotPrice,
} from '@shared/schemas/market';
import { asciiJson } from '../../http/ascii-json';
import { AppError } from '../../http/errors';
import { parseInput } from '../../http/validate';
import type { MarketEngine } from './market.service';
import type { MarketQuote } from './market.types';

/** A manual refresh of the same instrument within this window answers the cached value (no upstream call). */
export const MANUAL_REFRESH_MIN_INTERVAL_MS = 10_000;

/** Prices are part of the dashboard area: every role reads them, and may ask for a fresh value. */
const ACCESS = { config: { access: { area: 'dashboard', mode: 'read' } } } as const satisfies RouteShorthandOptions;

const unavailable = (): AppError => new AppError('UPSTREAM_UNAVAILABLE', 'Cours indisponible');

/** A reading's instants are formatted once, not on every read of the price (the Date objects live in the cache). */
const isoTexts = new WeakMap<Date, { ms: number; text: string }>();
function isoText(date: Date): string {
  const ms = date.getTime();
  const known = isoTexts.get(date);
  if (known?.ms === ms) return known.text;
  const text = date.toISOString();
  isoTexts.set(date, { ms, text });
  return text;
}

function freshness(quote: MarketQuote, nowMs: number) {
  return {
    source: quote.source,
    observedAt: isoText(quote.observedAt),
    fetchedAt: isoText(quote.fetchedAt),
    stale: quote.stale,
    ageSeconds: Math.max(0, Math.floor((nowMs - quote.observedAt.getTime()) / 1000)),
  };
}

const spotOf = (metal: Metal, quote: MarketQuote, nowMs: number): SpotPrice => ({
  metal,
  currency: 'EUR',
  pricePerG: quote.value,
  ...freshness(quote, nowMs),
});

function spotAnswer(engine: MarketEngine, metal: Metal, nowMs: number): SpotPrice {
  const quote = engine.getSpot(metal);
  if (!quote) throw unavailable();
  return spotOf(metal, quote, nowMs);
}

/** The last JSON text of each metal's answer, reused while the reading and its age in seconds are the same. */
interface SpotText {
  quote: MarketQuote;
  ageSeconds: number;
  text: string;
}
const spotTexts = new Map<Metal, SpotText>();
const sameReading = (a: MarketQuote, b: MarketQuote): boolean =>
  a.observedAt === b.observedAt &&
  a.fetchedAt === b.fetchedAt &&
  a.value === b.value &&
  a.source === b.source &&
  a.stale === b.stale;

/**
 * GET /api/spot/{metal} is the most read route (every screen's header): its answer changes once a second at most,
 * so its JSON is written once per reading and second instead of on every request, in ASCII (the demo source's
 * name has accents) so that Node sends it by copying bytes.
 */
function spotJson(engine: MarketEngine, metal: Metal, nowMs: number): string {
  const quote = engine.getSpot(metal);
  if (!quote) throw unavailable();
  const ageSeconds = Math.max(0, Math.floor((nowMs - quote.observedAt.getTime()) / 1000));
  const known = spotTexts.get(metal);
  if (known && known.ageSeconds === ageSeconds && sameReading(known.quote, quote)) return known.text;
  const text = asciiJson(spotOf(metal, quote, nowMs));
  spotTexts.set(metal, { quote, ageSeconds, text });
  return text;
}

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

function fxAnswer(engine: MarketEngine, pair: FxPair, nowMs: number): FxRate {
  const quote = engine.getFx(pair);
  if (!quote) throw unavailable();
  return { base: pair.slice(0, 3), quote: 'EUR', rate: quote.value, ...freshness(quote, nowMs) };
}

/**
 * Market routes (README.md, ADR 0004). Reads come from memory; static paths keep routing cheap
 * (other fx pairs or metals fall through to the 404 handler).
 */
export function registerMarketRoutes(app: FastifyInstance, engine: MarketEngine): void {
  const lastManualRefresh = new Map<Instrument, number>();

  /**
   * Refreshes the instruments unless each was refreshed by hand less than 10 s ago (then the cached
   * value is the answer). A refresh that obtained no new value for an instrument fails with 503, so
   * the user is told the prices could not be refreshed instead of seeing the old value as new.
   */
  async function manualRefresh(instruments: readonly Instrument[]): Promise<void> {
    const nowMs = app.now().getTime();
    const due = instruments.filter((i) => nowMs - (lastManualRefresh.get(i) ?? 0) >= MANUAL_REFRESH_MIN_INTERVAL_MS);
    if (due.length === 0) return;
    for (const i of due) lastManualRefresh.set(i, nowMs);
    const before = new Map(due.map((i) => [i, engine.getQuote(i)?.fetchedAt.getTime() ?? -1]));
    await engine.refresh(due);
    const unchanged = due.filter((i) => (engine.getQuote(i)?.fetchedAt.getTime() ?? -1) === before.get(i));
    if (unchanged.length > 0) {
      for (const i of unchanged) lastManualRefresh.delete(i);
      throw new AppError('UPSTREAM_UNAVAILABLE', "Impossible d'actualiser les cours : aucune source n'a répondu");
    }
  }

  // The reads are plain functions (Fastify sends what they return, and what they throw goes to the error
  // handler): nothing to wait for, so no promise per request.
  for (const metal of METALS) {
    app.get(`/api/spot/${metal}`, ACCESS, (_request, reply) =>
      reply.type(JSON_CONTENT_TYPE).send(spotJson(engine, metal, app.nowMs())),
    );
  }

  app.post('/api/spot/refresh', ACCESS, async (request) => {
    const { metal } = parseInput(spotRefreshSchema, request.body);
    await manualRefresh([METAL_SYMBOLS[metal]]);
    return spotAnswer(engine, metal, app.now().getTime());
  });

  const pairs: FxPair[] = ['USD/EUR', 'ILS/EUR'];
  for (const pair of pairs) {
    app.get(`/api/fx/${pair}`, ACCESS, () => fxAnswer(engine, pair, app.now().getTime()));
  }

  app.post('/api/fx/refresh', ACCESS, async (request) => {
    const { base } = parseInput(fxRefreshSchema, request.body);
    // The UI reloads every fx read afterwards: refresh both pairs.
    await manualRefresh(pairs);
    return fxAnswer(engine, `${base}/EUR`, app.now().getTime());
  });

  app.get('/api/alloy-prices', ACCESS, async () => {
    const list = await engine.getAlloys();
    const nowMs = app.now().getTime();
    const answer: AlloyPrice[] = [];
    for (const alloy of list) {
      const quote = engine.getSpot(alloy.baseMetal);
      if (!quote) continue;
      answer.push({
        id: alloy.id,
        code: alloy.code,
        name: alloy.name,
        baseMetal: alloy.baseMetal,
        fineness: alloy.fineness,
        pricePerG: alloyPricePerGram(quote.value, alloy.fineness).toFixed(4),
        ...freshness(quote, nowMs),
      });
    }
    if (list.length > 0 && answer.length === 0) throw unavailable();
    return answer;
  });
}
