import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { queryRows, type DatabaseHandle } from './client';

/** Lock id shared by every app node so only one applies migrations at a time. */
const MIGRATION_LOCK_ID = 727_001;

function migrationsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // Source layout (server/db/migrations) or built layout (dist/server/migrations).
  for (const candidate of [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`migrations directory not found near ${here}`);
}

/** Applies every server/db/migrations/*.sql not yet recorded, in name order, each in a transaction. */
export async function migrate(handle: DatabaseHandle): Promise<string[]> {
  const dir = migrationsDir();
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  await handle.db.execute(sql`SELECT pg_advisory_lock(${MIGRATION_LOCK_ID})`);
  try {
    await handle.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = await queryRows<{ name: string }>(handle.db, sql`SELECT name FROM schema_migrations`);
    const doneNames = new Set(done.map((r) => r.name));
    for (const file of files) {
      if (doneNames.has(file)) continue;
      const body = readFileSync(path.join(dir, file), 'utf8');
      await handle.exec(
        `BEGIN;\n${body}\nINSERT INTO schema_migrations (name) VALUES ('${file.replace(/'/g, "''")}');\nCOMMIT;`,
      );
      applied.push(file);
    }
  } finally {
    await handle.db.execute(sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
  }
  return applied;
}
