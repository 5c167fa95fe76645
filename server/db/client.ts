import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { lockDataDir } from './data-dir-lock';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database handle every module receives; the same queries run on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** One database connection, held by its user until `withConnection` returns. */
export interface Connection {
  /** One statement, with `$1`-style parameters; answers its rows. */
  query<T>(sqlText: string, params?: unknown[]): Promise<T[]>;
  /** Raw SQL, several statements allowed. */
  exec(sqlText: string): Promise<void>;
}

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL (several statements allowed); used by migrations and tests. */
  exec(sqlText: string): Promise<void>;
  /**
   * Runs `work` on one connection kept for its whole duration (a client taken from the pool on
   * PostgreSQL, the only connection on PGlite): what a session holds, such as an advisory lock, is
   * taken and released on that same connection. When `work` fails, its connection is closed, never reused.
   */
  withConnection<T>(work: (connection: Connection) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… ; when absent an embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Directory for PGlite files; `memory://` or undefined for an in-memory database. */
  dataDir?: string | undefined;
  poolSize?: number;
  /**
   * A PGlite data-directory dump (already migrated) used only when the database is new (a new
   * directory, or in memory): skips initdb, the slowest part of a first start and of each test file.
   */
  pgliteTemplate?: Blob | undefined;
}

/** The pg_trgm extension backs the trigram indexes of list search (migration 0020); PGlite loads it at construction. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * PGlite's own start parameters, with PostgreSQL's buffer cache at 32 MB instead of 128 MB: the embedded database
 * runs in this process's memory, and the files it reads stay in the operating system's cache anyway. Measured on
 * the demo database: the server's resident memory right after start 577 MB with 128 MB of buffers (ADR 0020).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * How long taking a connection may last on PostgreSQL: opening one (a server that accepts but does not answer,
 * a lost network) or waiting for a free one in the pool. Past it the query fails (503 DATABASE_UNAVAILABLE)
 * instead of waiting for ever; a connection normally opens in a few milliseconds.
 */
export const DB_CONNECT_TIMEOUT_MS = 3_000;
/** TCP keep-alive probes on idle connections start after this much silence, so a dead peer is noticed. */
export const DB_KEEPALIVE_DELAY_MS = 10_000;

/** A lent client whose connection broke is taken back this long after, if its holder has not given it back. */
export const BROKEN_CLIENT_RECLAIM_MS = 5_000;

/**
 * Makes connection failures (a PostgreSQL restart, a cut network) harmless to the process and to the pool:
 * - every client has an 'error' listener. The pool re-emits an idle client's error on itself, but it removes its
 *   listener while it lends a client, and an 'error' event nobody hears is an uncaught exception (the process
 *   would stop). The query in flight is rejected all the same.
 * - a lent client whose connection broke is given back (and closed) `reclaimMs` later if its holder has not done
 *   so, and giving it back twice is harmless. Drizzle's `transaction` never gives back a client whose `BEGIN`
 *   failed: without this, each such failure during an outage would keep one of the pool's slots for ever.
 */
export function guardPool(pool: pg.Pool, reclaimMs = BROKEN_CLIENT_RECLAIM_MS): void {
  const lent = new WeakSet<pg.PoolClient>();
  pool.on('error', () => undefined);
  pool.on('acquire', (client) => lent.add(client));
  pool.on('release', (_error, client) => lent.delete(client));
  pool.on('connect', (client) => {
    client.on('error', () => {
      if (!lent.has(client)) return;
      lent.delete(client);
      const giveBack = client.release.bind(client);
      let given = false;
      // A broken client never goes back to the idle list: `true` makes the pool close it.
      client.release = () => {
        if (given) return;
        given = true;
        giveBack(true);
      };
      setTimeout(() => client.release(), reclaimMs).unref();
    });
  });
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // No statement or query timeout: feed imports run long statements. A PostgreSQL restart closes every
    // connection: the queries on them fail at once, broken clients leave the pool, new ones are opened on demand.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: DB_KEEPALIVE_DELAY_MS,
    });
    guardPool(pool);
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      exec: async (sqlText) => {
        await pool.query(sqlText);
      },
      withConnection: async (work) => {
        const client = await pool.connect();
        let broken: Error | undefined;
        const onError = (error: Error): void => {
          broken = error;
        };
        client.on('error', onError);
        try {
          return await work({
            query: async <T>(sqlText: string, params?: unknown[]) => (await client.query(sqlText, params)).rows as T[],
            exec: async (sqlText) => {
              await client.query(sqlText);
            },
          });
        } catch (error) {
          broken ??= error instanceof Error ? error : new Error(String(error));
          throw error;
        } finally {
          client.off('error', onError);
          // After a failure the session may hold an open transaction: never hand it to another caller.
          client.release(broken);
        }
      },
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir && options.dataDir !== 'memory://') {
    dataDir = path.resolve(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  // One process per data directory: PGlite itself takes no lock.
  const release = dataDir ? lockDataDir(path.dirname(dataDir)) : () => undefined;
  try {
    const isNew = !dataDir || !existsSync(path.join(dataDir, 'PG_VERSION'));
    const fromTemplate = options.pgliteTemplate && isNew ? { loadDataDir: options.pgliteTemplate } : {};
    const settings = { extensions: PGLITE_EXTENSIONS, startParams: PGLITE_START_PARAMS };
    const client = dataDir ? new PGlite(dataDir, { ...settings, ...fromTemplate }) : new PGlite(settings);
    await client.waitReady;
    const handle = pgliteHandle(client);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** A handle on an open PGlite database (one connection, shared by every query). */
export function pgliteHandle(client: PGlite): DatabaseHandle {
  const connection: Connection = {
    query: async <T>(sqlText: string, params?: unknown[]) => (await client.query<T>(sqlText, params)).rows,
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
  };
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: 'pglite',
    exec: connection.exec,
    withConnection: (work) => work(connection),
    close: () => client.close(),
  };
}

/**
 * Runs a raw SQL query and returns its rows, on either driver. Prefer the query builder;
 * use this for what it cannot say (advisory locks, random sampling, upserts with expressions).
 * Cast counts to int in SQL (`count(*)::int`) so both drivers return numbers.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
