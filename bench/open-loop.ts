/**
 * Open-loop load: requests arrive at a fixed average rate with random (Poisson) gaps, the way
 * independent users arrive, over a pool of keep-alive connections, whether or not earlier answers
 * have come back. Each latency counts from the moment the request was due, so time spent waiting
 * for a free connection or for a late timer is included (no coordinated omission).
 *
 * autocannon's own rate option is not used for this: it releases each second's quota at the start
 * of the second, so 50 connections at 1 request/s each send 50 requests at once — a burst, not
 * independent arrivals.
 */
import http from 'node:http';
import type { LoadResult } from './load';

export interface OpenLoopOptions {
  /** Average requests per second, all connections together. */
  rate: number;
  durationS: number;
  connections: number;
  headers: Record<string, string>;
  nextPath: () => string;
  /** Seed of the arrival gaps (the same run asks at the same moments). */
  seed?: number;
}

/** Deterministic uniform draws in (0, 1). */
function uniform(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    // xorshift32
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) + 0.5) / 4_294_967_296;
  };
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function openLoop(name: string, baseUrl: string, options: OpenLoopOptions): Promise<LoadResult> {
  const { rate, durationS, connections, headers, nextPath } = options;
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const random = uniform(options.seed ?? 12345);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let outstanding = 0;
  let senderLagMax = 0;
  let drained: () => void = () => undefined;

  const send = (path: string, dueAt: number) => {
    outstanding++;
    senderLagMax = Math.max(senderLagMax, performance.now() - dueAt);
    const done = () => {
      latencies.push(performance.now() - dueAt);
      if (--outstanding === 0) drained();
    };
    const request = http.get({ agent, host: url.hostname, port: url.port, path, headers }, (response) => {
      if ((response.statusCode ?? 0) >= 300) non2xx++;
      response.resume();
      response.on('end', done);
    });
    request.on('error', () => {
      errors++;
      done();
    });
  };

  const start = performance.now();
  const end = start + durationS * 1000;
  let due = start;
  while (due < end) {
    const now = performance.now();
    if (due > now) await new Promise((r) => setTimeout(r, Math.max(0, due - now - 0.5)));
    // Send everything due by now, each counted from its own due time.
    while (due <= performance.now() && due < end) {
      send(nextPath(), due);
      due += (-Math.log(random()) / rate) * 1000;
    }
  }
  const sent = latencies.length + outstanding;
  if (outstanding > 0) await new Promise<void>((resolve) => (drained = resolve));
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    name,
    targetRate: rate,
    requestsPerSec: Math.round(sent / durationS),
    p50Ms: round(percentile(sorted, 50)),
    p90Ms: round(percentile(sorted, 90)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted[sorted.length - 1] ?? 0),
    non2xx,
    errors,
    senderLagMaxMs: round(senderLagMax),
  };
}
