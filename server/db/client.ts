import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
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

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL (several statements allowed); used by migrations and tests. */
  exec(sqlText: string): Promise<void>;
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

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client's error (e.g. server restart) must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      exec: async (sqlText) => {
        await pool.query(sqlText);
      },
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir && options.dataDir !== 'memory://') {
    dataDir = path.resolve(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  // pg_trgm backs the trigram indexes of list search (migration 0020); PGlite loads extensions at construction.
  const extensions = { pg_trgm };
  const isNew = !dataDir || !existsSync(path.join(dataDir, 'PG_VERSION'));
  const fromTemplate = options.pgliteTemplate && isNew ? { loadDataDir: options.pgliteTemplate } : {};
  const client = dataDir ? new PGlite(dataDir, { extensions, ...fromTemplate }) : new PGlite({ extensions });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
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
