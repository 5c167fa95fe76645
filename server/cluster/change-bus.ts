/**
 * Changes that other app nodes must see at once, through PostgreSQL's LISTEN/NOTIFY (ADR 0019). Each node keeps a
 * few things in memory (the market's latest readings, the organizations' module switches); the
 * node that changes one of them publishes a change, and every node drops or reloads its copy when it hears it.
 * On the embedded database there is one node: publishing only tells this node's own listeners.
 *
 * A node that lost its listening connection cannot know what it missed: when it listens again, every listener is
 * told `resync` (all of its copies may be stale) before normal changes flow again.
 */
import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { Db } from '../db/client';

export const CHANGE_CHANNEL = 'pricer_changes';

export type ChangeKind = 'market' | 'modules';

export interface Change {
  kind: ChangeKind;
  /** The organization concerned, when the change is one organization's. */
  organizationId?: string | undefined;
}

export type ChangeListener = (change: Change | 'resync') => void | Promise<void>;

export interface ChangeBus {
  /** Tells the other nodes (and this one's listeners) about a change. Never throws: a lost notice is logged. */
  publish(change: Change): Promise<void>;
  /** Listens to the changes of one kind (and to `resync`). */
  on(kind: ChangeKind, listener: ChangeListener): void;
  close(): Promise<void>;
}

interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const RECONNECT_MS = 1_000;

/** The node-postgres pool behind a Drizzle handle, or null (PGlite). */
export function poolOf(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

class Listeners {
  private readonly byKind = new Map<ChangeKind, ChangeListener[]>();

  add(kind: ChangeKind, listener: ChangeListener): void {
    this.byKind.set(kind, [...(this.byKind.get(kind) ?? []), listener]);
  }

  async tell(change: Change | 'resync', log: Log): Promise<void> {
    const kinds = change === 'resync' ? [...this.byKind.keys()] : [change.kind];
    for (const kind of kinds) {
      for (const listener of this.byKind.get(kind) ?? []) {
        try {
          await listener(change);
        } catch (error) {
          log.error({ err: error, kind }, 'change listener failed');
        }
      }
    }
  }
}

/** One node: publishing tells this node's listeners. */
export function localChangeBus(log: Log): ChangeBus {
  const listeners = new Listeners();
  return {
    publish: (change) => listeners.tell(change, log),
    on: (kind, listener) => listeners.add(kind, listener),
    close: async () => undefined,
  };
}

/**
 * Several nodes on one PostgreSQL: a dedicated connection LISTENs (taken again after a failure, with a `resync`);
 * a publication is a `pg_notify` through the pool, delivered to every node, this one included once (its own
 * notices are recognised by the node id and told to its listeners directly, without waiting for the round trip).
 */
export function postgresChangeBus(pool: pg.Pool, log: Log): ChangeBus {
  const node = randomUUID();
  const listeners = new Listeners();
  let client: pg.PoolClient | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let everListened = false;

  const onNotice = (message: pg.Notification) => {
    if (message.channel !== CHANGE_CHANNEL || !message.payload) return;
    try {
      const parsed = JSON.parse(message.payload) as Change & { node?: string };
      if (parsed.node === node) return;
      void listeners.tell({ kind: parsed.kind, organizationId: parsed.organizationId }, log);
    } catch {
      log.warn({}, 'unreadable change notice ignored');
    }
  };

  const listen = async (): Promise<void> => {
    if (closed) return;
    try {
      const c = await pool.connect();
      c.on('notification', onNotice);
      c.on('error', (error) => {
        log.warn({ err: error }, 'change listener connection lost');
        drop(c);
      });
      await c.query(`LISTEN ${CHANGE_CHANNEL}`);
      if (closed) {
        c.release(true);
        return;
      }
      client = c;
      if (everListened) await listeners.tell('resync', log);
      everListened = true;
    } catch (error) {
      log.warn({ err: error }, 'change listener not connected, retrying');
      schedule();
    }
  };
  const drop = (c: pg.PoolClient) => {
    if (client !== c) return;
    client = null;
    c.removeListener('notification', onNotice);
    c.release(true);
    schedule();
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void listen();
    }, RECONNECT_MS);
    retry.unref();
  };

  const started = listen();
  return {
    async publish(change) {
      await listeners.tell(change, log);
      try {
        await pool.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, JSON.stringify({ ...change, node })]);
      } catch (error) {
        log.error({ err: error, kind: change.kind }, 'change notice not sent');
      }
    },
    on: (kind, listener) => listeners.add(kind, listener),
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await started;
      const c = client;
      client = null;
      if (c) {
        c.removeListener('notification', onNotice);
        await c.query(`UNLISTEN ${CHANGE_CHANNEL}`).catch(() => undefined);
        c.release();
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Changes to tell the other app nodes about (server/cluster/change-bus.ts). */
    changes: ChangeBus;
  }
}

/** Decorates `app.changes`: LISTEN/NOTIFY on PostgreSQL, local on PGlite. */
export const changeBusModule = fp(
  async (app) => {
    const pool = app.dbHandle.kind === 'postgres' ? poolOf(app.db) : null;
    const log = app.log.child({ module: 'changes' });
    const bus = pool ? postgresChangeBus(pool, log) : localChangeBus(log);
    app.decorate('changes', bus);
    app.addHook('onClose', async () => {
      await bus.close();
    });
  },
  { name: 'change-bus' },
);
