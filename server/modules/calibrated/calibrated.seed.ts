import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { calibratedPriceRanges } from '../../db/schema';
import { seedRanges } from './calibrated-ranges';

/**
 * Seeds the calibrated (melee) price table on an empty table: every clarity tab (VVS, VS1, VS1/2, SI1,
 * SI2, PK1) x contiguous ranges covering 0.70–4.00 mm, effective today. Does nothing if any range exists.
 */
export async function seedCalibratedRanges(db: Db, today: Date = new Date()): Promise<void> {
  const existing = await queryRows<{ one: number }>(db, sql`SELECT 1 AS one FROM calibrated_price_ranges LIMIT 1`);
  if (existing.length > 0) return;
  await db.insert(calibratedPriceRanges).values(seedRanges(today.toISOString().slice(0, 10)));
}
