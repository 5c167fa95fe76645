import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { INSTRUMENTS } from '@shared/constants';
import { queryRows } from '../db/client';
import { migrationsDir } from '../db/migrate';

/** How long the database has to answer one readiness query. */
export const READINESS_DB_TIMEOUT_MS = 1_000;
/** The feed is stale once its newest reading is older than this many polling periods. */
export const FEED_FRESH_PERIODS = 5;

export const CHECK_OK = 'ok';

/** Each check is `ok` or a short French reason; the keys name what was checked. */
export type ReadinessChecks = Record<string, string>;

export interface Readiness {
  ready: boolean;
  checks: ReadinessChecks;
}

export class TimeoutError extends Error {}

/** `work`, or a TimeoutError after `ms` (the query itself is left to finish or fail on its own). */
export async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError()), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The names of the migration files this build carries (read once: they do not change while it runs). */
export function expectedMigrations(): string[] {
  return readdirSync(migrationsDir())
    .filter((name) => name.endsWith('.sql'))
    .sort();
}

/** Newest market reading of this node against 5 polling periods; always fresh when polling is off. */
export function feedsCheck(app: FastifyInstance): string {
  const pollMs = app.config.marketPollMs;
  if (pollMs <= 0) return CHECK_OK;
  let newest = -Infinity;
  for (const instrument of INSTRUMENTS) {
    const quote = app.market.getQuote(instrument);
    if (quote && quote.fetchedAt.getTime() > newest) newest = quote.fetchedAt.getTime();
  }
  if (newest === -Infinity) return 'aucun cours reçu';
  const limitS = Math.round((FEED_FRESH_PERIODS * pollMs) / 1000);
  const ageS = Math.round((app.now().getTime() - newest) / 1000);
  return ageS > limitS ? `cours périmés (dernier relevé il y a ${ageS} s, limite ${limitS} s)` : CHECK_OK;
}

/**
 * The checks of `/readyz`: the database answers `SELECT 1` within a second, every migration file of this
 * build is recorded in `schema_migrations`, the market feed is fresh, and the embedded database's disk has
 * room to write. Failures are logged with their
 * cause; the answer only names them (no error text, host or version).
 */
export async function checkReadiness(app: FastifyInstance, migrations: readonly string[]): Promise<Readiness> {
  const checks: ReadinessChecks = {
    database: CHECK_OK,
    migrations: CHECK_OK,
    feeds: feedsCheck(app),
    disk: app.diskSpace.describe(),
  };
  try {
    await within(queryRows(app.db, sql`SELECT 1 AS ok`), READINESS_DB_TIMEOUT_MS);
    try {
      const rows = await within(
        queryRows<{ name: string }>(app.db, sql`SELECT name FROM schema_migrations`),
        READINESS_DB_TIMEOUT_MS,
      );
      const applied = new Set(rows.map((row) => row.name));
      const missing = migrations.filter((name) => !applied.has(name)).length;
      if (missing > 0) checks.migrations = `${missing} migration(s) non appliquée(s)`;
    } catch (error) {
      app.log.warn({ err: error }, 'readiness: migrations not read');
      checks.migrations = error instanceof TimeoutError ? 'pas de réponse en 1 s' : 'illisibles';
    }
  } catch (error) {
    app.log.warn({ err: error }, 'readiness: database unreachable');
    checks.database = error instanceof TimeoutError ? 'pas de réponse en 1 s' : 'injoignable';
    checks.migrations = 'non vérifiées (base injoignable)';
  }
  return { ready: Object.values(checks).every((value) => value === CHECK_OK), checks };
}
