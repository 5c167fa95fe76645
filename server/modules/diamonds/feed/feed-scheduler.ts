import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { FEED_UPLOAD_MAX_BYTES } from '@shared/schemas/diamond-feeds';
import { ADVISORY_LOCKS } from '../../../db/advisory-locks';
import type { Db } from '../../../db/client';
import { diamondFeeds } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { alwaysLeader, pgAdvisoryLock, type LeaderLock } from '../../market/leader-lock';
import { createSecretBox, type SecretBox } from '../../market/secret-box';
import type { DiamondFeedRow } from './diamond-feed.repository';
import { DEFAULT_FEED_TOTAL_TIMEOUT_MS, fetchFeed, type FeedFetchSettings, type FetchedFeed } from './feed-fetch';
import { FeedImportBusyError, FeedImportError, type ImportReport } from './feed-import';
import { rateToEur, recordFailedRun, runFeedImport, type FxSource } from './feed-run';

/**
 * Imports the URL feeds (`kind = 'url'`) on their schedule. Every TICK_MS, on one node only (PostgreSQL advisory
 * lock `diamondFeedPolling` on a dedicated connection, like the market polling; PGlite is one process), the feeds
 * not archived with an address and a `schedule_minutes` whose last run started more than `schedule_minutes` ago
 * (or that never ran) are fetched one after the other and streamed into the import engine; each is checked to be
 * still due just before its turn (a run started meanwhile, by "Importer maintenant", skips it). A failure (address
 * refused, HTTP status, timeout, unreadable file) is a failed run with its French error. A feed without
 * `schedule_minutes` is imported only by "Importer maintenant" (`importNow`).
 */

export const FEED_SCHEDULER_TICK_MS = 60_000;

export const DEFAULT_FEED_FETCH: Omit<FeedFetchSettings, 'allowHttpLoopback'> = {
  timeoutMs: 30_000,
  idleTimeoutMs: 60_000,
  totalTimeoutMs: DEFAULT_FEED_TOTAL_TIMEOUT_MS,
  maxBytes: FEED_UPLOAD_MAX_BYTES,
};

interface SchedulerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface FeedSchedulerOptions {
  db: Db;
  log: SchedulerLog;
  now: () => Date;
  secretBox: SecretBox;
  lock: LeaderLock;
  market: FxSource;
  fetch: FeedFetchSettings;
  /** Throws while the embedded database's disk is too full for an import (server/db/disk-space.ts). */
  checkDiskSpace?: () => void;
  tickMs?: number;
}

export class FeedScheduler {
  private timer: NodeJS.Timeout | null = null;
  private firstTick: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private stopped = false;
  private leader = false;
  /** Aborts the downloads in progress when the server stops. */
  private downloads = new AbortController();
  /** Feeds postponed for want of a rate, already logged: logged again only once a rate came back. */
  private readonly waitingForRate = new Set<string>();

  constructor(private readonly options: FeedSchedulerOptions) {}

  isLeader(): boolean {
    return this.leader;
  }

  /** Starts the schedule (no-op when already started). The first tick runs at once. */
  start(): void {
    if (this.timer) return;
    if (this.stopped) this.downloads = new AbortController();
    this.stopped = false;
    this.firstTick = setTimeout(() => void this.tick(), 0);
    this.firstTick.unref();
    this.timer = setInterval(() => void this.tick(), this.options.tickMs ?? FEED_SCHEDULER_TICK_MS);
    this.timer.unref();
  }

  /** One step: the leader imports the feeds that are due. Exposed for tests; never rejects. */
  tick(): Promise<void> {
    if (this.ticking || this.stopped) return this.ticking ?? Promise.resolve();
    this.ticking = this.runTick().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.firstTick) clearTimeout(this.firstTick);
    if (this.timer) clearInterval(this.timer);
    this.firstTick = null;
    this.timer = null;
    this.downloads.abort();
    await this.ticking?.catch(() => undefined);
    await this.options.lock.release();
    this.leader = false;
  }

  /** The feeds due now, oldest schedule first (only the feed `feedId` when given). */
  async dueFeeds(feedId?: string): Promise<DiamondFeedRow[]> {
    const now = this.options.now().toISOString();
    return this.options.db
      .select()
      .from(diamondFeeds)
      .where(
        and(
          eq(diamondFeeds.kind, 'url'),
          isNull(diamondFeeds.archivedAt),
          isNotNull(diamondFeeds.url),
          isNotNull(diamondFeeds.scheduleMinutes),
          feedId === undefined ? undefined : eq(diamondFeeds.id, feedId),
          sql`NOT EXISTS (SELECT 1 FROM diamond_import_runs r WHERE r.feed_id = ${diamondFeeds.id}
            AND r.started_at > ${now}::timestamptz - ${diamondFeeds.scheduleMinutes} * interval '1 minute')`,
        ),
      )
      .orderBy(asc(diamondFeeds.createdAt), asc(diamondFeeds.id));
  }

  /**
   * Downloads a URL feed and imports it now, with `usdToEur` (the caller checked the rate). Throws
   * FeedImportBusyError while a run of the feed is in progress; every other failure is a failed run.
   */
  async importNow(feed: DiamondFeedRow, usdToEur: string): Promise<ImportReport> {
    const download: { current: FetchedFeed | null } = { current: null };
    const credentials = this.credentials(feed);
    try {
      return await runFeedImport(this.options.db, feed, {
        usdToEur,
        now: this.options.now(),
        format: feed.format,
        checkDiskSpace: this.options.checkDiskSpace,
        source: async () => {
          if (credentials instanceof FeedImportError) throw credentials;
          if (!feed.url) throw new FeedImportError("Le flux n'a pas d'adresse web");
          const fetched = await fetchFeed(feed.url, credentials, this.options.fetch, this.downloads.signal);
          download.current = fetched;
          return { source: fetched.body, format: fetched.format };
        },
      });
    } finally {
      download.current?.close();
    }
  }

  private credentials(feed: DiamondFeedRow): string | null | FeedImportError {
    if (!feed.credentials) return null;
    try {
      return this.options.secretBox.decrypt(feed.credentials);
    } catch {
      // Encrypted with another SESSION_SECRET: the admin has to type them again.
      return new FeedImportError('Identifiants du flux illisibles : saisissez-les à nouveau');
    }
  }

  private async runTick(): Promise<void> {
    try {
      const wasLeader = this.leader;
      this.leader = await this.options.lock.tryAcquire();
      if (this.stopped || !this.leader) return;
      if (!wasLeader) this.options.log.info({}, 'diamond feed scheduler leader');
      for (const listed of await this.dueFeeds()) {
        if (this.stopped) return;
        // The list was read before the imports before it: a run started since (another node before it took the
        // lock, "Importer maintenant"), an archive or a new schedule may have made the feed no longer due.
        const [feed] = await this.dueFeeds(listed.id);
        if (!feed) continue;
        // One feed's unexpected failure (database) does not keep the others from their turn.
        await this.importScheduled(feed).catch((error: unknown) => {
          this.options.log.error({ err: error, feedId: feed.id }, 'diamond feed import failed');
        });
      }
    } catch (error) {
      this.options.log.error({ err: error }, 'diamond feed scheduler step failed');
    }
  }

  private async importScheduled(feed: DiamondFeedRow): Promise<void> {
    const context = { feedId: feed.id, organizationId: feed.organizationId };
    const now = this.options.now();
    let rate: string;
    try {
      rate = rateToEur(this.options.market, feed.currency);
    } catch (error) {
      if (error instanceof AppError && error.code === 'UPSTREAM_UNAVAILABLE') {
        // No rate yet (the market just started): the feed stays due and is tried again on the next tick. Logged
        // once per feed until a rate is known.
        if (!this.waitingForRate.has(feed.id)) {
          this.waitingForRate.add(feed.id);
          this.options.log.warn(context, 'diamond feed import postponed: no exchange rate yet');
        }
        return;
      }
      this.waitingForRate.delete(feed.id);
      await recordFailedRun(this.options.db, feed, now, error instanceof Error ? error.message : String(error));
      return;
    }
    this.waitingForRate.delete(feed.id);
    try {
      const report = await this.importNow(feed, rate);
      this.options.log.info({ ...context, runId: report.runId, status: report.status }, 'diamond feed imported');
    } catch (error) {
      if (error instanceof FeedImportBusyError) return;
      if (error instanceof AppError) {
        // The saved mapping no longer passes the checks.
        await recordFailedRun(this.options.db, feed, now, `${error.message} (correspondance des colonnes)`);
        return;
      }
      if (error instanceof FeedImportError) return; // archived meanwhile
      throw error;
    }
  }
}

/** The node-postgres pool behind a Drizzle handle (PGlite has none: one process, always leader). */
function poolOf(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/** The lock of the scheduler for a database: the PostgreSQL advisory lock, or always leader on PGlite. */
export function feedSchedulerLock(db: Db): LeaderLock {
  const pool = poolOf(db);
  return pool ? pgAdvisoryLock(pool, ADVISORY_LOCKS.diamondFeedPolling) : alwaysLeader();
}

/**
 * The app's scheduler: started when the app is ready, except in tests (NODE_ENV=test, where tests drive their
 * own), stopped on close. Plain http to the loopback host is accepted outside production only.
 */
export function registerFeedScheduler(app: FastifyInstance): FeedScheduler {
  const scheduler = new FeedScheduler({
    db: app.db,
    log: app.log.child({ module: 'diamond-feeds' }),
    now: () => app.now(),
    secretBox: createSecretBox(app.config.sessionSecret),
    lock: feedSchedulerLock(app.db),
    market: app.market,
    fetch: { ...DEFAULT_FEED_FETCH, allowHttpLoopback: !app.config.isProduction },
    checkDiskSpace: () => app.diskSpace.assertWritable(),
  });
  app.addHook('onReady', async () => {
    if (app.config.nodeEnv !== 'test') scheduler.start();
  });
  app.addHook('onClose', async () => {
    await scheduler.stop();
  });
  return scheduler;
}
