import { sql } from 'drizzle-orm';
import { DEFAULT_ALLOYS, INSTRUMENTS } from '@shared/constants';
import { lockForTransaction } from '../../db/advisory-locks';
import { queryRows, type Db } from '../../db/client';
import { alloys, dataSources } from '../../db/schema';

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
    await lockForTransaction(tx as unknown as Db, 'marketSeed');
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
