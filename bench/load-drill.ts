/**
 * `npm run load`: the load drill of a chain of shops. Two app nodes (two server processes, the production build)
 * on one PostgreSQL database, on loopback only; LOAD_USERS (200) signed-in users at once, each sending its next
 * request to either node at random (no sticky sessions) for LOAD_SECONDS (60), mixing dashboard reads, list
 * searches and writes (clients created, quotes sent, gold buys validated, work orders created). Then it checks
 * that every acknowledged write is in the database and that quote, work-order, gold-buy and police-register
 * numbers run without gap or duplicate, and prints throughput, p50/p99 per route and errors (target 0). Exits 1
 * when a request failed or a check did not hold.
 *
 *   npm run load            (LOAD_DATABASE_URL or TEST_DATABASE_URL: a PostgreSQL server, default
 *                            postgres://postgres@127.0.0.1:5432/postgres; a database is created and dropped)
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../server/db/client';
import { createSession } from '../server/modules/auth/session.store';
import { startAppServer, type AppServer } from '../tests/e2e/app-server';
import { ensureBuilt } from './app-session';
import { ACCOUNTS, act, percentile, User, type Acknowledged, type Sample } from './mixed-load';

const serverUrl =
  process.env.LOAD_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const USERS = Number(process.env.LOAD_USERS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
/** A user's pause between two requests, at most (ms): people read what they asked for. */
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 100);

/** Sequences 1..n without a gap or a duplicate, per year. */
function gapsAndDuplicates(rows: Array<{ year: number; seq: number }>): string[] {
  const problems: string[] = [];
  const byYear = new Map<number, number[]>();
  for (const r of rows) byYear.set(r.year, [...(byYear.get(r.year) ?? []), r.seq]);
  for (const [year, seqs] of byYear) {
    seqs.sort((a, b) => a - b);
    const seen = new Set<number>();
    for (const s of seqs) {
      if (seen.has(s)) problems.push(`${year}: ${s} twice`);
      seen.add(s);
    }
    for (let i = 1; i <= seqs.at(-1)!; i++) if (!seen.has(i)) problems.push(`${year}: ${i} missing`);
  }
  return problems;
}

async function verify(
  db: pg.Client,
  ack: Acknowledged,
): Promise<Array<{ check: string; result: string; ok: boolean }>> {
  const out: Array<{ check: string; result: string; ok: boolean }> = [];
  const found = async (table: string, column: string, values: string[]) => {
    const res = await db.query<{ n: string }>(
      `SELECT count(DISTINCT ${column})::text AS n FROM ${table} WHERE ${column} = ANY($1)`,
      [values],
    );
    return Number(res.rows[0]!.n);
  };
  for (const [name, table, column, values] of [
    ['clients created', 'clients', 'id::text', ack.clients],
    ['quotes sent', 'quotes', 'number', ack.quoteNumbers],
    ['gold buys validated', 'gold_buys', 'number', ack.goldBuyNumbers],
    ['work orders created', 'work_orders', 'number', ack.workOrderNumbers],
  ] as const) {
    const n = await found(table, column, [...values]);
    out.push({
      check: `${name}: acknowledged in the database`,
      result: `${n} / ${values.length}`,
      ok: n === values.length,
    });
  }
  const orgs = await db.query<{ id: string }>('SELECT id FROM organizations');
  for (const [name, query] of [
    [
      'quote numbers',
      'SELECT number_year AS year, number_seq AS seq FROM quotes WHERE organization_id = $1 AND number_seq IS NOT NULL',
    ],
    ['work-order numbers', 'SELECT number_year AS year, number_seq AS seq FROM work_orders WHERE organization_id = $1'],
    [
      'gold-buy numbers',
      'SELECT number_year AS year, number_seq AS seq FROM gold_buys WHERE organization_id = $1 AND number_seq IS NOT NULL',
    ],
    ['police register numbers', 'SELECT 0 AS year, number AS seq FROM police_register WHERE organization_id = $1'],
  ] as const) {
    const problems: string[] = [];
    let total = 0;
    for (const org of orgs.rows) {
      const rows = await db.query<{ year: number; seq: number }>(query, [org.id]);
      total += rows.rows.length;
      problems.push(...gapsAndDuplicates(rows.rows.map((r) => ({ year: Number(r.year), seq: Number(r.seq) }))));
    }
    out.push({
      check: `${name}: no gap, no duplicate`,
      result: problems.length === 0 ? `${total} numbers` : problems.slice(0, 5).join(', '),
      ok: problems.length === 0,
    });
  }
  return out;
}

async function main(): Promise<void> {
  await ensureBuilt();
  const database = `pricer_load_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const env = { DATABASE_URL: url.toString(), LOG_LEVEL: 'warn', DEMO_DIAMOND_COUNT: '5000' };
  const nodes: AppServer[] = [];
  const db = new pg.Client({ connectionString: url.toString() });
  try {
    nodes.push(await startAppServer({ env }));
    nodes.push(await startAppServer({ env }));
    await db.connect();
    console.log(
      `load drill: ${USERS} users, ${SECONDS} s, 2 nodes on PostgreSQL (${database}), load ${loadavg()[0]!.toFixed(1)}`,
    );
    const samples: Sample[] = [];
    const errors: string[] = [];
    const users = Array.from({ length: USERS }, (_, i) => new User(nodes, samples, ACCOUNTS[i % ACCOUNTS.length]!));
    // The sign-in route counts attempts per address (ADR 0002) and every user here comes from 127.0.0.1: the
    // first users of each account sign in through it, the others get a session made the way it makes one.
    const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    let clientId = '';
    try {
      const ids = await queryRows<{ id: string; username: string }>(
        handle.db,
        sql`SELECT id, username FROM users WHERE username IN ('admin', 'manager', 'commercial')`,
      );
      for (const [i, user] of users.entries()) {
        const account = user.account;
        if (i < ACCOUNTS.length) {
          await user.signIn(account);
          continue;
        }
        const made = await createSession(handle.db, {
          userId: ids.find((u) => u.username === account)!.id,
          now: new Date(),
          config: { sessionIdleMinutes: 30, sessionAbsoluteHours: 12 },
        });
        user.useSession(`pricer_sid=${made.id}`, made.csrfToken);
      }
      const [client] = await queryRows<{ id: string }>(
        handle.db,
        sql`SELECT c.id FROM clients c JOIN users u ON u.organization_id = c.organization_id
          WHERE u.username = 'admin' ORDER BY c.created_at LIMIT 1`,
      );
      clientId = client!.id;
    } finally {
      await handle.close();
    }
    samples.length = 0;
    const ack: Acknowledged = { clients: [], quoteNumbers: [], workOrderNumbers: [], goldBuyNumbers: [] };
    const end = performance.now() + SECONDS * 1000;
    let counter = 0;
    const started = performance.now();
    await Promise.all(
      users.map(async (user) => {
        while (performance.now() < end) {
          try {
            await act(user, counter++, ack, clientId);
          } catch (error) {
            errors.push((error as Error).message);
          }
          await new Promise((resolve) => setTimeout(resolve, Math.random() * THINK_MS));
        }
      }),
    );
    const elapsedS = (performance.now() - started) / 1000;
    const byRoute = new Map<string, Sample[]>();
    for (const s of samples) byRoute.set(s.route, [...(byRoute.get(s.route) ?? []), s]);
    console.log(
      `\n${samples.length.toLocaleString('en')} requests in ${elapsedS.toFixed(1)} s: ${(samples.length / elapsedS).toFixed(0)} req/s, ${errors.length} errors (load ${loadavg()[0]!.toFixed(1)})`,
    );
    console.table(
      [...byRoute].map(([route, list]) => {
        const ms = list.map((s) => s.ms).sort((a, b) => a - b);
        return {
          route,
          requests: list.length,
          'req/s': Number((list.length / elapsedS).toFixed(1)),
          p50Ms: Number(percentile(ms, 50).toFixed(1)),
          p99Ms: Number(percentile(ms, 99).toFixed(1)),
          errors: list.filter((s) => !s.ok).length,
        };
      }),
    );
    if (errors.length > 0) console.log(`first errors:\n  ${[...new Set(errors)].slice(0, 10).join('\n  ')}`);
    const checks = await verify(db, ack);
    console.table(checks);
    if (errors.length > 0 || checks.some((c) => !c.ok)) process.exitCode = 1;
  } finally {
    await db.end().catch(() => undefined);
    await Promise.all(nodes.map((n) => n.stop()));
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
