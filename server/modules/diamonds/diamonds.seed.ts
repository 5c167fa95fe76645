import { sql } from 'drizzle-orm';
import type { Decimal } from '@shared/pricing';
import { queryRows, type Db } from '../../db/client';
import type { Rng } from '@shared/seeded-random';
import { DEMO_USD_EUR, generateDemoDiamond } from './demo-diamond.generator';

export { generateDemoDiamond, DEMO_USD_EUR } from './demo-diamond.generator';

export interface InsertDemoOptions {
  /** Rows per INSERT statement (one JSON parameter each; default 5,000). */
  batchSize?: number;
  /** Index of the first ref (DEMO-000001 by default). */
  startIndex?: number;
  /** USD/EUR rate for the stored EUR snapshot (default 0.92, or the market's current rate when given). */
  usdEur?: Decimal.Value;
  /** Random source (seeded for reproducible catalogues). */
  rng?: Rng;
}

/**
 * Bulk-inserts `count` generated stones in batches: each batch is ONE statement with ONE jsonb parameter
 * expanded by jsonb_to_recordset (no parameter-count limit, same SQL on PGlite and PostgreSQL).
 * random_key comes from the column default random(). Existing refs are skipped (ON CONFLICT), so two
 * nodes seeding at once cannot fail. Returns the number of rows inserted.
 */
export async function insertDemoDiamonds(db: Db, count: number, options: InsertDemoOptions = {}): Promise<number> {
  const batchSize = Math.max(1, options.batchSize ?? 5000);
  const start = options.startIndex ?? 1;
  const usdEur = options.usdEur ?? DEMO_USD_EUR;
  const rng = options.rng ?? Math.random;
  let inserted = 0;
  for (let offset = 0; offset < count; offset += batchSize) {
    const size = Math.min(batchSize, count - offset);
    const batch = Array.from({ length: size }, (_, i) => generateDemoDiamond(rng, start + offset + i, usdEur));
    const rows = await queryRows<{ n: number }>(
      db,
      sql`WITH ins AS (
        INSERT INTO diamonds (ref, shape, carats, color, clarity, cut, polish, symmetry, fluorescence, lab,
          certificate_number, location, measurements, depth_pct, table_pct, total_price, price_per_carat, currency,
          total_price_eur, price_eur, availability, supplier, source)
        SELECT ref, shape, carats, color, clarity, cut, polish, symmetry, fluorescence, lab,
          "certificateNumber", location, measurements, "depthPct", "tablePct", "totalPrice", "pricePerCarat", currency,
          "totalPriceEur", "priceEur", availability, supplier, source
        FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS x(
          ref text, shape text, carats numeric, color text, clarity text, cut text, polish text, symmetry text,
          fluorescence text, lab text, "certificateNumber" text, location text, measurements text,
          "depthPct" numeric, "tablePct" numeric, "totalPrice" numeric, "pricePerCarat" numeric, currency text,
          "totalPriceEur" numeric, "priceEur" numeric, availability text, supplier text, source text)
        ON CONFLICT (ref) DO NOTHING
        RETURNING 1
      ) SELECT count(*)::int AS n FROM ins`,
    );
    inserted += rows[0]?.n ?? 0;
  }
  return inserted;
}

/** True when the catalogue already holds demo stones. */
export async function hasDemoDiamonds(db: Db): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(db, sql`SELECT 1 AS one FROM diamonds WHERE source = 'demo' LIMIT 1`);
  return rows.length > 0;
}

/**
 * Seeds `count` demo stones on first start; does nothing if any demo stone exists (idempotent).
 * Pass `usdEur` (the market's current USD/EUR) to snapshot EUR prices at today's rate.
 */
export async function seedDemoDiamonds(
  db: Db,
  count: number,
  options: Pick<InsertDemoOptions, 'usdEur' | 'rng'> = {},
): Promise<void> {
  if (count <= 0 || (await hasDemoDiamonds(db))) return;
  await insertDemoDiamonds(db, count, options);
}

/**
 * Grows the demo catalogue to `target` stones fast, for benchmarks (1,000,000 on PostgreSQL in seconds):
 * up to `generated` (default 100,000) stones come from the generator, then the set is doubled in SQL
 * (INSERT ... SELECT) with new refs, certificate numbers and SQL-side random keys, which keeps the
 * generator's distributions. Returns the number of stones in the catalogue.
 */
export async function growDemoCatalogue(
  db: Db,
  target: number,
  options: Pick<InsertDemoOptions, 'usdEur' | 'rng' | 'batchSize'> & { generated?: number } = {},
): Promise<number> {
  const count = async (): Promise<number> =>
    (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM diamonds`))[0]?.n ?? 0;
  let current = await count();
  const generate = Math.min(target, options.generated ?? 100_000) - current;
  if (generate > 0) {
    await insertDemoDiamonds(db, generate, { ...options, startIndex: current + 1 });
    current = await count();
  }
  while (current < target && current > 0) {
    const n = Math.min(current, target - current);
    await db.execute(sql`INSERT INTO diamonds (ref, shape, carats, color, clarity, cut, polish, symmetry, fluorescence,
        lab, certificate_number, location, measurements, depth_pct, table_pct, total_price, price_per_carat, currency,
        total_price_eur, price_eur, availability, image_url, video_url, supplier, source)
      SELECT 'DEMO-' || lpad((${current}::bigint + row_number() OVER (ORDER BY id))::text, 6, '0'), shape, carats,
        color, clarity, cut, polish, symmetry, fluorescence, lab,
        lpad(floor(random() * 1e10)::bigint::text, 10, '1'), location, measurements, depth_pct, table_pct,
        total_price, price_per_carat, currency, total_price_eur, price_eur, availability, image_url, video_url,
        supplier, source
      FROM diamonds WHERE source = 'demo' ORDER BY id LIMIT ${n}
      ON CONFLICT (ref) DO NOTHING`);
    const after = await count();
    if (after === current) break;
    current = after;
  }
  return current;
}
