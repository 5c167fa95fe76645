import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { LazyRequestLogger } from './request-logger';

function appLogger(level: string): { log: FastifyBaseLogger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const app = Fastify({
    logger: { level, stream: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) } },
  });
  return { log: app.log, lines };
}

describe('lazy request logger', () => {
  it('makes no pino child while the request writes nothing, nor for a level that is off', () => {
    const { log, lines } = appLogger('warn');
    const child = vi.spyOn(log, 'child');
    const request = new LazyRequestLogger(log, { reqId: 'r-1' });
    request.setBindings({ organizationId: 'o-1', userId: 'u-1' });
    request.info('not written');
    request.debug({ a: 1 }, 'not written either');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it('writes every binding given so far on each line, before and after its first line', () => {
    const { log, lines } = appLogger('info');
    const request = new LazyRequestLogger(log, { reqId: 'r-2' });
    request.info('first');
    request.setBindings({ organizationId: 'o-2', userId: 'u-2' });
    request.warn({ extra: true }, 'second');
    expect(lines.map(({ msg, reqId, organizationId, userId }) => ({ msg, reqId, organizationId, userId }))).toEqual([
      { msg: 'first', reqId: 'r-2', organizationId: undefined, userId: undefined },
      { msg: 'second', reqId: 'r-2', organizationId: 'o-2', userId: 'u-2' },
    ]);
    expect(lines[1]).toMatchObject({ extra: true, level: 40 });

    const signedIn = new LazyRequestLogger(log, { reqId: 'r-3' });
    signedIn.setBindings({ organizationId: 'o-3', userId: 'u-3' });
    signedIn.error('third');
    expect(lines[2]).toMatchObject({ msg: 'third', reqId: 'r-3', organizationId: 'o-3', userId: 'u-3', level: 50 });
  });
});
