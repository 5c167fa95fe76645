/**
 * Backups and restores (ADR 0017): a PGlite round trip taken while the database is open and being
 * written, the refusals of restore, and a PostgreSQL round trip when TEST_DATABASE_URL is set. Every
 * round trip compares each table's row count and checksum between the source and the restored copy.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { migrate, readMigrations } from '../db/migrate';
import { seedDatabase } from '../modules/seed/seed-demo';
import { tableSummaries, type TableSummary } from './backup-verify';
import { checkMigrationLevel, maskDatabaseUrl } from './ops-common';
import { backupPglite, restorePglite } from './pglite-backup';
import { backupPostgres, findTool, restorePostgres } from './postgres-backup';

const templateFile = process.env.PRICER_PGLITE_TEMPLATE;
const pgliteTemplate = templateFile ? new Blob([readFileSync(templateFile)]) : undefined;
const seedConfig = testConfig({ seedDemo: true, demoDiamondCount: 200 });

let work: string;
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'pricer-backup-test-'));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

/** Runs `npm run backup|restore`'s script as a cron job would, with only the given database settings. */
function runScript(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', `server/ops/${script}.ts`, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const summariesOf = (handle: DatabaseHandle): Promise<TableSummary[]> =>
  handle.withConnection((connection) => tableSummaries(connection));

async function summariesOfDir(dataDir: string): Promise<TableSummary[]> {
  const handle = await openDatabase({ dataDir });
  try {
    return await summariesOf(handle);
  } finally {
    await handle.close();
  }
}

// The tests run in order: the first writes the backup and the restored copy that the next ones reuse.
describe('PGlite backup and restore', () => {
  let source: DatabaseHandle;
  const sourceDir = (): string => path.join(work, 'source');
  const restoredDir = (): string => path.join(work, 'restored');
  const firstBackup = (): string => path.join(work, 'backups', 'first.tar.gz');

  beforeAll(async () => {
    // The source stays open for the whole file, as the running server holds its data directory.
    source = await openDatabase({ dataDir: sourceDir(), pgliteTemplate });
    await migrate(source);
    await seedDatabase(source.db, seedConfig);
  }, 60_000);
  afterAll(async () => {
    await source.close();
  });

  it('copies the open database; the restored copy has every table with the same count and checksum', async () => {
    const expected = await summariesOf(source);
    expect(expected.find((t) => t.table === 'diamonds')?.rows).toBe(200);

    const backup = await backupPglite(sourceDir(), firstBackup(), { quietMs: 50 });
    expect(backup.serverRunning).toBe(true);
    expect(backup.tables).toEqual(expected);
    expect(statSync(firstBackup()).mode & 0o777).toBe(0o600);
    expect(existsSync(`${firstBackup()}.json`)).toBe(true);

    const restored = await restorePglite(firstBackup(), restoredDir());
    expect(restored.differences).toEqual([]);
    expect(restored.applied).toEqual([]);
    expect(restored.tables).toEqual(expected);
    expect(await summariesOfDir(restoredDir())).toEqual(expected);
  });

  it('takes a consistent copy while rows are being written, and replaces a database with --force', async () => {
    const insert = (n: number): Promise<void> =>
      source.exec(`INSERT INTO rate_limit_hits (key, hits, reset_at) VALUES ('backup-test-${n}', ${n}, now())`);
    let written = 0;
    let writing = true;
    // Bursts of writes with pauses, as requests arrive on a server. A pause must outlast one copy of what the
    // burst changed (the 16 MB journal segment among it): on a busy 2-core machine 150 ms did not, and the copy
    // started again until the test's time ran out.
    const writer = (async () => {
      while (writing) {
        for (let i = 0; i < 3; i++) await insert(++written);
        await new Promise((resolve) => setTimeout(resolve, 400));
      }
    })();
    const file = path.join(work, 'backups', 'busy.tar.gz');
    let backup: Awaited<ReturnType<typeof backupPglite>>;
    try {
      backup = await backupPglite(sourceDir(), file, { quietMs: 50 });
    } finally {
      writing = false;
      await writer;
    }
    const hits = backup.tables.find((t) => t.table === 'rate_limit_hits')!.rows;
    expect(hits).toBeLessThanOrEqual(written);

    // Over the first test's restored copy (a new one when this test runs alone).
    const replacing = existsSync(path.join(restoredDir(), 'pglite', 'PG_VERSION'));
    const restored = await restorePglite(file, restoredDir(), { force: true });
    expect(restored.differences).toEqual([]);
    expect(await summariesOfDir(restoredDir())).toEqual(backup.tables);
    if (replacing) {
      expect(existsSync(path.join(restored.replacedDir!, 'PG_VERSION'))).toBe(true);
      rmSync(restored.replacedDir!, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses a non-empty target without --force, a database in use, and a backup of another kind', async () => {
    await expect(restorePglite(firstBackup(), restoredDir())).rejects.toThrow(/--force/);
    await expect(restorePglite(firstBackup(), sourceDir(), { force: true })).rejects.toThrow(/arrêtez le serveur/);
    const notPglite = path.join(work, 'backups', 'other.dump');
    writeFileSync(notPglite, 'PGDMP not really');
    await expect(restorePglite(notPglite, path.join(work, 'empty'))).rejects.toThrow(/n'est pas une sauvegarde PGlite/);
    await expect(restorePglite(path.join(work, 'absent.tar.gz'), path.join(work, 'empty'))).rejects.toThrow(
      /introuvable/,
    );
  });

  it('npm run backup / npm run restore: the commands print the tables and check the copy', () => {
    const file = path.join(work, 'backups', 'cli.tar.gz');
    const backup = runScript('backup', ['--out', file], { DATA_DIR: sourceDir() });
    expect(backup.output).toContain('Serveur en marche');
    expect(backup.output).toMatch(/diamonds\s+200\s+[0-9a-f]{32}/);
    expect(backup.status).toBe(0);
    const restore = runScript('restore', [file], { DATA_DIR: path.join(work, 'cli-restored') });
    expect(restore.output).toContain('Comptes et empreintes identiques');
    expect(restore.status).toBe(0);
    const refused = runScript('restore', [file], { DATA_DIR: path.join(work, 'cli-restored') });
    expect(refused.output).toContain('--force');
    expect(refused.status).toBe(1);
  }, 60_000);

  it('refuses a backup from a newer application; never prints a password', () => {
    expect(() => checkMigrationLevel(['9999_from_the_future.sql'])).toThrow(/plus récente/);
    expect(() => checkMigrationLevel(readMigrations().map((file) => file.name))).not.toThrow();
    expect(() => findTool('pg_dump', '/nonexistent')).toThrow(/pg_dump introuvable dans le PATH/);
    expect(maskDatabaseUrl('postgres://pricer:s3cret@db.example:5432/pricer')).toBe(
      'postgres://***@db.example:5432/pricer',
    );
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('PostgreSQL backup and restore (TEST_DATABASE_URL)', () => {
  const names: string[] = [];
  let admin: DatabaseHandle;

  /** A new empty database on the test server, dropped after the file. */
  async function newDatabase(): Promise<string> {
    const name = `pricer_backup_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await admin.exec(`CREATE DATABASE ${name}`);
    names.push(name);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  }

  async function withDatabase<T>(url: string, work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
    const handle = await openDatabase({ databaseUrl: url, poolSize: 2 });
    try {
      return await work(handle);
    } finally {
      await handle.close();
    }
  }

  beforeAll(async () => {
    admin = await openDatabase({ databaseUrl: serverUrl, poolSize: 1 });
  });
  afterAll(async () => {
    for (const name of names) await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  });

  it('pg_dump / pg_restore round trip: every table has the same count and checksum', async () => {
    const sourceUrl = await newDatabase();
    const expected = await withDatabase(sourceUrl, async (handle) => {
      await migrate(handle);
      await seedDatabase(handle.db, seedConfig);
      return summariesOf(handle);
    });
    const file = path.join(work, 'pg', 'source.dump');
    const backup = await backupPostgres(sourceUrl, file);
    expect(backup.tables).toEqual(expected);
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('PGDMP');

    const targetUrl = await newDatabase();
    const restored = await restorePostgres(file, targetUrl);
    expect(restored.differences).toEqual([]);
    expect(restored.applied).toEqual([]);
    expect(await withDatabase(targetUrl, summariesOf)).toEqual(expected);

    await expect(restorePostgres(file, targetUrl)).rejects.toThrow(/--force/);
    const again = await restorePostgres(file, targetUrl, { force: true });
    expect(again.differences).toEqual([]);
    expect(await withDatabase(targetUrl, summariesOf)).toEqual(expected);
  });

  it('restores a backup made at an older migration level, then applies the missing migrations', async () => {
    const files = readMigrations();
    const sourceUrl = await newDatabase();
    await withDatabase(sourceUrl, (handle) => migrate(handle, files.slice(0, 5)));
    const file = path.join(work, 'pg', 'older.dump');
    await backupPostgres(sourceUrl, file);

    const targetUrl = await newDatabase();
    const restored = await restorePostgres(file, targetUrl);
    expect(restored.applied).toEqual(files.slice(5).map((f) => f.name));
  });

  it('npm run backup on PostgreSQL never prints the password of DATABASE_URL', async () => {
    const url = new URL(await newDatabase());
    url.username = 'postgres';
    url.password = 'motdepasse-secret'; // ignored by the test server's trust authentication
    const file = path.join(work, 'pg', 'cli.dump');
    const backup = runScript('backup', ['--out', file], { DATABASE_URL: url.toString() });
    expect(backup.output).toContain('postgres://***@');
    expect(backup.output).not.toContain('motdepasse-secret');
    expect(backup.status).toBe(0);
    const missing = runScript('backup', ['--out', file], { DATABASE_URL: url.toString(), PATH: '/nonexistent' });
    expect(missing.output).toContain('pg_dump introuvable dans le PATH');
    expect(missing.status).toBe(1);
  }, 60_000);
});
