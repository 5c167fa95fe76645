import { createServer, connect } from 'node:net';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, pgErrorCode } from './pg-errors';

/** An error as node-postgres builds it from a server's ErrorResponse: a message and a SQLSTATE. */
const serverError = (code: string, message = 'erreur du serveur'): Error => Object.assign(new Error(message), { code });
/** An error as Node's sockets build it. */
const socketError = (code: string): Error => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
/** What Drizzle throws: its own error, the driver's in `cause`. */
const wrapped = (cause: Error): Error => new DrizzleQueryError('select 1', [], cause);

/** The error of a connection attempt to a port where nothing listens. */
async function refusedConnection(): Promise<Error> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return new Promise((resolve) => {
    connect(port, '127.0.0.1').on('error', resolve);
  });
}

describe('isDatabaseUnavailable', () => {
  it.each(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'])(
    'recognises the socket error %s, bare and wrapped by Drizzle',
    (code) => {
      expect(isDatabaseUnavailable(socketError(code))).toBe(true);
      expect(isDatabaseUnavailable(wrapped(socketError(code)))).toBe(true);
    },
  );

  it('recognises a real refused connection', async () => {
    const error = await refusedConnection();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('recognises the messages of node-postgres and its pool, which carry no code', () => {
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
    ]) {
      expect(isDatabaseUnavailable(new Error(message)), message).toBe(true);
      expect(isDatabaseUnavailable(wrapped(new Error(message))), message).toBe(true);
    }
  });

  it('recognises the SQLSTATEs of a server going away, starting or full, and the connection-exception class', () => {
    for (const code of ['57P01', '57P02', '57P03', '53300', '08000', '08003', '08006', '08001', '08004', '08P01']) {
      expect(isDatabaseUnavailable(serverError(code)), code).toBe(true);
      expect(isDatabaseUnavailable(wrapped(serverError(code))), code).toBe(true);
    }
    const terminated = serverError('57P01', 'terminating connection due to administrator command');
    expect(pgErrorCode(wrapped(terminated)).code).toBe('57P01');
  });

  it('walks a connection timeout down to its cause, and an AggregateError to its first error', () => {
    const timeout = new Error('a wrapper', { cause: new Error('Connection terminated unexpectedly') });
    expect(isDatabaseUnavailable(timeout)).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([socketError('ECONNREFUSED')], 'all addresses failed'))).toBe(true);
  });

  it('leaves query errors, application errors and non-errors alone', () => {
    for (const code of ['23505', '23502', '42P01', '42601', '40001', '57014', '22P02']) {
      expect(isDatabaseUnavailable(serverError(code)), code).toBe(false);
      expect(isDatabaseUnavailable(wrapped(serverError(code))), code).toBe(false);
    }
    // A client this process itself is closing (its own shutdown), not the server going away.
    expect(isDatabaseUnavailable(new Error('Connection terminated'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    // A price or feed source that refused fetch's connection is not the database.
    expect(isDatabaseUnavailable(new TypeError('fetch failed', { cause: socketError('ECONNREFUSED') }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: 'ENOENT' }))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnavailable({ code: 42 })).toBe(false);
  });

  it('ends on a cycle of causes', () => {
    const a: { message: string; cause?: unknown } = { message: 'a' };
    a.cause = { message: 'b', cause: a };
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
