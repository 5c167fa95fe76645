import { sql } from 'drizzle-orm';
import type { Instrument } from '@shared/constants';
import { queryRows, type Db } from '../../db/client';
import { TRUSTED_KINDS } from './providers/provider.registry';
import { normaliseValue } from './reading-guard';

/**
 * The values a data source's new readings are judged against by the jump guard (README "Guards", ADR 0004):
 * per instrument, the latest reading stored under this source's name in market_readings; when it has none,
 * the latest reading of any other feed. Only names carried by non-manual sources qualify: a typed value (or
 * a reading under a name no source carries any more) never becomes the yardstick of a feed, so one wrong
 * manual price cannot lock the real feeds out.
 *
 * One lookup per (instrument, qualifying name) on market_readings_instrument_source_time_idx (0041).
 */
export async function loadJumpReferences(
  db: Db,
  sourceName: string,
  instruments: readonly Instrument[],
): Promise<Map<Instrument, string>> {
  const references = new Map<Instrument, string>();
  if (instruments.length === 0) return references;
  const wanted = sql.join(
    instruments.map((i) => sql`(${i}::text)`),
    sql`, `,
  );
  const trustedKinds = sql.join(
    TRUSTED_KINDS.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const rows = await queryRows<{ instrument: string; value: string }>(
    db,
    sql`WITH feed_names AS (
          SELECT name FROM data_sources GROUP BY name HAVING bool_and(kind NOT IN (${trustedKinds}))
        )
        SELECT i.instrument, best.value::text AS value
        FROM (VALUES ${wanted}) AS i(instrument)
        CROSS JOIN LATERAL (
          SELECT latest.value
          FROM feed_names f
          CROSS JOIN LATERAL (
            SELECT m.value, m.fetched_at, m.id
            FROM market_readings m
            WHERE m.instrument = i.instrument AND m.source = f.name
            ORDER BY m.fetched_at DESC, m.id DESC
            LIMIT 1
          ) latest
          ORDER BY (f.name = ${sourceName}) DESC, latest.fetched_at DESC, latest.id DESC
          LIMIT 1
        ) best`,
  );
  for (const row of rows) {
    const instrument = instruments.find((i) => i === row.instrument);
    if (instrument) references.set(instrument, normaliseValue(row.value));
  }
  return references;
}
