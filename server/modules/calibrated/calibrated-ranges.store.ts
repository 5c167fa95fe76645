import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import type { CalibratedRange } from './calibrated-ranges';

/** How often each node reloads the (small) range table, so an edit on any node shows everywhere. */
export const CALIBRATED_RELOAD_MS = 30_000;

/**
 * The calibrated range table held in memory (a few dozen rows): lookups never touch the database.
 * Reloaded when older than `reloadMs` (one reload at a time) or at once after `invalidate()`.
 */
export class CalibratedRangeStore {
  private ranges: CalibratedRange[] | null = null;
  private loadedAt = 0;
  private loading: Promise<CalibratedRange[]> | null = null;

  constructor(
    private readonly db: Db,
    private readonly reloadMs = CALIBRATED_RELOAD_MS,
    private readonly clock: () => number = Date.now,
  ) {}

  async get(): Promise<readonly CalibratedRange[]> {
    if (this.ranges && this.clock() - this.loadedAt < this.reloadMs) return this.ranges;
    // Serve the current copy while a background reload runs; wait only on the very first load.
    const reload = (this.loading ??= this.load().finally(() => (this.loading = null)));
    if (this.ranges) {
      reload.catch(() => undefined);
      return this.ranges;
    }
    return reload;
  }

  /** Forces a reload on the next read (call after editing the table). */
  invalidate(): void {
    this.loadedAt = 0;
    this.ranges = null;
  }

  private async load(): Promise<CalibratedRange[]> {
    const rows = await queryRows<CalibratedRange>(
      this.db,
      sql`SELECT clarity, mm_min::text AS "mmMin", mm_max::text AS "mmMax", usd_per_ct::text AS "usdPerCt",
        effective_date::text AS "effectiveDate", notes
        FROM calibrated_price_ranges ORDER BY clarity, mm_min`,
    );
    this.ranges = rows;
    this.loadedAt = this.clock();
    return rows;
  }
}
