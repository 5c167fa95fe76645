import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema } from '@shared/schemas/errors';
import {
  DATABASE_RETRY_AFTER_S,
  DATABASE_UNAVAILABLE_MESSAGE,
  DATABASE_WARN_INTERVAL_MS,
  registerErrorHandler,
} from './errors';

interface LogLine {
  level: number;
  msg: string;
  database?: { message: string; code?: string };
  unlogged?: number;
  err?: unknown;
}

/** An app whose `/fail` throws what `failure()` gives; its log lines and journaled errors are kept. */
function appThrowing(failure: () => Error): { app: FastifyInstance; lines: LogLine[]; journaled: Error[] } {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as LogLine);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'warn', stream } });
  const journaled: Error[] = [];
  registerErrorHandler(app, (error) => void journaled.push(error));
  app.get('/fail', async () => {
    throw failure();
  });
  return { app, lines, journaled };
}

const refused = (): Error =>
  new DrizzleQueryError(
    'select * from clients where email = $1',
    ['helene@example.fr'],
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('the error handler, when the database is unavailable', () => {
  it('answers 503 DATABASE_UNAVAILABLE in the one error shape, with Retry-After, and journals nothing', async () => {
    const { app, journaled } = appThrowing(refused);
    const res = await app.inject({ method: 'GET', url: '/fail' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'DATABASE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE });
    expect(apiErrorSchema.safeParse(res.json()).success).toBe(true);
    expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_S));
    expect(journaled).toEqual([]);
    await app.close();
  });

  it("logs one warning per interval, with the driver's message but neither the query, its parameters nor a stack", async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const { app, lines } = appThrowing(refused);
    for (let i = 0; i < 50; i++) expect((await app.inject({ method: 'GET', url: '/fail' })).statusCode).toBe(503);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 40,
      msg: 'database unavailable',
      database: { message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' },
      unlogged: 0,
    });
    expect(JSON.stringify(lines[0])).not.toMatch(/helene|select|stack/i);
    vi.advanceTimersByTime(DATABASE_WARN_INTERVAL_MS);
    await app.inject({ method: 'GET', url: '/fail' });
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ msg: 'database unavailable', unlogged: 49 });
    await app.close();
  });

  it("answers 400 to a client's own socket failure (a 4xx error), whatever its code", async () => {
    const { app, journaled } = appThrowing(() =>
      Object.assign(new Error('aborted'), { code: 'ECONNRESET', statusCode: 400 }),
    );
    const res = await app.inject({ method: 'GET', url: '/fail' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(journaled).toEqual([]);
    await app.close();
  });

  it('still answers 500 INTERNAL, logged with its stack and journaled, for any other failure', async () => {
    const { app, lines, journaled } = appThrowing(() =>
      Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
    );
    const res = await app.inject({ method: 'GET', url: '/fail' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: 'Erreur interne du serveur' });
    expect(journaled).toHaveLength(1);
    expect(lines.map((line) => line.msg)).toEqual(['unhandled error']);
    await app.close();
  });
});
