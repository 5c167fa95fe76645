import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { Instrument } from '@shared/constants';
import type { Db } from '../../../db/client';
import { dataSources } from '../../../db/schema';
import { alwaysLeader, pgAdvisoryLock, type LeaderLock } from '../leader-lock';
import { MarketEngine, type MarketEngineOptions } from '../market.service';
import { createSecretBox } from '../secret-box';

export const TEST_SECRET = 'test-session-secret-for-market-engine-000';
export const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A controllable clock: real time plus an offset the test can advance. */
export function testClock() {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms: number) => {
      offset += ms;
    },
  };
}

export function lockFor(db: Db): LeaderLock {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? pgAdvisoryLock(client) : alwaysLeader();
}

export function createEngine(db: Db, overrides: Partial<MarketEngineOptions> = {}): MarketEngine {
  return new MarketEngine({
    db,
    log: silentLog,
    now: () => new Date(),
    secretBox: createSecretBox(TEST_SECRET),
    lock: lockFor(db),
    pollMs: 0,
    timeoutMs: 500,
    ...overrides,
  });
}

export async function addSource(
  db: Db,
  source: {
    kind: 'demo' | 'manual' | 'ecb' | 'goldapi';
    name: string;
    instruments: Instrument[];
    priority?: number;
    config?: Record<string, unknown>;
    secret?: string;
    enabled?: boolean;
  },
  secretKey = TEST_SECRET,
): Promise<string> {
  const [row] = await db
    .insert(dataSources)
    .values({
      kind: source.kind,
      name: source.name,
      instruments: source.instruments,
      priority: source.priority ?? 100,
      enabled: source.enabled ?? true,
      config: source.config ?? {},
      secretEncrypted: source.secret ? createSecretBox(secretKey).encrypt(source.secret) : null,
    })
    .returning({ id: dataSources.id });
  return row!.id;
}

export async function sourceHealth(db: Db, id: string) {
  const [row] = await db.select().from(dataSources).where(eq(dataSources.id, id));
  return row!;
}
