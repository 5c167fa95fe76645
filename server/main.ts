/**
 * Entry point: config from the environment, database (PostgreSQL with DATABASE_URL, else PGlite in
 * DATA_DIR), migrations, first-start seed, then the API and the built SPA on one port.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { assertStartable, diskSpaceGuard } from './db/disk-space';
import { isFirstStartOnDisk, prepareEmbeddedDatabase } from './first-start';
import { migrate } from './db/migrate';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDatabase } from './modules/seed/seed-demo';

const PGLITE_TEMPLATE_FILE = 'pglite-template.tar.gz';
/** Longest graceful shutdown before the process gives up waiting (below the usual 30 s of orchestrators). */
const SHUTDOWN_TIMEOUT_MS = 25_000;

/** The migrated PGlite template written by the build next to the bundle (absent when run from source). */
function pgliteTemplateFile(): string | undefined {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), PGLITE_TEMPLATE_FILE);
  return existsSync(file) ? file : undefined;
}

function readPgliteTemplate(): Blob | undefined {
  const file = pgliteTemplateFile();
  return file ? new Blob([readFileSync(file)], { type: 'application/x-gzip' }) : undefined;
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl && config.dataDir !== 'memory://' && config.minFreeDiskMb > 0) {
    mkdirSync(config.dataDir, { recursive: true });
    assertStartable(diskSpaceGuard(config.dataDir, config.minFreeDiskMb), config.dataDir);
  }
  if (!config.databaseUrl && isFirstStartOnDisk(config.dataDir)) {
    await prepareEmbeddedDatabase(config, pgliteTemplateFile());
  }
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteTemplate: config.databaseUrl ? undefined : readPgliteTemplate(),
  });
  await migrate(handle);
  const seed = await seedDatabase(handle.db, config);
  const app = await buildApp({ handle, config, serveWeb: true });

  // Graceful shutdown: /readyz turns 503, the pollers stop, the listener closes while the requests in flight
  // finish (Fastify close), then the database closes. A second signal, or SHUTDOWN_TIMEOUT_MS, forces exit 1.
  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) {
      console.error(`Arrêt forcé (${signal} reçu pendant l'arrêt)`);
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    app.observability.beginDrain();
    setTimeout(() => {
      console.error(`Arrêt forcé : toujours en cours après ${SHUTDOWN_TIMEOUT_MS / 1000} s`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    try {
      await app.market.stop();
      await app.close();
      await handle.close();
      process.exit(0);
    } catch (error) {
      console.error('Arrêt incomplet', error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  app.market.start();

  const shownHost = ['0.0.0.0', '::', ''].includes(config.host) ? 'localhost' : config.host;
  const lines = [
    `Pricer Bijouterie prêt sur http://${shownHost}:${config.port}`,
    `Base de données : ${handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite (${config.dataDir})`}`,
  ];
  if (seed.demoPresent) {
    lines.push(`Comptes de démonstration (mot de passe : ${DEMO_PASSWORD}) :`);
    for (const account of DEMO_ACCOUNTS) lines.push(`  - ${account.username.padEnd(12)} ${account.role}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  // A ConfigError (server/config.ts) lists each bad variable, a MigrationError (server/db/migrate.ts) names the
  // migration file, a DiskSpaceError (server/db/disk-space.ts) says how much room is left: their message, no
  // stack (matched by name).
  const explained = error instanceof Error && ['ConfigError', 'MigrationError', 'DiskSpaceError'].includes(error.name);
  if (explained) console.error(`Échec du démarrage : ${error.message}`);
  else console.error('Échec du démarrage :', error);
  process.exit(1);
});
