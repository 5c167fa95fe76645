/**
 * Two app nodes (two server processes) on one PostgreSQL database, no sticky sessions: a session made on one
 * works on the other; exactly one node polls the market, and another takes over when it dies; a manual price or a
 * module switch changed on one node is served by the other within a second (LISTEN/NOTIFY, server/cluster).
 * Runs when TEST_DATABASE_URL names a PostgreSQL server (as CI does); it creates and drops its own database.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './app-server';
import { DEMO_PASSWORD } from './session';

const serverUrl = process.env.TEST_DATABASE_URL;
const POLL_MS = 1_000;
const LEADER_LOG = 'market polling leader';

/** A signed-in API client of one node, with its cookies (which another node may borrow). */
class NodeClient {
  cookies = new Map<string, string>();
  constructor(public baseUrl: string) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const headers: Record<string, string> = {};
    if (method !== 'GET') {
      const token = (await this.request('GET', '/api/csrf-token')).json as { csrfToken: string };
      headers['x-csrf-token'] = token.csrfToken;
    }
    headers.cookie = this.cookieHeader();
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!.trim(), value.join('='));
    }
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
  }

  async signIn(username: string): Promise<void> {
    const res = await this.request('POST', '/api/login', { username, password: DEMO_PASSWORD });
    if (res.status !== 200) throw new Error(`sign-in ${username}: ${res.status}`);
  }

  /** The same session on another node. */
  on(other: AppServer): NodeClient {
    const client = new NodeClient(other.url);
    client.cookies = new Map(this.cookies);
    return client;
  }
}

/** Polls `read` every 25 ms until `done` holds; answers the time it took (ms), or throws after `ms`. */
async function within<T>(ms: number, read: () => Promise<T>, done: (value: T) => boolean): Promise<number> {
  const start = performance.now();
  for (;;) {
    if (done(await read())) return performance.now() - start;
    if (performance.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const leaderLines = (node: AppServer) => node.output().split(LEADER_LOG).length - 1;

describe.skipIf(!serverUrl)('two app nodes on one PostgreSQL', () => {
  const database = `pricer_multinode_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  let a: AppServer;
  let b: AppServer;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${database}`;
    const env = {
      DATABASE_URL: url.toString(),
      MARKET_POLL_MS: String(POLL_MS),
      LOG_LEVEL: 'info',
      DEMO_DIAMOND_COUNT: '200',
    };
    // One after the other: the first migrates and seeds the demo data, the second finds them.
    a = await startAppServer({ env });
    b = await startAppServer({ env });
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });

  it('serves on node B the session made on node A', async () => {
    const onA = new NodeClient(a.url);
    await onA.signIn('admin');
    const me = await onA.on(b).request('GET', '/api/account');
    expect(me.status).toBe(200);
    expect((me.json as { username: string }).username).toBe('admin');
    // A write on B with the session and CSRF token of A's session.
    const written = await onA.on(b).request('POST', '/api/clients', { kind: 'particulier', lastName: 'Multinode' });
    expect(written.status).toBe(201);
  });

  it('serves on node B, within a second, a manual price typed on node A', async () => {
    const superA = new NodeClient(a.url);
    await superA.signIn('superadmin');
    const superB = superA.on(b);
    const gold = async (client: NodeClient) =>
      ((await client.request('GET', '/api/spot/gold')).json as { pricePerG: string } | null)?.pricePerG;
    const current = Number(await gold(superB));
    expect(current).toBeGreaterThan(0);
    // A manual source first in priority, then a price 1 % off the current one (within the reading guard).
    const created = await superA.request('POST', '/api/superadmin/data-sources', {
      kind: 'manual',
      name: 'Cours saisis (test)',
      instruments: ['XAU'],
      priority: 0,
      config: { values: { XAU: (current * 1.01).toFixed(2) } },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = (created.json as { id: string }).id;
    // Typed with a trailing zero on purpose ("137.50"): the spot answer writes the same value as "137.5".
    const typed = (Math.round(current * 1.02 * 10) / 10).toFixed(2);
    const started = performance.now();
    const put = await superA.request('PUT', `/api/superadmin/data-sources/${id}/prices`, { values: { XAU: typed } });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    expect(Number(await gold(superA))).toBe(Number(typed));
    await within(
      1_000,
      () => gold(superB),
      (v) => Number(v) === Number(typed),
    );
    console.log(`manual price on A served by B after ${Math.round(performance.now() - started)} ms`);
  });

  it('turns a module off on node B within a second of switching it on node A', async () => {
    const superA = new NodeClient(a.url);
    await superA.signIn('superadmin');
    const orgs = (await superA.request('GET', '/api/superadmin/organizations')).json as {
      items: Array<{ id: string; slug: string }>;
    };
    const demo = orgs.items.find((o) => o.slug === 'bijouterie-demo')!;
    const adminB = new NodeClient(b.url);
    await adminB.signIn('admin');
    expect((await adminB.request('GET', '/api/work-orders')).status).toBe(200);
    const started = performance.now();
    const off = await superA.request('PUT', `/api/superadmin/organizations/${demo.id}/modules`, {
      modules: { 'work-orders': false },
    });
    expect(off.status, JSON.stringify(off.json)).toBe(200);
    await within(
      1_000,
      async () => (await adminB.request('GET', '/api/work-orders')).status,
      (s) => s === 404,
    );
    console.log(`module switch on A applied by B after ${Math.round(performance.now() - started)} ms`);
    await superA.request('PUT', `/api/superadmin/organizations/${demo.id}/modules`, {
      modules: { 'work-orders': true },
    });
  });

  it('leaves no partial record when a node is killed in the middle of writes', async () => {
    const url = new URL(serverUrl!);
    url.pathname = `/${database}`;
    const c = await startAppServer({ env: { DATABASE_URL: url.toString(), LOG_LEVEL: 'warn', MARKET_POLL_MS: '0' } });
    const manager = new NodeClient(c.url);
    await manager.signIn('manager');
    const clients = (await manager.request('GET', '/api/clients?pageSize=1')).json as { items: Array<{ id: string }> };
    const steps = (await manager.request('GET', '/api/production-steps?pageSize=3')).json as {
      items: Array<{ id: string }>;
    };
    let stop = false;
    const writes = { ok: 0, failed: 0 };
    const writer = async (n: number) => {
      while (!stop) {
        try {
          if (n % 3 === 0) {
            const draft = await manager.request('POST', '/api/quotes', {
              title: `Coupure ${n}`,
              clientId: clients.items[0]!.id,
              lines: [{ kind: 'free', label: 'Mise à taille', priceMode: 'price', unitPrice: '45' }],
            });
            const q = draft.json as { id: string; version: number };
            await manager.request('POST', `/api/quotes/${q.id}/send`, { version: q.version });
          } else if (n % 3 === 1) {
            const created = await manager.request('POST', '/api/work-orders', { title: `Coupure ${n}` });
            const o = created.json as { id: string; version: number };
            await manager.request('PUT', `/api/work-orders/${o.id}/steps`, {
              version: o.version,
              steps: steps.items.map((s) => ({ productionStepId: s.id })),
            });
          } else {
            const buy = await manager.request('POST', '/api/gold-buys', {
              seller: {
                firstName: 'Coupure',
                lastName: `Vendeur ${n}`,
                addressLine1: '3 quai Saint-Antoine',
                postalCode: '69002',
                city: 'Lyon',
                idDocumentType: 'passport',
                idDocumentNumber: `CP${String(n).padStart(6, '0')}`,
              },
              items: [
                {
                  description: 'Bague',
                  metal: 'gold',
                  fineness: 750,
                  category: 'jewellery',
                  grossWeightG: '2,1',
                  netWeightG: '2',
                  hallmark: true,
                },
              ],
            });
            const b = buy.json as { id: string; version: number };
            await manager.request('POST', `/api/gold-buys/${b.id}/validate`, {
              version: b.version,
              signedPlace: 'Lyon',
              paymentMethod: 'transfer',
              iban: 'FR76 3000 6000 0112 3456 7890 189',
              accountInSellerName: true,
            });
          }
          writes.ok += 1;
        } catch {
          writes.failed += 1;
        }
        n += 6;
      }
    };
    const running = Promise.all(Array.from({ length: 6 }, (_, i) => writer(i)));
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await c.killHard();
    stop = true;
    await running;
    expect(writes.ok).toBeGreaterThan(0);
    // Every record is whole: what a transaction wrote is all there or not at all.
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    try {
      const count = async (query: string) => Number((await db.query<{ n: string }>(query)).rows[0]!.n);
      expect(
        await count(`SELECT count(*) AS n FROM quotes q WHERE q.status = 'sent'
          AND NOT EXISTS (SELECT 1 FROM quote_events e WHERE e.quote_id = q.id AND e.action = 'sent')`),
      ).toBe(0);
      expect(
        await count(`SELECT count(*) AS n FROM work_orders w
          WHERE w.step_count <> (SELECT count(*) FROM work_order_steps s WHERE s.work_order_id = w.id)`),
      ).toBe(0);
      expect(
        await count(`SELECT count(*) AS n FROM gold_buys g WHERE g.number IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM police_register p WHERE p.gold_buy_id = g.id)`),
      ).toBe(0);
      // No number lost: the numbers of each kind run from 1 without a gap.
      for (const table of ['quotes', 'work_orders', 'gold_buys']) {
        const gaps = await count(`SELECT count(*) AS n FROM (
            SELECT organization_id, number_year, max(number_seq) AS top, count(*) AS n FROM ${table}
            WHERE number_seq IS NOT NULL GROUP BY 1, 2) x WHERE top <> n`);
        expect(gaps, table).toBe(0);
      }
    } finally {
      await db.end();
    }
    console.log(`node killed after ${writes.ok} whole writes (${writes.failed} cut short): no partial record`);
  });

  it('polls the market on exactly one node, and on the other within two intervals once that one is killed', async () => {
    await within(
      10_000,
      async () => leaderLines(a) + leaderLines(b),
      (n) => n >= 1,
    );
    // A while later, still one leader: the other never took the lock.
    await new Promise((resolve) => setTimeout(resolve, 3 * POLL_MS));
    expect(leaderLines(a) + leaderLines(b)).toBe(1);
    const [leader, follower] = leaderLines(a) === 1 ? [a, b] : [b, a];
    const started = performance.now();
    await leader.killHard();
    const took = await within(
      2 * POLL_MS + 500,
      async () => leaderLines(follower),
      (n) => n === 1,
    );
    console.log(
      `market polling taken over after ${Math.round(performance.now() - started)} ms (poll every ${POLL_MS} ms)`,
    );
    expect(took).toBeLessThan(2 * POLL_MS + 500);
    // The survivor keeps serving prices.
    const res = await fetch(`${follower.url}/api/csrf-token`);
    expect(res.ok).toBe(true);
  });
});
