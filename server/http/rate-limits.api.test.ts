/**
 * The rate limits (ADR 0007) are @fastify/rate-limit with a database store, so they hold across app nodes
 * (the hand-written in-memory limiters each allowed their limit per node).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { openTestDatabase } from '../test/harness';
import { defineLimit, routeLimit } from './rate-limits';

let clock = new Date('2026-06-01T08:00:00Z');
const LIMIT = defineLimit({
  name: 'test-limit',
  max: 5,
  windowMs: 60_000,
  key: (request) => request.ip,
  message: 'Trop de requêtes de test',
});
const SECOND = defineLimit({ ...LIMIT, name: 'test-second', max: 3 });

let nodes: FastifyInstance[] = [];
let drop: () => Promise<void>;

beforeAll(async () => {
  const db = await openTestDatabase();
  drop = db.drop;
  // Two app nodes on one database.
  for (let i = 0; i < 2; i++) {
    const app = await buildApp({ handle: db.handle, config: testConfig(), now: () => clock });
    app.get('/api/test/limited', { config: { public: true, rateLimit: routeLimit(LIMIT) } }, async () => ({
      ok: true,
    }));
    app.get('/api/test/second', { config: { public: true } }, async (request, reply) => {
      await app.checkLimit(SECOND, request, reply);
      return { ok: true };
    });
    await app.ready();
    nodes.push(app);
  }
});
afterAll(async () => {
  for (const app of nodes) await app.close();
  nodes = [];
  await drop();
});

const hit = (node: FastifyInstance, url: string, ip: string) => node.inject({ method: 'GET', url, remoteAddress: ip });

describe('rate limits shared by every node', () => {
  it('counts the hits of both nodes against one limit, then answers 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await hit(nodes[i % 2]!, '/api/test/limited', '10.9.0.1')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const refused = await hit(nodes[0]!, '/api/test/limited', '10.9.0.1');
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'Trop de requêtes de test' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another key is counted apart.
    expect((await hit(nodes[1]!, '/api/test/limited', '10.9.0.2')).statusCode).toBe(200);
  });

  it('lets exactly the limit through of 60 parallel hits spread over the nodes', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => hit(nodes[i % 2]!, '/api/test/limited', '10.9.0.3')),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
  });

  it('opens a new window once the old one is over', async () => {
    for (let i = 0; i < 5; i++) await hit(nodes[0]!, '/api/test/limited', '10.9.0.4');
    expect((await hit(nodes[1]!, '/api/test/limited', '10.9.0.4')).statusCode).toBe(429);
    clock = new Date(clock.getTime() + 60_000);
    expect((await hit(nodes[1]!, '/api/test/limited', '10.9.0.4')).statusCode).toBe(200);
  });

  it('a second limit checked in a handler holds the same way', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await hit(nodes[i % 2]!, '/api/test/second', '10.9.0.5')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});
