import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { localChangeBus, postgresChangeBus, type Change, type ChangeBus } from './change-bus';

const url = process.env.TEST_DATABASE_URL;
const quiet = { warn: () => undefined, error: () => undefined };

/** Waits until `check` holds, polling every 20 ms, for `ms` at most. */
async function until(check: () => boolean, ms = 3_000): Promise<number> {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > ms) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return performance.now() - start;
}

describe('the local change bus (one node)', () => {
  it("tells this node's listeners of each kind", async () => {
    const bus = localChangeBus(quiet);
    const heard: Array<Change | 'resync'> = [];
    bus.on('modules', (c) => void heard.push(c));
    await bus.publish({ kind: 'modules', organizationId: 'o1' });
    await bus.publish({ kind: 'market' });
    expect(heard).toEqual([{ kind: 'modules', organizationId: 'o1' }]);
  });
});

describe.skipIf(!url)('the PostgreSQL change bus (two nodes)', () => {
  const pools: pg.Pool[] = [];
  const buses: ChangeBus[] = [];
  const node = () => {
    const pool = new pg.Pool({ connectionString: url, max: 3, application_name: 'change-bus-test' });
    pool.on('error', () => undefined);
    pools.push(pool);
    const bus = postgresChangeBus(pool, quiet);
    buses.push(bus);
    return bus;
  };
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    for (const pool of pools) await pool.end();
  });

  it('delivers a change published on one node to the other within a second, once', async () => {
    const [a, b] = [node(), node()];
    const onA: Array<Change | 'resync'> = [];
    const onB: Array<Change | 'resync'> = [];
    a.on('market', (c) => void onA.push(c));
    b.on('market', (c) => void onB.push(c));
    // Both listening: a first notice goes round.
    await until(() => {
      void a.publish({ kind: 'market' });
      return onB.length > 0;
    });
    // Warm-up notices still on their way arrive, then are forgotten.
    await new Promise((resolve) => setTimeout(resolve, 300));
    onA.length = 0;
    onB.length = 0;
    const started = performance.now();
    await a.publish({ kind: 'market', organizationId: 'o1' });
    const elapsed = await until(() => onB.some((c) => c !== 'resync' && c.organizationId === 'o1'));
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(elapsed).toBeLessThan(1_000);
    expect(onB).toEqual([{ kind: 'market', organizationId: 'o1' }]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The publisher heard its own change once, directly.
    expect(onA).toEqual([{ kind: 'market', organizationId: 'o1' }]);
  });

  it('tells its listeners to resync after its listening connection was lost, then hears changes again', async () => {
    const [a, b] = [node(), node()];
    const onB: Array<Change | 'resync'> = [];
    b.on('modules', (c) => void onB.push(c));
    await until(() => {
      void a.publish({ kind: 'modules', organizationId: 'warm-up' });
      return onB.length > 0;
    });
    onB.length = 0;
    // The listening connections of this test's buses are cut by the server.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'change-bus-test' AND query LIKE 'LISTEN pricer_changes%'`,
    );
    await admin.end();
    await until(() => onB.includes('resync'), 5_000);
    await until(() => {
      void a.publish({ kind: 'modules', organizationId: 'after' });
      return onB.some((c) => c !== 'resync' && c.organizationId === 'after');
    }, 5_000);
  });
});
