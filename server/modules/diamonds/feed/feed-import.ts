import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { CsvParseError } from '@shared/csv';
import type { DiamondFeedFormat } from '@shared/schemas/diamond-feeds';
import { queryRows, type Db } from '../../../db/client';
import { isUniqueViolation } from '../../../db/pg-errors';
import { AppError } from '../../../http/errors';
import type { FeedColumnMapping, FeedPresetId } from './feed-presets';
import { FEED_STONE_COLUMNS, normaliseFeedRow, type FeedStone } from './feed-normalise';
import { JsonFeedError, openJsonFeed } from './feed-json';
import { openFeed, type FeedReader, type FeedRow, type FeedSource } from './feed-rows';

/**
 * The import engine of supplier stock feeds. One run:
 * 1. records the run ('running') with the rate it uses. At most one run of a feed is 'running' (unique index
 *    `diamond_import_runs_running_idx`, migration 0052): a second start throws FeedImportBusyError, in this process
 *    or another. A running run stamps its `heartbeat_at` when it starts and with each staged batch; one silent
 *    for more than HEARTBEAT_TIMEOUT_MS (its process stopped mid-import) is marked failed first, its staging rows
 *    deleted, so it no longer blocks. A run marked so while still going on (only very slow) stops at its next
 *    batch, or its merge rolls back: it never turns 'succeeded';
 * 2. opens the file (CSV/TSV by feed-rows.ts, JSON by feed-json.ts) (preset detected from the header unless a mapping is given) and streams its rows:
 *    each is normalised (feed-normalise.ts) and either staged or rejected with its line number and a
 *    French reason; every `batchSize` rows, ONE short transaction writes the batch's staged rows, its
 *    rejects and the run's counters (so a progress bar can read them);
 * 3. at the end, ONE transaction merges the run's staging rows into the catalogue: new stones inserted,
 *    changed ones (content hash) updated, the others counted unchanged; a full feed marks the stones of
 *    this feed it no longer lists 'not-available' (removed). The run's counts commit with it.
 * Any failure marks the run failed with its error and deletes its staging rows: the catalogue is exactly
 * as before (nothing reaches `diamonds` before the merge commits). Only `batchSize` rows are ever held in
 * memory, whatever the size of the file.
 */

/** What the engine needs of a feed (a `diamond_feeds` row). */
export interface ImportableFeed {
  id: string;
  organizationId: string;
  name: string;
  fullFeed: boolean;
  /** ISO 4217 code of the feed's prices ("USD"). */
  currency: string;
  /** Selling coefficient on the EUR price, a decimal string ("1", "1.2500"). */
  markup: string;
  /** The mapping saved for this feed, used when the call gives none. */
  columnMapping?: FeedColumnMapping | null | undefined;
}

export interface ImportProgress {
  runId: string;
  rowsRead: number;
  rowsAccepted: number;
  rowsRejected: number;
}

/** A source opened once the run is recorded (a URL fetched then), with the format it turned out to have. */
export interface OpenedFeedSource {
  source: FeedSource;
  format?: DiamondFeedFormat | undefined;
}

export interface ImportFeedOptions {
  organizationId: string;
  feed: ImportableFeed;
  /**
   * The file's bytes, or a function opening them after the run is recorded: what it throws fails the run
   * (a FeedImportError keeps its message).
   */
  source: FeedSource | (() => Promise<OpenedFeedSource>);
  /** How the file is read (default csv); an opened source may say otherwise. */
  format?: DiamondFeedFormat | undefined;
  /** Header -> field; by default the feed's saved mapping, else the preset detected from the header. */
  mapping?: FeedColumnMapping | undefined;
  /**
   * EUR per 1 unit of the feed's currency (the live rate, e.g. "0.92" for USD). Rounded half-up to 8 decimals
   * (the scale of `diamond_import_runs.fx_rate`): the rate stored on the run is the one the prices use.
   */
  usdToEur: string;
  now: Date;
  /** Rows per staging transaction (default 1,000). */
  batchSize?: number | undefined;
  /**
   * Called before each batch is written; throws to stop the run (the embedded database's disk nearly full:
   * `app.diskSpace.assertWritable`). The run then fails with that message and the catalogue is left as it was.
   */
  checkDiskSpace?: (() => void) | undefined;
  /** Called after each batch is committed. */
  onProgress?: ((progress: ImportProgress) => void | Promise<void>) | undefined;
}

export interface ImportReport extends ImportProgress {
  status: 'succeeded' | 'failed';
  /** The preset the header matched (null when a mapping was given or none matched). */
  preset: FeedPresetId | null;
  added: number;
  updated: number;
  unchanged: number;
  removed: number;
  /** Why the run failed (French, for the admin); null when it succeeded. */
  error: string | null;
}

/** A run that cannot go on, with a French message for the admin. */
export class FeedImportError extends Error {
  override readonly name = 'FeedImportError';
}

/** Another run of the feed is 'running' (here or in another process): no run is recorded. */
export class FeedImportBusyError extends Error {
  override readonly name = 'FeedImportBusyError';
  constructor() {
    super('Un import de ce flux est déjà en cours : attendez sa fin avant de relancer.');
  }
}

/**
 * A 'running' run whose heartbeat is older than this was cut short (its process stopped): it no longer blocks
 * imports. A live run stamps it with every staged batch (every `batchSize` rows), far more often.
 */
export const HEARTBEAT_TIMEOUT_MS = 10 * 60 * 1000;
export const STALE_RUN_ERROR = "Import interrompu (le serveur s'est arrêté pendant la lecture)";
/** The run was marked abandoned (by another import of the feed) while it was still going on. */
export const ABANDONED_RUN_ERROR =
  "Import abandonné : resté plus de 10 min sans activité, il a été arrêté (relancez l'import)";
/** Decimals of the rate stored on a run (`fx_rate numeric(18, 8)`). */
export const RATE_DECIMALS = 8;

interface Reject {
  row_number: number;
  reason: string;
  raw: string;
}

const RAW_MAX = 2000;
const rawOf = (row: FeedRow): string => {
  const text = JSON.stringify(row.cells);
  return text.length > RAW_MAX ? `${text.slice(0, RAW_MAX)}…` : text;
};

const STONE_RECORD = sql.raw(FEED_STONE_COLUMNS.map(([name, type]) => `${name} ${type}`).join(', '));
const STONE_NAMES = sql.raw(FEED_STONE_COLUMNS.map(([name]) => name).join(', '));
/** The catalogue columns a merge writes (every staged column but the staging bookkeeping ones). */
const MERGED = FEED_STONE_COLUMNS.map(([name]) => name).filter((n) => n !== 'row_number' && n !== 'stock_number');
const MERGED_NAMES = sql.raw(MERGED.join(', '));
const MERGED_FROM_STAGING = sql.raw(MERGED.map((n) => `s.${n}`).join(', '));
const MERGED_UPDATE = sql.raw(MERGED.map((n) => `${n} = EXCLUDED.${n}`).join(', '));

/**
 * The rate as stored on the run and used for the prices: a positive decimal rounded half-up to RATE_DECIMALS,
 * else null (the run then fails on it).
 */
export function runRate(rate: string): string | null {
  if (!/^\d+(\.\d+)?$/.test(rate)) return null;
  const rounded = new Decimal(rate).toDecimalPlaces(RATE_DECIMALS, Decimal.ROUND_HALF_UP);
  // numeric(18, 8): at most 10 digits before the point.
  if (rounded.lte(0) || rounded.gte(1e10)) return null;
  return rounded.toFixed();
}

/** The user-facing message of a failure: ours as is, anything else prefixed. */
function failureMessage(error: unknown): string {
  if (error instanceof FeedImportError || error instanceof AppError) return error.message;
  if (error instanceof CsvParseError) return `Fichier illisible (ligne ${error.line}) : ${error.message}`;
  if (error instanceof JsonFeedError) return `Fichier illisible : ${error.message}`;
  // A failed query carries the database's own message as its cause (the SQL text is not for the admin).
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const detail = cause instanceof Error ? cause.message : String(cause);
  return `L'import a échoué : ${detail}`;
}

async function stageBatch(
  db: Db,
  runId: string,
  stones: FeedStone[],
  rejects: Reject[],
  counters: ImportProgress,
  heartbeat: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    // The heartbeat first: the run's row stays locked until the batch commits, and a run marked abandoned
    // meanwhile stops here (its batch rolls back).
    const alive = await queryRows<{ id: string }>(
      tx,
      sql`UPDATE diamond_import_runs SET heartbeat_at = ${heartbeat.toISOString()}::timestamptz
        WHERE id = ${runId} AND status = 'running' RETURNING id`,
    );
    if (alive.length === 0) throw new FeedImportError(ABANDONED_RUN_ERROR);
    if (stones.length > 0) {
      const staged = await queryRows<{ row_number: number }>(
        tx,
        sql`INSERT INTO diamond_import_staging (run_id, ${STONE_NAMES})
          SELECT ${runId}::uuid, ${STONE_NAMES}
          FROM jsonb_to_recordset(${JSON.stringify(stones)}::jsonb) AS x(${STONE_RECORD})
          ON CONFLICT (run_id, stock_number) DO NOTHING
          RETURNING row_number`,
      );
      // A stock number already staged by this run (earlier in the file): the second row is rejected.
      if (staged.length < stones.length) {
        const kept = new Set(staged.map((r) => r.row_number));
        for (const stone of stones) {
          if (kept.has(stone.row_number)) continue;
          rejects.push({
            row_number: stone.row_number,
            reason: `Numéro de stock « ${stone.stock_number} » en double (déjà lu plus haut dans le fichier)`,
            raw: JSON.stringify({ stockNumber: stone.stock_number }),
          });
        }
      }
      counters.rowsAccepted += staged.length;
    }
    if (rejects.length > 0) {
      await tx.execute(sql`INSERT INTO diamond_import_rejects (run_id, row_number, reason, raw)
        SELECT ${runId}::uuid, row_number, reason, raw
        FROM jsonb_to_recordset(${JSON.stringify(rejects)}::jsonb) AS x(row_number integer, reason text, raw text)`);
      counters.rowsRejected += rejects.length;
    }
    await tx.execute(sql`UPDATE diamond_import_runs SET rows_read = ${counters.rowsRead},
      rows_accepted = ${counters.rowsAccepted}, rows_rejected = ${counters.rowsRejected} WHERE id = ${runId}`);
  });
}

interface MergeCounts {
  added: number;
  updated: number;
  unchanged: number;
  removed: number;
}

async function merge(
  db: Db,
  runId: string,
  options: ImportFeedOptions,
  counters: ImportProgress,
  heartbeat: Date,
): Promise<MergeCounts> {
  const { feed, now } = options;
  return db.transaction(async (tx) => {
    // The run's row is locked for the whole merge: a run marked abandoned is not merged, and an import starting
    // meanwhile waits for the merge before it judges this run's heartbeat.
    const alive = await queryRows<{ id: string }>(
      tx,
      sql`UPDATE diamond_import_runs SET heartbeat_at = ${heartbeat.toISOString()}::timestamptz
        WHERE id = ${runId} AND status = 'running' RETURNING id`,
    );
    if (alive.length === 0) throw new FeedImportError(ABANDONED_RUN_ERROR);
    // One merge per feed at a time; the feed must still be there (and not archived).
    const locked = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id FROM diamond_feeds WHERE id = ${feed.id} AND organization_id = ${feed.organizationId}
        AND archived_at IS NULL FOR UPDATE`,
    );
    if (locked.length === 0) throw new FeedImportError('Le flux a été supprimé ou archivé pendant l’import');
    const [upserted] = await queryRows<{ added: number; updated: number }>(
      tx,
      sql`WITH up AS (
        INSERT INTO diamonds (ref, organization_id, feed_id, stock_number, source, updated_at, ${MERGED_NAMES})
        SELECT ${feed.id}::text || ':' || s.stock_number, ${feed.organizationId}::uuid, ${feed.id}::uuid,
          s.stock_number, 'feed', ${now.toISOString()}::timestamptz, ${MERGED_FROM_STAGING}
        FROM diamond_import_staging s WHERE s.run_id = ${runId}::uuid
        ON CONFLICT (feed_id, stock_number) WHERE feed_id IS NOT NULL
        DO UPDATE SET ${MERGED_UPDATE}, updated_at = EXCLUDED.updated_at
          WHERE diamonds.content_hash IS DISTINCT FROM EXCLUDED.content_hash
        RETURNING (xmax = 0) AS inserted
      ) SELECT (count(*) FILTER (WHERE inserted))::int AS added, (count(*) FILTER (WHERE NOT inserted))::int AS updated
        FROM up`,
    );
    let removed = 0;
    if (feed.fullFeed) {
      // Stones this feed no longer lists; their hash is cleared so that a stone listed again is updated.
      const [gone] = await queryRows<{ n: number }>(
        tx,
        sql`WITH gone AS (
          UPDATE diamonds d SET availability = 'not-available', content_hash = NULL,
            updated_at = ${now.toISOString()}::timestamptz
          WHERE d.feed_id = ${feed.id}::uuid AND d.availability <> 'not-available'
            AND NOT EXISTS (SELECT 1 FROM diamond_import_staging s
              WHERE s.run_id = ${runId}::uuid AND s.stock_number = d.stock_number)
          RETURNING 1
        ) SELECT count(*)::int AS n FROM gone`,
      );
      removed = gone?.n ?? 0;
    }
    const added = upserted?.added ?? 0;
    const updated = upserted?.updated ?? 0;
    const counts = { added, updated, unchanged: counters.rowsAccepted - added - updated, removed };
    // Only a run still 'running' turns 'succeeded'; otherwise the merge rolls back (the error fails the run).
    const done = await queryRows<{ id: string }>(
      tx,
      sql`UPDATE diamond_import_runs SET status = 'succeeded', finished_at = ${now.toISOString()}::timestamptz,
        rows_read = ${counters.rowsRead}, rows_accepted = ${counters.rowsAccepted},
        rows_rejected = ${counters.rowsRejected}, added = ${counts.added}, updated = ${counts.updated},
        unchanged = ${counts.unchanged}, removed = ${counts.removed}
        WHERE id = ${runId} AND status = 'running' RETURNING id`,
    );
    if (done.length === 0) throw new FeedImportError(ABANDONED_RUN_ERROR);
    return counts;
  });
}

/**
 * Imports one feed file into the catalogue (see the module comment). Answers the run's report; a failed run
 * answers status 'failed' with its error (it does not throw). Throws only when the feed is not one of the
 * organization's active feeds (no run is recorded then).
 */
export async function importFeed(db: Db, options: ImportFeedOptions): Promise<ImportReport> {
  const { organizationId, feed, now } = options;
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? 1000));
  if (feed.organizationId !== organizationId) throw new FeedImportError('Flux introuvable');
  const owned = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM diamond_feeds WHERE id = ${feed.id} AND organization_id = ${organizationId} AND archived_at IS NULL`,
  );
  if (owned.length === 0) throw new FeedImportError('Flux introuvable');
  // The run's clock: `now` when it started, plus the time elapsed since (for its heartbeats).
  const started = performance.now();
  const clock = (): Date => new Date(now.getTime() + Math.round(performance.now() - started));
  // Runs of this feed silent for too long (a run without heartbeat, recorded before them, by its start).
  const staleBefore = new Date(now.getTime() - HEARTBEAT_TIMEOUT_MS);
  const stale = await queryRows<{ id: string }>(
    db,
    sql`UPDATE diamond_import_runs SET status = 'failed', error = ${STALE_RUN_ERROR},
      finished_at = ${now.toISOString()}::timestamptz
      WHERE feed_id = ${feed.id} AND status = 'running'
        AND COALESCE(heartbeat_at, started_at) < ${staleBefore.toISOString()}::timestamptz
      RETURNING id`,
  );
  for (const { id } of stale) await db.execute(sql`DELETE FROM diamond_import_staging WHERE run_id = ${id}::uuid`);
  const rate = runRate(options.usdToEur);
  let runId: string;
  try {
    const [run] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO diamond_import_runs (organization_id, feed_id, status, fx_rate, started_at, heartbeat_at)
        VALUES (${organizationId}, ${feed.id}, 'running', ${rate}::numeric,
          ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        RETURNING id`,
    );
    runId = run!.id;
  } catch (error) {
    if (isUniqueViolation(error, 'diamond_import_runs_running_idx')) throw new FeedImportBusyError();
    throw error;
  }
  const counters: ImportProgress = { runId, rowsRead: 0, rowsAccepted: 0, rowsRejected: 0 };
  const report: ImportReport = {
    ...counters,
    status: 'failed',
    preset: null,
    added: 0,
    updated: 0,
    unchanged: 0,
    removed: 0,
    error: null,
  };
  let file: FeedReader | null = null;
  try {
    if (rate === null) throw new FeedImportError(`Taux de change invalide « ${options.usdToEur} »`);
    let source: FeedSource;
    let format = options.format ?? 'csv';
    if (typeof options.source === 'function') {
      const opened = await options.source();
      source = opened.source;
      format = opened.format ?? format;
    } else source = options.source;
    file = format === 'json' ? await openJsonFeed(source) : await openFeed(source);
    const given = options.mapping ?? feed.columnMapping ?? null;
    if (!given && !file.detection.preset) {
      throw new FeedImportError(
        'Format de fichier non reconnu : les en-têtes ne correspondent à aucun préréglage (IDEX, RapNet, VDB, Nivoda). Indiquez la correspondance des colonnes.',
      );
    }
    const mapping = given ?? file.detection.mapping;
    report.preset = given ? null : (file.detection.preset?.id ?? null);
    const fields = new Set(file.resolveMapping(mapping).columns.map(([, field]) => field));
    const missing = [
      ['stockNumber', 'numéro de stock'],
      ['shape', 'forme'],
      ['carat', 'poids en carats'],
    ].filter(([field]) => !fields.has(field as 'stockNumber'));
    if (!fields.has('pricePerCarat') && !fields.has('totalPrice')) missing.push(['price', 'prix']);
    if (missing.length > 0) {
      throw new FeedImportError(`Colonnes introuvables dans le fichier : ${missing.map(([, l]) => l).join(', ')}`);
    }
    if (report.preset) {
      await db.execute(sql`UPDATE diamond_import_runs SET preset = ${report.preset} WHERE id = ${runId}`);
    }
    const pricing = {
      currency: feed.currency.toUpperCase(),
      rateToEur: rate,
      markup: feed.markup,
      supplier: feed.name,
    };
    let stones: FeedStone[] = [];
    let rejects: Reject[] = [];
    const flush = async () => {
      options.checkDiskSpace?.();
      await stageBatch(db, runId, stones, rejects, counters, clock());
      stones = [];
      rejects = [];
      await options.onProgress?.({ ...counters });
    };
    for await (const row of file.rows(mapping)) {
      counters.rowsRead++;
      const result: ReturnType<typeof normaliseFeedRow> = row.error
        ? { ok: false, reason: row.error }
        : normaliseFeedRow(row, pricing);
      if (result.ok) stones.push(result.stone);
      else rejects.push({ row_number: row.rowNumber, reason: result.reason, raw: rawOf(row) });
      if (stones.length + rejects.length >= batchSize) await flush();
    }
    if (stones.length + rejects.length > 0) await flush();
    if (feed.fullFeed && counters.rowsAccepted === 0) {
      throw new FeedImportError(
        "Le fichier ne contient aucune pierre acceptée : l'import complet aurait retiré tout le stock, le catalogue n'est pas modifié",
      );
    }
    const counts = await merge(db, runId, options, counters, clock());
    Object.assign(report, counters, counts, { status: 'succeeded' });
  } catch (error) {
    report.error = failureMessage(error);
    Object.assign(report, counters, { status: 'failed' });
    await db.execute(sql`UPDATE diamond_import_runs SET status = 'failed', error = ${report.error},
      finished_at = ${now.toISOString()}::timestamptz, rows_read = ${counters.rowsRead},
      rows_accepted = ${counters.rowsAccepted}, rows_rejected = ${counters.rowsRejected}
      WHERE id = ${runId}`);
    await file?.close().catch(() => undefined);
  } finally {
    await db.execute(sql`DELETE FROM diamond_import_staging WHERE run_id = ${runId}::uuid`);
  }
  if (report.status === 'succeeded') await tidyCatalogue(db, report);
  return report;
}

/** Rows an import must have written before the catalogue is vacuumed and analysed after it. */
export const VACUUM_AFTER_CHANGES = 10_000;

/**
 * After a large import, `VACUUM (ANALYZE) diamonds`: the search's index-only scans need the pages it wrote marked
 * all-visible again, and the planner fresh statistics (measured on 1M stones: a search went from ~40 ms to 270–710 ms
 * after 100,000 written rows, until vacuumed; ADR 0005). Outside any transaction; a failure is not the import's.
 */
async function tidyCatalogue(db: Db, report: ImportReport): Promise<void> {
  if (report.added + report.updated + report.removed < VACUUM_AFTER_CHANGES) return;
  await db.execute(sql`VACUUM (ANALYZE) diamonds`).catch(() => undefined);
}
