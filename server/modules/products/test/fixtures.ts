import { eq } from 'drizzle-orm';
import { DEFAULT_ALLOYS, INSTRUMENTS, type Instrument } from '@shared/constants';
import { alloys, calibratedPriceRanges, dataSources, productionSteps, stones } from '../../../db/schema';
import type { TestApp } from '../../../test/harness';

/** Inserts the default alloys (the market seed does it in the app); returns code -> id. */
export async function insertAlloys(t: TestApp): Promise<Record<string, string>> {
  await t.handle.db
    .insert(alloys)
    .values(DEFAULT_ALLOYS.map((a, i) => ({ ...a, sortOrder: i })))
    .onConflictDoNothing({ target: alloys.code });
  const rows = await t.handle.db.select({ id: alloys.id, code: alloys.code }).from(alloys);
  return Object.fromEntries(rows.map((r) => [r.code, r.id]));
}

const MANUAL = 'Saisie manuelle (test)';

/**
 * Switches the market to a `manual` data source with known values (EUR/g, FX) and refreshes
 * the engine: exactly what an admin typing prices does.
 */
export async function setManualMarket(t: TestApp, values: Partial<Record<Instrument, string>>): Promise<void> {
  const db = t.handle.db;
  const [existing] = await db.select({ id: dataSources.id }).from(dataSources).where(eq(dataSources.name, MANUAL));
  const config = { values, updatedAt: new Date().toISOString() };
  if (existing) {
    await db.update(dataSources).set({ config, updatedAt: new Date() }).where(eq(dataSources.id, existing.id));
  } else {
    await db.insert(dataSources).values({
      kind: 'manual',
      name: MANUAL,
      instruments: [...INSTRUMENTS],
      enabled: true,
      priority: 1,
      config,
    });
  }
  await t.app.market.refresh(Object.keys(values) as Instrument[]);
}

export async function insertStone(
  t: TestApp,
  organizationId: string,
  values: { name: string; unitCost: string | null; currency?: 'EUR' | 'USD' },
): Promise<string> {
  const [row] = await t.handle.db
    .insert(stones)
    .values({
      organizationId,
      category: 'pierre_couleur',
      name: values.name,
      unitCost: values.unitCost,
      currency: values.currency ?? 'EUR',
    })
    .returning({ id: stones.id });
  return row!.id;
}

export async function insertStep(
  t: TestApp,
  organizationId: string,
  values: { name: string; code: string; hourlyRate: string | null },
): Promise<string> {
  const [row] = await t.handle.db
    .insert(productionSteps)
    .values({ organizationId, name: values.name, code: values.code, hourlyRate: values.hourlyRate })
    .returning({ id: productionSteps.id });
  return row!.id;
}

export async function insertRange(
  t: TestApp,
  values: { clarity: string; mmMin: string; mmMax: string; usdPerCt: string; effectiveDate?: string },
): Promise<void> {
  await t.handle.db
    .insert(calibratedPriceRanges)
    .values({ ...values, effectiveDate: values.effectiveDate ?? '2025-01-01' });
}
