import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
// The module's `performance`, read on every request: the global one is a getter each read goes through.
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppConfig } from '../config';
import { LazyRequestLogger } from './request-logger';

/** The header that carries the request id, in from a trusted proxy and out on every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An incoming id is kept only when it is short and plain (a UUID, a hex trace id…): it goes into every log line. */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The named ranges TRUST_PROXY accepts (the names of proxy-addr, which Fastify uses for X-Forwarded-*). */
const NAMED_RANGES: Record<string, Array<[string, number, 'ipv4' | 'ipv6']>> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** Which peers may hand us a request id: every peer (`true`), none (`false`), or the listed proxies. */
export function trustedPeer(trustProxy: AppConfig['trustProxy']): (address: string | undefined) => boolean {
  if (trustProxy === true) return () => true;
  if (trustProxy === false) return () => false;
  const list = new BlockList();
  for (const item of trustProxy) {
    const named = NAMED_RANGES[item];
    if (named) {
      for (const [network, prefix, family] of named) list.addSubnet(network, prefix, family);
      continue;
    }
    const [address = '', prefix] = item.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    if (!address) return false;
    // An IPv4 peer on a dual-stack socket is seen as ::ffff:a.b.c.d.
    const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    const family = isIP(plain);
    if (family === 0) return false;
    return list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * Fastify's request-id options: the id of `x-request-id` when the request comes from a trusted proxy
 * (TRUST_PROXY) and looks like an id, else `<12 hex digits drawn at start>-<counter>`: unique across nodes
 * and restarts, at a fraction of a UUID's cost. Logged as `reqId` (Fastify's label).
 */
export function requestIdOptions(config: Pick<AppConfig, 'trustProxy'>): {
  requestIdHeader: false;
  genReqId: (request: IncomingMessage) => string;
} {
  const prefix = randomBytes(6).toString('hex');
  let counter = 0;
  const generated = (): string => {
    counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
    return `${prefix}-${counter.toString(36)}`;
  };
  if (config.trustProxy === false) return { requestIdHeader: false, genReqId: generated };
  const trusted = trustedPeer(config.trustProxy);
  return {
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers[REQUEST_ID_HEADER];
      if (typeof incoming === 'string' && ACCEPTED_ID.test(incoming) && trusted(request.socket?.remoteAddress)) {
        return incoming;
      }
      return generated();
    },
  };
}

/**
 * The first of the app's onRequest hooks, for every request: gives the request its logger (a lazy child of the
 * app's `log`, request-logger.ts, bound to its id), puts its id on the answer whatever refuses the request later (a
 * missing session, a bad CSRF token, a role), and keeps the time it reached its route for its duration
 * (`recordDurations`, request-metrics.ts). The logger is set here rather than by a Fastify child logger factory:
 * Fastify checks each logger such a factory returns, seven method look-ups on every request (ADR 0018).
 */
export function requestStart(log: FastifyBaseLogger): onRequestHookHandler {
  return function startRequest(request, reply, done) {
    const requestLog = new LazyRequestLogger(log, { reqId: request.id });
    request.log = requestLog;
    reply.log = requestLog;
    request.receivedAt = performance.now();
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  };
}

/**
 * Once the session names the user, every later log line of the request carries their organization and id
 * (never a cookie, a token or a body). The request's lazy logger (given by `startRequest`, shared with the reply)
 * keeps the bindings until its first line, if any.
 */
export function bindUserToLog(request: FastifyRequest, user: { id: string; organizationId: string }): void {
  (request.log as LazyRequestLogger).setBindings({ organizationId: user.organizationId, userId: user.id });
}
