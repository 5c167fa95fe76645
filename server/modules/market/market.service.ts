import { asc, eq, sql } from 'drizzle-orm';
import {
  INSTRUMENTS,
  isInstrument,
  MARKET_STALE_AFTER_S,
  METAL_SYMBOLS,
  type FxPair,
  type Instrument,
  type Metal,
} from '@shared/constants';
import { queryRows, type Db } from '../../db/client';
import { alloys, dataSources, marketReadings } from '../../db/schema';
import { CircuitBreakers, DEFAULT_BREAKER, type BreakerOptions } from './circuit-breaker';
import { loadJumpReferences } from './jump-reference';
import type { LeaderLock } from './leader-lock';
import type { MarketQuote, MarketService } from './market.types';
import { createProvider } from './providers/provider.registry';
import {
  ProviderError,
  type DataSourceKind,
  type MarketProvider,
  type ProviderReading,
} from './providers/provider.types';
import { checkReading, JumpConfirmations, normaliseValue } from './reading-guard';
import type { SecretBox } from './secret-box';

/** The subset of a pino/Fastify logger the engine uses (never given a secret). */
export interface MarketLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface MarketEngineOptions {
  db: Db;
  log: MarketLogger;
  now: () => Date;
  secretBox: SecretBox;
  lock: LeaderLock;
  /** Polling period; 0 = no polling. */
  pollMs: number;
  /** Upper bound for one provider call. */
  timeoutMs?: number;
  breaker?: BreakerOptions;
  /** How often a node checks leadership and reloads the cache from the database (capped by pollMs). */
  followIntervalMs?: number;
  /** How long the alloy list is kept in memory before it is read again. */
  alloysTtlMs?: number;
  /** Called after new readings were stored (the other nodes are told to reload). */
  onStored?: () => void;
}

interface CachedQuote {
  value: string;
  source: string;
  observedAt: Date;
  fetchedAt: Date;
  /** The last attempt to fetch this instrument failed on every source. */
  failing: boolean;
}

export interface AlloyRow {
  id: string;
  code: string;
  name: string;
  baseMetal: Metal;
  fineness: number;
}

type SourceRow = typeof dataSources.$inferSelect;

interface AcceptedReading {
  instrument: Instrument;
  value: string;
  source: string;
  observedAt: Date;
}

interface SourceOutcome {
  accepted: AcceptedReading[];
  /** Short French messages for the source health (never a secret). */
  problems: string[];
  /** `failed`: the provider gave no answer at all, the only outcome the circuit breaker counts as a failure. */
  transport: 'answered' | 'failed' | 'not-asked';
}

/** Breaker state per source and configuration: editing a source (updated_at) closes its circuit. */
const breakerKey = (source: SourceRow): string => `${source.id}@${source.updatedAt.getTime()}`;

interface ReadingRow {
  instrument: string;
  value: string;
  source: string;
  observed_at: Date | string;
  fetched_at: Date | string;
}

/**
 * The market engine: last good quote per instrument in memory, refreshed from the data
 * sources by priority with fallback, every good reading stored in market_readings.
 * Only the node holding the leader lock polls; every node reloads the latest readings
 * from the database so all nodes serve the same fresh values.
 */
export class MarketEngine implements MarketService {
  private readonly cache = new Map<Instrument, CachedQuote>();
  private readonly breakers: CircuitBreakers;
  private readonly jumps = new JumpConfirmations();
  private readonly providers = new Map<string, { key: string; provider: MarketProvider }>();
  private readonly timeoutMs: number;
  private readonly staleAfterMs: number;
  private refreshChain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private firstTick: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private leader = false;
  private lastPollAt = 0;
  private stopped = false;
  private alloysCache: { at: number; rows: Promise<AlloyRow[]> } | null = null;

  constructor(private readonly options: MarketEngineOptions) {
    this.breakers = new CircuitBreakers(options.breaker ?? DEFAULT_BREAKER);
    this.timeoutMs = options.timeoutMs ?? 5_000;
    const staleBound = MARKET_STALE_AFTER_S * 1000;
    // When polling, a value not renewed for three periods means the feed is not delivering.
    this.staleAfterMs = options.pollMs > 0 ? Math.min(staleBound, 3 * options.pollMs) : staleBound;
  }

  // ---- reads (memory only) ----

  getQuote(instrument: Instrument): MarketQuote | null {
    const cached = this.cache.get(instrument);
    if (!cached) return null;
    const age = this.options.now().getTime() - cached.fetchedAt.getTime();
    return {
      instrument,
      value: cached.value,
      source: cached.source,
      observedAt: cached.observedAt,
      fetchedAt: cached.fetchedAt,
      stale: cached.failing || age > this.staleAfterMs,
    };
  }

  getSpot(metal: Metal): MarketQuote | null {
    return this.getQuote(METAL_SYMBOLS[metal]);
  }

  getFx(pair: FxPair): MarketQuote | null {
    return this.getQuote(pair);
  }

  isLeader(): boolean {
    return this.leader;
  }

  /** Active alloys by sort order, kept in memory for `alloysTtlMs`. */
  getAlloys(): Promise<AlloyRow[]> {
    const now = Date.now();
    const ttl = this.options.alloysTtlMs ?? 60_000;
    if (this.alloysCache && now - this.alloysCache.at < ttl) return this.alloysCache.rows;
    const rows = this.options.db
      .select({
        id: alloys.id,
        code: alloys.code,
        name: alloys.name,
        baseMetal: alloys.baseMetal,
        fineness: alloys.fineness,
      })
      .from(alloys)
      .where(eq(alloys.active, true))
      .orderBy(asc(alloys.sortOrder), asc(alloys.name))
      .then((list) => {
        // An empty list is not kept: a seed may be about to fill it.
        if (list.length === 0) this.alloysCache = null;
        return list;
      });
    this.alloysCache = { at: now, rows };
    rows.catch(() => {
      this.alloysCache = null;
    });
    return rows;
  }

  invalidateAlloys(): void {
    this.alloysCache = null;
  }

  // ---- loading from the database ----

  /** Loads the latest reading of each instrument (one index lookup each). Call once before serving. */
  async init(): Promise<void> {
    await this.reloadFromDb();
  }

  /** Takes newer readings stored by any node into the cache. */
  async reloadFromDb(): Promise<void> {
    const instruments = sql.join(
      INSTRUMENTS.map((i) => sql`(${i}::text)`),
      sql`, `,
    );
    const rows = await queryRows<ReadingRow>(
      this.options.db,
      sql`SELECT r.instrument, r.value::text AS value, r.source, r.observed_at, r.fetched_at
          FROM (VALUES ${instruments}) AS i(instrument)
          CROSS JOIN LATERAL (
            SELECT m.instrument, m.value, m.source, m.observed_at, m.fetched_at
            FROM market_readings m
            WHERE m.instrument = i.instrument
            ORDER BY m.fetched_at DESC, m.id DESC
            LIMIT 1
          ) r`,
    );
    for (const row of rows) {
      if (!isInstrument(row.instrument)) continue;
      const fetchedAt = new Date(row.fetched_at);
      const current = this.cache.get(row.instrument);
      if (current && current.fetchedAt.getTime() >= fetchedAt.getTime()) continue;
      this.cache.set(row.instrument, {
        value: normaliseValue(row.value),
        source: row.source,
        observedAt: new Date(row.observed_at),
        fetchedAt,
        failing: false,
      });
    }
  }

  // ---- refreshing from the providers ----

  /** Fetches the instruments now; concurrent calls run one after the other. Never rejects on a feed error. */
  refresh(instruments: readonly Instrument[]): Promise<void> {
    const run = this.refreshChain.then(() => this.doRefresh(instruments));
    this.refreshChain = run.catch(() => undefined);
    return run;
  }

  private async doRefresh(instruments: readonly Instrument[]): Promise<void> {
    const { db, log } = this.options;
    const now = this.options.now();
    const remaining = new Set<Instrument>(instruments);
    const accepted: AcceptedReading[] = [];
    const sources = await db
      .select()
      .from(dataSources)
      .where(eq(dataSources.enabled, true))
      .orderBy(asc(dataSources.priority), asc(dataSources.createdAt));
    // A disabled source, or the previous configuration of an edited one, starts again with a closed circuit.
    this.breakers.retain(new Set(sources.map(breakerKey)));

    for (const source of sources) {
      const wanted = source.instruments.filter((i): i is Instrument => isInstrument(i) && remaining.has(i));
      if (wanted.length === 0) continue;
      if (!this.breakers.canCall(breakerKey(source), now.getTime())) continue;
      const started = performance.now();
      const outcome = await this.readSource(source, wanted, now);
      const latencyMs = Math.round(performance.now() - started);
      // Only transport failures feed the breaker; a rejected reading comes from a feed that answers.
      if (outcome.transport === 'failed') this.breakers.failure(breakerKey(source), now.getTime());
      if (outcome.transport === 'answered') this.breakers.success(breakerKey(source));
      for (const reading of outcome.accepted) {
        accepted.push(reading);
        remaining.delete(reading.instrument);
      }
      if (outcome.problems.length > 0) {
        log.warn({ source: source.name, kind: source.kind, problems: outcome.problems }, 'market feed problem');
      }
      const problem = outcome.problems.join(' ; ').slice(0, 500);
      await this.recordHealth(source.id, now, latencyMs, outcome.accepted.length > 0, problem);
    }

    if (accepted.length > 0) {
      try {
        await db.insert(marketReadings).values(
          accepted.map((a) => ({
            instrument: a.instrument,
            value: a.value,
            source: a.source,
            observedAt: a.observedAt,
            fetchedAt: now,
          })),
        );
        this.options.onStored?.();
      } catch (error) {
        log.error({ err: error }, 'market readings not stored');
      }
      for (const a of accepted) {
        this.cache.set(a.instrument, {
          value: a.value,
          source: a.source,
          observedAt: a.observedAt,
          fetchedAt: now,
          failing: false,
        });
      }
    }
    // A failing feed keeps the last good value, marked stale.
    for (const instrument of remaining) {
      const cached = this.cache.get(instrument);
      if (cached) cached.failing = true;
    }
  }

  /**
   * Asks one source for `wanted` and passes its readings through the reading guard, each judged against
   * the source's own last accepted reading (jump-reference.ts). Transport `failed` when the provider gave
   * no answer at all (it threw: timeout, network, HTTP status, too large, unreadable answer, missing key).
   */
  private async readSource(source: SourceRow, wanted: Instrument[], now: Date): Promise<SourceOutcome> {
    const provider = this.providerFor(source);
    let references = new Map<Instrument, string>();
    try {
      if (provider.trusted !== true) references = await loadJumpReferences(this.options.db, source.name, wanted);
    } catch (error) {
      // Not the feed's fault: the source is not asked (nothing to judge it against) and the breaker is untouched.
      this.options.log.error({ err: error }, 'market jump references not read');
      return { accepted: [], problems: ['Historique des cours illisible'], transport: 'not-asked' };
    }
    let readings: ProviderReading[];
    try {
      readings = await provider.fetch({
        source: {
          id: source.id,
          kind: source.kind as DataSourceKind,
          name: source.name,
          config: source.config,
          secret: this.decryptSecret(source),
        },
        instruments: wanted,
        now,
        timeoutMs: this.timeoutMs,
        lastValue: (i) => references.get(i) ?? null,
      });
    } catch (error) {
      const problem = error instanceof ProviderError ? error.message : 'Erreur inattendue du fournisseur';
      return { accepted: [], problems: [problem], transport: 'failed' };
    }
    const accepted: AcceptedReading[] = [];
    const problems: string[] = [];
    for (const instrument of wanted) {
      const reading = readings.find((r) => r.instrument === instrument);
      if (!reading) {
        problems.push(`${instrument}: absent`);
        continue;
      }
      const value = this.guard(source, provider, reading, references.get(instrument) ?? null, problems);
      if (value === null) continue;
      const observedAt =
        Number.isNaN(reading.observedAt.getTime()) || reading.observedAt > now ? now : reading.observedAt;
      accepted.push({ instrument, value, source: source.name, observedAt });
    }
    return { accepted, problems, transport: 'answered' };
  }

  /** The reading's normalised value when the guard (or enough confirmations of a jump) lets it in, else null. */
  private guard(
    source: SourceRow,
    provider: MarketProvider,
    reading: ProviderReading,
    reference: string | null,
    problems: string[],
  ): string | null {
    const { instrument } = reading;
    const check = checkReading(instrument, reading.value, reference, { trusted: provider.trusted === true });
    if (check.ok) {
      this.jumps.clear(instrument, source.id);
      return check.value;
    }
    if (check.jump !== undefined && this.jumps.confirm(instrument, check.jump, source.id)) {
      this.options.log.warn({ source: source.name, instrument }, 'large market move accepted after confirmations');
      return check.jump;
    }
    problems.push(check.reason);
    return null;
  }

  private providerFor(source: SourceRow): MarketProvider {
    const key = `${source.kind}:${source.updatedAt.getTime()}`;
    const known = this.providers.get(source.id);
    if (known && known.key === key) return known.provider;
    const provider = createProvider(source.kind as DataSourceKind, source.config);
    this.providers.set(source.id, { key, provider });
    return provider;
  }

  private decryptSecret(source: SourceRow): string | null {
    if (!source.secretEncrypted) return null;
    try {
      return this.options.secretBox.decrypt(source.secretEncrypted);
    } catch {
      throw new ProviderError('Clé API illisible (SESSION_SECRET changé ?)');
    }
  }

  private async recordHealth(id: string, now: Date, latencyMs: number, success: boolean, problem: string) {
    const update = success
      ? {
          lastSuccessAt: now,
          lastLatencyMs: latencyMs,
          ...(problem ? { lastErrorAt: now, lastError: problem } : {}),
        }
      : { lastErrorAt: now, lastError: problem || 'Échec', lastLatencyMs: latencyMs };
    try {
      await this.options.db.update(dataSources).set(update).where(eq(dataSources.id, id));
    } catch (error) {
      this.options.log.error({ err: error }, 'data source health not stored');
    }
  }

  // ---- polling ----

  /** Starts polling (no-op when pollMs is 0 or already started). The first tick runs at once. */
  start(): void {
    if (this.timer || this.options.pollMs <= 0) return;
    this.stopped = false;
    const tickMs = Math.max(50, Math.min(this.options.pollMs, this.options.followIntervalMs ?? 10_000));
    this.firstTick = setTimeout(() => void this.tick(), 0);
    this.firstTick.unref();
    this.timer = setInterval(() => void this.tick(), tickMs);
    this.timer.unref();
  }

  /** One polling step; exposed for tests. Never rejects. */
  tick(): Promise<void> {
    if (this.ticking || this.stopped) return this.ticking ?? Promise.resolve();
    this.ticking = this.runTick().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async runTick(): Promise<void> {
    try {
      await this.reloadFromDb();
      const wasLeader = this.leader;
      this.leader = await this.options.lock.tryAcquire();
      if (this.stopped) return;
      if (this.leader && !wasLeader) {
        // New leader: poll at once only if the stored values are missing or older than a period.
        this.lastPollAt = Math.min(...INSTRUMENTS.map((i) => this.cache.get(i)?.fetchedAt.getTime() ?? 0));
        this.options.log.info({}, 'market polling leader');
      }
      const nowMs = this.options.now().getTime();
      if (this.leader && nowMs - this.lastPollAt >= this.options.pollMs * 0.9) {
        this.lastPollAt = nowMs;
        this.invalidateAlloys();
        await this.refresh(INSTRUMENTS);
      }
    } catch (error) {
      this.options.log.error({ err: error }, 'market polling step failed');
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.firstTick) clearTimeout(this.firstTick);
    if (this.timer) clearInterval(this.timer);
    this.firstTick = null;
    this.timer = null;
    await this.ticking?.catch(() => undefined);
    await this.refreshChain.catch(() => undefined);
    await this.options.lock.release();
    this.leader = false;
  }
}
