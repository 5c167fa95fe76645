/**
 * Closed-loop load with autocannon at a fixed number of connections: every connection sends its
 * next request as soon as the previous answer arrives, so the figure is the machine's saturation
 * throughput and the queueing it causes. (Open loop, arrivals at a fixed rate: open-loop.ts.)
 * `nextPath` varies the request path (a mixed workload); by default every request asks for `url`.
 */
import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  /** Average arrival rate asked for (open loop, open-loop.ts), or undefined (closed loop). */
  targetRate?: number | undefined;
  requestsPerSec: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
  /**
   * Open loop only: how late the generator itself sent its most late request (ms after it was due).
   * A stall of the whole machine shows here as well as in the latencies; a slow server does not.
   */
  senderLagMaxMs?: number;
}

export interface LoadOptions {
  connections?: number;
  durationS?: number;
  headers?: Record<string, string>;
  nextPath?: () => string;
}

export async function load(name: string, url: string, options: LoadOptions = {}): Promise<LoadResult> {
  const nextPath = options.nextPath;
  const result = await autocannon({
    url,
    connections: options.connections ?? 50,
    duration: options.durationS ?? Number(process.env.BENCH_DURATION_S ?? 10),
    headers: options.headers ?? {},
    ...(nextPath ? { requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }] } : {}),
  });
  return {
    name,
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
