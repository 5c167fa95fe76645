import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { ADVISORY_LOCKS } from './advisory-locks';
import { openDatabase, type DatabaseHandle } from './client';
import {
  migrate,
  migrationChecksum,
  MigrationError,
  migrationsDir,
  readMigrations,
  type MigrationFile,
} from './migrate';

const url = process.env.TEST_DATABASE_URL;

/**
 * A database with nothing in it (no migration applied): PGlite in memory (initdb, no template), or a new
 * database on TEST_DATABASE_URL's server. `open()` gives one more handle on it (PostgreSQL: its own pool,
 * as a second app node has).
 */
async function emptyDatabase(): Promise<{ handle: DatabaseHandle; open(): Promise<DatabaseHandle> }> {
  if (!url) {
    const handle = await openDatabase({});
    cleanups.push(() => handle.close());
    return { handle, open: async () => handle };
  }
  const name = `pricer_migrate_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = await openDatabase({ databaseUrl: url, poolSize: 1 });
  await admin.exec(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const handles: DatabaseHandle[] = [];
  const open = async () => {
    const h = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 3 });
    handles.push(h);
    return h;
  };
  cleanups.push(async () => {
    for (const h of handles) await h.close();
    await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  });
  return { handle: await open(), open };
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const FILES = readMigrations();

async function recorded(handle: DatabaseHandle): Promise<Array<{ name: string; checksum: string | null }>> {
  return handle.withConnection((c) =>
    c.query<{ name: string; checksum: string | null }>('SELECT name, checksum FROM schema_migrations ORDER BY name'),
  );
}

/** True when the migrations lock is free: another session can take it (and gives it back at once). */
async function lockIsFree(handle: DatabaseHandle): Promise<boolean> {
  return handle.withConnection(async (c) => {
    const [row] = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [ADVISORY_LOCKS.migrations]);
    if (row?.ok) await c.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrations]);
    return row?.ok === true;
  });
}

const migration = (name: string, sqlText: string): MigrationFile => ({
  name,
  sql: sqlText,
  checksum: migrationChecksum(sqlText),
});
const edited = (file: MigrationFile, sqlText: string): MigrationFile => migration(file.name, sqlText);
/** A migration newer than the repository's, as the next release would bring. */
const PENDING = migration('9998_next_release.sql', 'CREATE TABLE oneway_next_release (id int PRIMARY KEY);\n');

/** A database migrated like any test database (PGlite from the migrated template, or a new PostgreSQL one). */
async function migratedDatabase(): Promise<{ handle: DatabaseHandle }> {
  const { handle, drop } = await openTestDatabase();
  cleanups.push(drop);
  return { handle };
}

describe('migrate', () => {
  it('applies every migration to a new database once, with its SHA-256, then finds nothing to do', async () => {
    const { handle } = await emptyDatabase();
    expect(await migrate(handle)).toEqual(FILES.map((f) => f.name));
    const rows = await recorded(handle);
    expect(rows).toEqual(FILES.map((f) => ({ name: f.name, checksum: f.checksum })));
    const first = readFileSync(path.join(migrationsDir(), FILES[0]!.name));
    expect(rows[0]!.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.checksum).toBe(migrationChecksum(first.toString('utf8')));
    expect(await migrate(handle)).toEqual([]);
    expect(await lockIsFree(handle)).toBe(true);
  });

  it('brings an installation migrated before checksums up to date: column added, checksums filled, the rest applied', async () => {
    const { handle } = await migratedDatabase();
    // As an installation of before this change: the table without the checksum column.
    await handle.exec('ALTER TABLE schema_migrations DROP COLUMN checksum');
    expect(await migrate(handle, [...FILES, PENDING])).toEqual([PENDING.name]);
    expect(await recorded(handle)).toEqual([...FILES, PENDING].map((f) => ({ name: f.name, checksum: f.checksum })));
  });

  it('refuses to start when an applied migration was edited, naming the file; applies nothing and frees the lock', async () => {
    const { handle } = await migratedDatabase();
    const target = FILES[1]!;
    const changed = FILES.map((f) => (f === target ? edited(f, `${f.sql}\n-- retouche après coup\n`) : f));
    const failure = await migrate(handle, [...changed, PENDING]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as Error).message).toContain(`la migration ${target.name} a été modifiée`);
    // The pending migration was not applied, and the lock was given back.
    expect((await recorded(handle)).map((r) => r.name)).not.toContain(PENDING.name);
    expect(await lockIsFree(handle)).toBe(true);
    // The same text with Windows line endings is the same migration.
    const crlf = FILES.map((f) => (f === target ? edited(f, f.sql.replace(/\n/g, '\r\n')) : f));
    expect(await migrate(handle, [...crlf, PENDING])).toEqual([PENDING.name]);
  });

  it('stops on a migration that fails, keeps nothing of it, frees the lock and leaves the database usable', async () => {
    const { handle } = await migratedDatabase();
    const broken = migration(
      '9999_broken.sql',
      'CREATE TABLE oneway_half_done (id int);\nSELECT no_such_function();\n',
    );
    const failure = await migrate(handle, [...FILES, broken]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as Error).message).toContain("la migration 9999_broken.sql n'a pas pu être appliquée");
    expect((await recorded(handle)).map((r) => r.name)).toEqual(FILES.map((f) => f.name));
    const [table] = await handle.withConnection((c) =>
      c.query<{ t: string | null }>("SELECT to_regclass('oneway_half_done')::text AS t"),
    );
    expect(table?.t).toBeNull();
    expect(await lockIsFree(handle)).toBe(true);
  });

  it('reads the migrations of a directory in name order, as the build copies them', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pricer-migrations-'));
    try {
      writeFileSync(path.join(dir, '0002_b.sql'), 'SELECT 2;\r\n');
      writeFileSync(path.join(dir, '0001_a.sql'), 'SELECT 1;\n');
      writeFileSync(path.join(dir, 'README.md'), 'not a migration');
      const files = readMigrations(dir);
      expect(files.map((f) => f.name)).toEqual(['0001_a.sql', '0002_b.sql']);
      expect(files[1]!.checksum).toBe(migrationChecksum('SELECT 2;\n'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!url)(
    'on PostgreSQL, nodes starting together apply each migration once: the lock is held on one connection for the run',
    async () => {
      const { handle, open } = await emptyDatabase();
      const nodes = [handle, await open(), await open()];
      const results = await Promise.all(nodes.map((node) => migrate(node)));
      expect(results.flat().sort()).toEqual(FILES.map((f) => f.name));
      expect(results.filter((r) => r.length > 0)).toHaveLength(1);
      expect((await recorded(handle)).map((r) => r.name)).toEqual(FILES.map((f) => f.name));
      // No session still holds the lock (an unlock sent on another connection would leave it held).
      const [held] = await handle.withConnection((c) =>
        c.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND granted",
          [ADVISORY_LOCKS.migrations],
        ),
      );
      expect(held?.n).toBe(0);
    },
  );

  it.skipIf(!url)('on PostgreSQL, a node waits while another holds the migrations lock', async () => {
    const { handle, open } = await emptyDatabase();
    const other = await open();
    let release!: () => void;
    const holding = new Promise<void>((resolve) => {
      release = resolve;
    });
    let taken!: () => void;
    const isTaken = new Promise<void>((resolve) => {
      taken = resolve;
    });
    const holder = other.withConnection(async (c) => {
      await c.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.migrations]);
      taken();
      await holding;
      await c.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrations]);
    });
    await isTaken;
    let done = false;
    const migrating = migrate(handle).then((applied) => {
      done = true;
      return applied;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(done).toBe(false);
    release();
    await holder;
    expect(await migrating).toEqual(FILES.map((f) => f.name));
  });
});
