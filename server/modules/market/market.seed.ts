import { sql } from 'drizzle-orm';
import { DEFAULT_ALLOYS, INSTRUMENTS } from '@shared/constants';
import { queryRows, type Db } from '../../db/client';
import { alloys, dataSources } from '../../db/schema';

const SEED_LOCK_ID = 727_003;
export const DEMO_SOURCE_NAME = 'Démo (simulé)';

/**
 * Market defaults for a fresh installation (idempotent): the default alloys and, when no
 * data source exists yet, one enabled `demo` source covering every instrument.
 */
export async function seedMarketDefaults(db: Db): Promise<void> {
  await db
    .insert(alloys)
    .values(
      DEFAULT_ALLOYS.map((alloy, index) => ({
        code: alloy.code,
        name: alloy.name,
        baseMetal: alloy.baseMetal,
        fineness: alloy.fineness,
        sortOrder: (index + 1) * 10,
        active: true,
      })),
    )
    .onConflictDoNothing({ target: alloys.code });

  await db.transaction(async (tx) => {
    // Two nodes starting together must not both add the demo source.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const [existing] = await queryRows<{ n: number }>(
      tx as unknown as Db,
      sql`SELECT count(*)::int AS n FROM data_sources`,
    );
    if ((existing?.n ?? 0) > 0) return;
    await tx.insert(dataSources).values({
      kind: 'demo',
      name: DEMO_SOURCE_NAME,
      instruments: [...INSTRUMENTS],
      enabled: true,
      priority: 100,
      config: {},
    });
  });
}
