/**
 * The dashboard's six random stones from memory (GET /api/ddpl/random6): per organization and weight range, a
 * sample of SAMPLE_SIZE stones drawn by one database query (`pickRandomDiamonds`: a random start on the uniform
 * `random_key`, so the sample is a random one), from which each request draws six at random. A sample older than
 * REFRESH_AFTER_MS is replaced in the background while it keeps serving (one refresh at a time per sample); one
 * older than MAX_AGE_MS is never served: the request waits for a new one. So a stone sold or a feed imported
 * shows within a minute, and a busy dashboard costs one query per range per half-minute instead of one per request.
 * A range without stones is asked again each time (the first stones of a new catalogue show at once).
 */
import { DIAMONDS_PER_SELECTION } from '@shared/constants';
import type { DiamondRow, DiamondScope, WeightRange } from './random-diamonds';

/** Stones kept per sample: enough that consecutive draws rarely repeat a selection. */
export const SAMPLE_SIZE = 240;
export const REFRESH_AFTER_MS = 30_000;
export const MAX_AGE_MS = 60_000;
/** Samples kept at most (organizations × weight ranges), the least recently used dropped first. */
export const MAX_SAMPLES = 200;

export type LoadSample = (limit: number, scope: DiamondScope, range: WeightRange) => Promise<DiamondRow[]>;

interface Sample {
  at: number;
  rows: DiamondRow[];
  refreshing: Promise<DiamondRow[]> | null;
}

/** `count` distinct rows of `rows` at random (all of them, shuffled, when there are fewer). */
export function drawAtRandom<T>(rows: readonly T[], count: number, random: () => number = Math.random): T[] {
  const pool = [...rows];
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, n);
}

export class RandomSamples {
  private readonly samples = new Map<string, Sample>();

  constructor(
    private readonly load: LoadSample,
    private readonly now: () => number = Date.now,
  ) {}

  /** Six stones (DIAMONDS_PER_SELECTION) of the scope and range, at random. */
  async pick(scope: DiamondScope, range: WeightRange): Promise<DiamondRow[]> {
    const scopeKey = scope === 'installation' ? 'installation' : scope.organizationId;
    const key = `${scopeKey}|${range.min ?? ''}|${range.max ?? ''}`;
    const rows = await this.rowsOf(key, scope, range);
    return drawAtRandom(rows, DIAMONDS_PER_SELECTION);
  }

  private async rowsOf(key: string, scope: DiamondScope, range: WeightRange): Promise<DiamondRow[]> {
    const sample = this.samples.get(key);
    const age = sample ? this.now() - sample.at : Infinity;
    if (sample) {
      // Most recently used last: the first entries are the ones to drop.
      this.samples.delete(key);
      this.samples.set(key, sample);
    }
    // An empty sample (no stone in the range yet) is not kept: asking again costs an empty index range.
    if (sample && sample.rows.length > 0 && age <= MAX_AGE_MS) {
      if (age > REFRESH_AFTER_MS && !sample.refreshing) void this.refresh(key, sample, scope, range).catch(() => {});
      return sample.rows;
    }
    if (sample?.refreshing) return sample.refreshing;
    const fresh: Sample = sample ?? { at: -Infinity, rows: [], refreshing: null };
    if (!sample) this.remember(key, fresh);
    return this.refresh(key, fresh, scope, range);
  }

  private refresh(key: string, sample: Sample, scope: DiamondScope, range: WeightRange): Promise<DiamondRow[]> {
    const loading = this.load(SAMPLE_SIZE, scope, range).then(
      (rows) => {
        sample.rows = rows;
        sample.at = this.now();
        sample.refreshing = null;
        return rows;
      },
      (error: unknown) => {
        sample.refreshing = null;
        // A sample that never loaded is forgotten: the next request tries again.
        if (sample.at === -Infinity) this.samples.delete(key);
        throw error;
      },
    );
    sample.refreshing = loading;
    return loading;
  }

  private remember(key: string, sample: Sample): void {
    this.samples.set(key, sample);
    while (this.samples.size > MAX_SAMPLES) this.samples.delete(this.samples.keys().next().value!);
  }

  /** Samples held now (tests, metrics). */
  get size(): number {
    return this.samples.size;
  }
}
