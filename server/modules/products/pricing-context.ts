import { and, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { METALS, type Metal } from '@shared/constants';
import type { PricingComponent, PricingContext } from '@shared/product-pricing';
import type { MarketUsed, MarketValueUsed } from '@shared/schemas/products';
import type { Db } from '../../db/client';
import { alloys, calibratedPriceRanges, productionSteps, stones } from '../../db/schema';
import { loadSettings } from '../settings/settings.store';

const uniq = <T>(values: Iterable<T>): T[] => [...new Set(values)];

/** A market value as a price records it (ISO times; null when unknown). */
export function quoteUsed(
  q: { value: string; source: string; observedAt: Date; fetchedAt: Date; stale: boolean } | null,
): MarketValueUsed | null {
  return q
    ? {
        value: q.value,
        source: q.source,
        observedAt: q.observedAt.toISOString(),
        fetchedAt: q.fetchedAt.toISOString(),
        stale: q.stale,
      }
    : null;
}

/**
 * Everything needed to price the given compositions NOW: metal prices and FX from the
 * in-memory market engine, and the referenced alloys, stones (of this organization),
 * production steps (of this organization), calibrated ranges effective today, and the organization's VAT rate
 * and metal-loss threshold (its settings).
 */
export async function loadPricingContext(
  app: FastifyInstance,
  db: Db,
  organizationId: string,
  compositions: ReadonlyArray<readonly PricingComponent[]>,
): Promise<{ context: PricingContext; market: MarketUsed }> {
  const all = compositions.flat();
  const alloyIds = uniq(all.flatMap((c) => (c.kind === 'metal' ? [c.alloyId] : [])));
  const stoneIds = uniq(all.flatMap((c) => (c.kind === 'stone' ? [c.stoneId] : [])));
  const stepIds = uniq(all.flatMap((c) => (c.kind === 'labour' ? [c.productionStepId] : [])));
  const clarities = uniq(all.flatMap((c) => (c.kind === 'melee' ? [c.clarity] : [])));
  const now = app.now();
  const today = now.toISOString().slice(0, 10);

  const [settings, alloyRows, stoneRows, stepRows, rangeRows] = await Promise.all([
    loadSettings(db, organizationId),
    alloyIds.length
      ? db
          .select({ id: alloys.id, name: alloys.name, baseMetal: alloys.baseMetal, fineness: alloys.fineness })
          .from(alloys)
          .where(inArray(alloys.id, alloyIds))
      : [],
    stoneIds.length
      ? db
          .select({ id: stones.id, name: stones.name, unitCost: stones.unitCost, currency: stones.currency })
          .from(stones)
          .where(and(eq(stones.organizationId, organizationId), inArray(stones.id, stoneIds)))
      : [],
    stepIds.length
      ? db
          .select({ id: productionSteps.id, name: productionSteps.name, hourlyRate: productionSteps.hourlyRate })
          .from(productionSteps)
          .where(and(eq(productionSteps.organizationId, organizationId), inArray(productionSteps.id, stepIds)))
      : [],
    clarities.length
      ? db
          .select({
            clarity: calibratedPriceRanges.clarity,
            mmMin: calibratedPriceRanges.mmMin,
            mmMax: calibratedPriceRanges.mmMax,
            usdPerCt: calibratedPriceRanges.usdPerCt,
            effectiveDate: calibratedPriceRanges.effectiveDate,
          })
          .from(calibratedPriceRanges)
          .where(
            and(inArray(calibratedPriceRanges.clarity, clarities), lte(calibratedPriceRanges.effectiveDate, today)),
          )
      : [],
  ]);

  const spot = Object.fromEntries(METALS.map((m) => [m, app.market.getSpot(m)])) as Record<
    Metal,
    ReturnType<FastifyInstance['market']['getSpot']>
  >;
  const usd = app.market.getFx('USD/EUR');
  const ils = app.market.getFx('ILS/EUR');

  const context: PricingContext = {
    metals: Object.fromEntries(METALS.map((m) => [m, spot[m]?.value ?? null])),
    fx: { USD: usd?.value ?? null, ILS: ils?.value ?? null },
    alloys: Object.fromEntries(
      alloyRows.map((a) => [a.id, { name: a.name, baseMetal: a.baseMetal, fineness: a.fineness }]),
    ),
    stones: Object.fromEntries(
      stoneRows.map((s) => [s.id, { name: s.name, unitCost: s.unitCost, currency: s.currency }]),
    ),
    steps: Object.fromEntries(stepRows.map((s) => [s.id, { name: s.name, hourlyRate: s.hourlyRate }])),
    calibrated: rangeRows,
    organization: { vatRatePct: settings.vatRatePct, metalLossWarningPct: settings.metalLossWarningPct },
  };
  const market: MarketUsed = {
    computedAt: now.toISOString(),
    metals: Object.fromEntries(METALS.map((m) => [m, quoteUsed(spot[m])])) as Record<Metal, MarketValueUsed | null>,
    fx: { USD: quoteUsed(usd), ILS: quoteUsed(ils) },
    calibrated: rangeRows,
  };
  return { context, market };
}
