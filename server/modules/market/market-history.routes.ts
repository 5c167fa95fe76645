import { sql } from 'drizzle-orm';
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { METAL_SYMBOLS } from '@shared/constants';
import {
  marketHistoryQuerySchema,
  type MarketHistory,
  type MarketHistoryPoint,
  type MarketHistoryQuery,
} from '@shared/schemas/dashboard';
import { queryRows } from '../../db/client';
import { parseInput } from '../../http/validate';

/** Prices are part of the dashboard area, like the spot routes: every role reads them. */
const READ = { config: { access: { area: 'dashboard', mode: 'read' } } } as const satisfies RouteShorthandOptions;

/** Answers are kept this long (readings arrive every few minutes at most; a year of them is a larger read). */
const CACHE_MS = 60_000;

/**
 * `GET /api/market/history?symbol=gold|silver|platinum&days=7|30|365`: one point per calendar day in Paris
 * (today and the days before), the last reading stored that day, in EUR per gram of fine metal (24k for
 * gold). Market readings are shared by every organization, like the spot prices. Days without a reading
 * have no point.
 */
export function registerMarketHistoryRoutes(app: FastifyInstance): void {
  const cache = new Map<string, { at: number; answer: Promise<MarketHistory> }>();

  async function load(query: MarketHistoryQuery, now: Date): Promise<MarketHistory> {
    const instrument = METAL_SYMBOLS[query.symbol];
    const day = sql`(fetched_at AT TIME ZONE 'Europe/Paris')::date`;
    const today = sql`(${now.toISOString()}::timestamptz AT TIME ZONE 'Europe/Paris')::date`;
    // The range on fetched_at uses the (instrument, fetched_at) index; the day condition trims its edge.
    const rows = await queryRows<MarketHistoryPoint>(
      app.db,
      sql`SELECT DISTINCT ON (${day}) ${day}::text AS day, value::text AS "pricePerG"
          FROM market_readings
          WHERE instrument = ${instrument}
            AND fetched_at >= ${now.toISOString()}::timestamptz - make_interval(days => ${query.days + 1})
            AND fetched_at <= ${now.toISOString()}::timestamptz
            AND ${day} > ${today} - ${query.days}::int
          ORDER BY ${day}, fetched_at DESC, id DESC`,
    );
    return { symbol: query.symbol, days: query.days, points: rows };
  }

  app.get('/api/market/history', READ, async (request): Promise<MarketHistory> => {
    const query = parseInput(marketHistoryQuerySchema, request.query);
    const now = app.now();
    const key = `${query.symbol}|${query.days}`;
    const hit = cache.get(key);
    if (hit && now.getTime() - hit.at < CACHE_MS && now.getTime() >= hit.at) return hit.answer;
    const answer = load(query, now);
    cache.set(key, { at: now.getTime(), answer });
    answer.catch(() => cache.delete(key));
    return answer;
  });
}
