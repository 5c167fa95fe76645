/**
 * Reads the version of one organization's rows of a référentiel table (migration 0032: raised by
 * triggers on every committed change). Read it before anything it validates: a value computed
 * after a concurrent write may then be filed under the older version (served only to requests that
 * began before that write committed), never the reverse.
 *
 * Concurrent requests share reads: a request may use any read that was sent after it arrived
 * (every write committed before the request is then counted). When a read is already on its way,
 * sent before the request arrived, the request waits for the next read, which every request
 * arriving meanwhile shares. Under load this sends a fraction of the round trips.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { listVersions } from '../db/schema';

export type TableVersionReader = (organizationId: string) => Promise<number>;

/** One read at a time per key, each shared by every caller that arrived before it was sent. */
export function coalescedReads(read: (key: string) => Promise<number>): (key: string) => Promise<number> {
  const sent = new Map<string, Promise<number>>();
  const queued = new Map<string, Promise<number>>();

  const send = (key: string): Promise<number> => {
    const flight = read(key).finally(() => {
      if (sent.get(key) === flight) sent.delete(key);
    });
    sent.set(key, flight);
    return flight;
  };

  return (key) => {
    const inFlight = sent.get(key);
    if (inFlight === undefined) return send(key);
    // The read on its way may predate a write this caller must see: wait for the next one.
    let next = queued.get(key);
    if (next === undefined) {
      next = inFlight
        .catch(() => undefined)
        .then(() => {
          queued.delete(key);
          return send(key);
        });
      queued.set(key, next);
    }
    return next;
  };
}

export function tableVersionReader(db: Db, tableName: string): TableVersionReader {
  const query = db
    .select({ version: listVersions.version })
    .from(listVersions)
    .where(
      and(eq(listVersions.organizationId, sql.placeholder('organizationId')), eq(listVersions.tableName, tableName)),
    )
    .prepare('');
  return coalescedReads(async (organizationId) => {
    const rows = await query.execute({ organizationId });
    // No row yet: the organization never had a row in this table.
    return rows[0]?.version ?? 0;
  });
}
