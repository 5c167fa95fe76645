import type { DiamondImportRunView } from '@shared/schemas/diamond-feeds';
import { countOf } from './run-format';

/**
 * The live counters of an import in progress: while the file goes up and the server reads it, the panel polls the
 * feed's newest run (`GET …/runs?limit=1`), whose counters the server updates after each batch of rows.
 */

/** How often the newest run is read while an import is in progress. */
export const LIVE_RUN_POLL_MS = 1000;

/** The shortest time between two spoken updates of the counters (the visible ones follow every poll). */
export const LIVE_COUNTS_SPOKEN_MS = 5000;

/**
 * How far the browser's clock may be ahead of the server's: a run recorded up to this long before the import
 * started (by the browser's clock) may still be the import's own.
 */
export const CLOCK_ALLOWANCE_MS = 60_000;

/** The import being watched: when it started (the browser's clock) and the runs the screen already knew. */
export interface LiveRunWatch {
  since: number;
  knownRunIds: readonly string[];
}

/**
 * The run whose counters the panel shows: the newest one, only while it is running and only if it is the import's
 * own (recorded after the import started, not one of the runs known before). Otherwise none: an older run, still
 * running or not, never lends its counters.
 */
export function liveRunOf(
  runs: readonly DiamondImportRunView[] | null | undefined,
  watch: LiveRunWatch,
): DiamondImportRunView | null {
  const newest = runs?.[0];
  if (!newest || newest.status !== 'running') return null;
  return ownRun(newest, watch) ? newest : null;
}

function ownRun(run: DiamondImportRunView, watch: LiveRunWatch): boolean {
  if (watch.knownRunIds.includes(run.id)) return false;
  const started = Date.parse(run.startedAt);
  return Number.isFinite(started) && started >= watch.since - CLOCK_ALLOWANCE_MS;
}

/**
 * Whether to read the newest run again: yes until the import's own run is over (its report is then on its way);
 * yes as well while the newest run is an older one, the import's own not being recorded yet.
 */
export function keepPolling(runs: readonly DiamondImportRunView[] | null | undefined, watch: LiveRunWatch): boolean {
  const newest = runs?.[0];
  if (!newest || !ownRun(newest, watch)) return true;
  return newest.status === 'running';
}

type LiveCounts = Pick<DiamondImportRunView, 'rowsRead' | 'rowsAccepted' | 'rowsRejected'>;

/**
 * "12 500 lignes lues · 12 480 acceptées · 20 rejetées", singular for 0 and 1 ("1 ligne lue"). The spoken copy
 * passes ", " as the separator, read as a pause rather than as a sign.
 */
export function liveCountsText(run: LiveCounts, separator = ' · '): string {
  return [
    countOf(run.rowsRead, 'ligne lue', 'lignes lues'),
    countOf(run.rowsAccepted, 'acceptée', 'acceptées'),
    countOf(run.rowsRejected, 'rejetée', 'rejetées'),
  ].join(separator);
}

/**
 * How long to wait before the counters may be spoken again: 0 the first time or once `intervalMs` has passed since
 * the last time they were spoken, otherwise what remains of it.
 */
export function spokenDelay(lastSpokenAt: number | null, now: number, intervalMs = LIVE_COUNTS_SPOKEN_MS): number {
  if (lastSpokenAt === null) return 0;
  return Math.max(0, Math.min(intervalMs, lastSpokenAt + intervalMs - now));
}
