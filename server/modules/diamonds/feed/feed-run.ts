import { eq } from 'drizzle-orm';
import { FX_CURRENCIES, type FxPair } from '@shared/constants';
import type { Db } from '../../../db/client';
import { diamondFeeds, diamondImportRuns } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { checkedMapping, type DiamondFeedRow } from './diamond-feed.repository';
import { importFeed, type ImportFeedOptions, type ImportReport } from './feed-import';

/**
 * One import of a feed as the app runs it (an upload, "Importer maintenant" of a URL feed, the scheduler): the
 * feed's saved mapping, the live rate, and the preset saved on the feed after a succeeded run.
 */

/** What a run needs of the market engine. */
export interface FxSource {
  getFx(pair: FxPair): { value: string } | null;
}

/**
 * EUR per 1 unit of the feed's currency, from the live market rate: 400 for a currency with no rate source,
 * 503 while no rate is known yet.
 */
export function rateToEur(market: FxSource, currency: string): string {
  if (currency === 'EUR') return '1';
  if (!(FX_CURRENCIES as readonly string[]).includes(currency)) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Devise ${currency} : aucun taux de change disponible (EUR, ${FX_CURRENCIES.join(', ')}). Modifiez la devise du flux.`,
    );
  }
  const quote = market.getFx(`${currency}/EUR` as FxPair);
  if (!quote) {
    throw new AppError(
      'UPSTREAM_UNAVAILABLE',
      `Taux de change ${currency} → EUR indisponible pour le moment : l'import n'est pas lancé, réessayez plus tard.`,
    );
  }
  return quote.value;
}

/**
 * Imports a feed with its saved mapping (400 when it no longer passes the checks). Throws what the engine throws
 * (FeedImportBusyError, FeedImportError when the feed is gone); a failed run is a report with its error.
 */
export async function runFeedImport(
  db: Db,
  feed: DiamondFeedRow,
  input: Pick<ImportFeedOptions, 'source' | 'format' | 'usdToEur' | 'now' | 'checkDiskSpace'>,
): Promise<ImportReport> {
  const report = await importFeed(db, {
    organizationId: feed.organizationId,
    feed: { ...feed, columnMapping: checkedMapping(feed.columnMapping ?? null) },
    ...input,
  });
  if (report.status === 'succeeded' && report.preset) {
    await db.update(diamondFeeds).set({ preset: report.preset }).where(eq(diamondFeeds.id, feed.id));
  }
  return report;
}

/** A run that could not start (no rate source, a mapping no longer valid), recorded failed with its reason. */
export async function recordFailedRun(db: Db, feed: DiamondFeedRow, now: Date, error: string): Promise<void> {
  await db.insert(diamondImportRuns).values({
    organizationId: feed.organizationId,
    feedId: feed.id,
    status: 'failed',
    startedAt: now,
    finishedAt: now,
    error,
  });
}
