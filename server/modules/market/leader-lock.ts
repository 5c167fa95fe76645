import type pg from 'pg';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';

/** Who polls the feeds: exactly one node at a time holds the lock. */
export interface LeaderLock {
  /** Acquires the lock if free, or confirms it is still held. */
  tryAcquire(): Promise<boolean>;
  release(): Promise<void>;
}

/** PGlite is one process: the only node is always the leader. */
export function alwaysLeader(): LeaderLock {
  return { tryAcquire: async () => true, release: async () => undefined };
}

/**
 * A PostgreSQL session advisory lock held on a dedicated connection taken from the pool.
 * If that connection dies, the lock dies with it and another node takes over on its next try.
 */
export function pgAdvisoryLock(pool: pg.Pool, lockId: number = ADVISORY_LOCKS.marketPolling): LeaderLock {
  let client: pg.PoolClient | null = null;
  let held = false;
  let broken = false;
  const onError = (): void => {
    broken = true;
  };

  const drop = (destroy: boolean): void => {
    const c = client;
    client = null;
    held = false;
    broken = false;
    if (c) {
      c.off('error', onError);
      c.release(destroy ? new Error('advisory lock connection dropped') : undefined);
    }
  };

  return {
    async tryAcquire() {
      try {
        if (held && client && !broken) {
          await client.query('SELECT 1');
          return true;
        }
        if (broken) drop(true);
        if (!client) {
          client = await pool.connect();
          client.on('error', onError);
        }
        const current = client;
        const result = await current.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [lockId]);
        held = result.rows[0]?.ok === true;
        // A follower gives the connection back to the pool until its next try.
        if (!held) drop(false);
        return held;
      } catch {
        drop(true);
        return false;
      }
    },
    async release() {
      if (!client) return;
      try {
        if (held) await client.query('SELECT pg_advisory_unlock($1)', [lockId]);
        drop(false);
      } catch {
        drop(true);
      }
    },
  };
}
