/**
 * `npm run backup [-- --out <file>]`: backs up the database the server is configured with (DATABASE_URL:
 * pg_dump; else the PGlite database of DATA_DIR, running or not) and prints each table's count and checksum.
 * ADR 0017, README "Sauvegardes / Backups".
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { formatSummaries } from './backup-verify';
import { defaultBackupFile, elapsedSeconds, formatBytes, maskDatabaseUrl, runCommand } from './ops-common';
import { backupPglite } from './pglite-backup';
import { backupPostgres } from './postgres-backup';

await runCommand(async () => {
  const { values } = parseArgs({ options: { out: { type: 'string', short: 'o' } } });
  const config = loadConfig();
  const startedAt = Date.now();
  if (config.databaseUrl) {
    const out = values.out ?? defaultBackupFile('postgres');
    process.stdout.write(`Sauvegarde PostgreSQL ${maskDatabaseUrl(config.databaseUrl)} -> ${out}\n`);
    const result = await backupPostgres(config.databaseUrl, out);
    process.stdout.write(`${formatSummaries(result.tables)}\n`);
    process.stdout.write(
      `Sauvegarde terminée / done: ${out} (${formatBytes(result.bytes)}, ${elapsedSeconds(startedAt)})\n`,
    );
    return;
  }
  const out = values.out ?? defaultBackupFile('pglite');
  process.stdout.write(`Sauvegarde PGlite ${config.dataDir} -> ${out}\n`);
  const result = await backupPglite(config.dataDir, out);
  if (result.serverRunning) {
    process.stdout.write(`Serveur en marche : copie prise à un instant sans écriture (essai ${result.attempts}).\n`);
  }
  process.stdout.write(`${formatSummaries(result.tables)}\n`);
  process.stdout.write(
    `Sauvegarde terminée / done: ${out} (${formatBytes(result.bytes)}, ${elapsedSeconds(startedAt)})\n`,
  );
});
