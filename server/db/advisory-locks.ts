import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Every PostgreSQL advisory lock id the app takes, in one place so that two features never share one
 * by accident (advisory-locks.unit.test.ts checks they are distinct and that no other file writes an id).
 */
export const ADVISORY_LOCKS = {
  /** server/db/migrate.ts: one node applies the migrations, on one dedicated connection. */
  migrations: 727_001,
  /** server/modules/market/leader-lock.ts: the one node that polls the market feeds. */
  marketPolling: 727_002,
  /** server/modules/market/market.seed.ts: the default demo data source is added once. */
  marketSeed: 727_003,
  /** server/modules/diamonds/feed/feed-scheduler.ts: the one node that imports the URL diamond feeds. */
  diamondFeedPolling: 727_004,
  /** server/modules/seed/seed-demo.ts: the demo organization is created once. */
  demoSeed: 727_010,
} as const;

export type AdvisoryLockName = keyof typeof ADVISORY_LOCKS;

/**
 * Takes a transaction-scoped advisory lock (released at COMMIT or ROLLBACK): nodes starting together
 * run the guarded step one after the other. Call inside `db.transaction`.
 */
export async function lockForTransaction(tx: Db, name: AdvisoryLockName): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS[name]})`);
}
