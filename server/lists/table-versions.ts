/**
 * Reads the version of one organization's rows of a référentiel table (migration 0032: raised by
 * triggers on every committed change). Read it before anything it validates: a value computed
 * after a concurrent write may then be filed under the older version (served only to requests that
 * began before that write committed), never the reverse.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { listVersions } from '../db/schema';

export type TableVersionReader = (organizationId: string) => Promise<number>;

export function tableVersionReader(db: Db, tableName: string): TableVersionReader {
  const query = db
    .select({ version: listVersions.version })
    .from(listVersions)
    .where(
      and(eq(listVersions.organizationId, sql.placeholder('organizationId')), eq(listVersions.tableName, tableName)),
    )
    .prepare('');
  return async (organizationId) => {
    const rows = await query.execute({ organizationId });
    // No row yet: the organization never had a row in this table.
    return rows[0]?.version ?? 0;
  };
}
