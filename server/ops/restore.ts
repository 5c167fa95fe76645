/**
 * `npm run restore -- <file> [--force]`: restores a backup of `npm run backup` into the database the server
 * is configured with (DATABASE_URL, else DATA_DIR), refusing a non-empty one without --force; then checks
 * it against the backup's counts and checksums and applies the missing migrations. Stop the server first.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { formatSummaries } from './backup-verify';
import { BackupError, elapsedSeconds, maskDatabaseUrl, runCommand } from './ops-common';
import { restorePglite } from './pglite-backup';
import { restorePostgres } from './postgres-backup';

await runCommand(async () => {
  const { values, positionals } = parseArgs({ options: { force: { type: 'boolean' } }, allowPositionals: true });
  const file = positionals[0];
  if (!file || positionals.length > 1) {
    throw new BackupError('usage : npm run restore -- <fichier de sauvegarde> [--force]');
  }
  const config = loadConfig();
  const startedAt = Date.now();
  const target = config.databaseUrl ? `PostgreSQL ${maskDatabaseUrl(config.databaseUrl)}` : `PGlite ${config.dataDir}`;
  process.stdout.write(`Restauration de ${file} -> ${target}\n`);
  const result = config.databaseUrl
    ? await restorePostgres(file, config.databaseUrl, { force: values.force ?? false })
    : await restorePglite(file, config.dataDir, { force: values.force ?? false });
  process.stdout.write(
    result.differences
      ? 'Comptes et empreintes identiques à la sauvegarde / counts and checksums match the backup.\n'
      : 'Pas de manifeste (<fichier>.json) : rien à comparer / no manifest, nothing to compare.\n',
  );
  if (result.applied.length > 0) process.stdout.write(`Migrations appliquées : ${result.applied.join(', ')}\n`);
  process.stdout.write(`${formatSummaries(result.tables)}\n`);
  if (result.replacedDir) process.stdout.write(`L'ancienne base est conservée dans ${result.replacedDir}\n`);
  process.stdout.write(`Restauration terminée / done (${elapsedSeconds(startedAt)})\n`);
});
