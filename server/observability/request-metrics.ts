// The module's `performance`, read on every request: the global one is a getter each read goes through.
import { performance } from 'node:perf_hooks';
import type { onSendHookHandler } from 'fastify';

/**
 * Request durations per route, kept for the Prometheus exposition (`/metrics`). Each route gets its own
 * recorders when it is registered (the `onRoute` hook of observability.plugin.ts), holding its labels: a request
 * costs one elapsed-time read, a bucket search over 11 bounds and a few
 * additions, with no string built and no object allocated once the route has answered each status class once.
 */

/** Upper bounds of the duration buckets, in seconds (the `le` labels). */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;

/** One label set: a histogram whose bucket counts are per bucket (made cumulative when exposed). */
export interface DurationSeries {
  method: string;
  route: string;
  statusClass: string;
  /** Counts per bucket; the last cell is above the largest bound (+Inf). */
  buckets: Float64Array;
  sum: number;
  count: number;
}

/** The series of one route and method, one per status class, created on first use. */
export class RouteRecorder {
  private readonly byClass: Array<DurationSeries | undefined> = [undefined, undefined, undefined, undefined, undefined];

  constructor(
    private readonly registry: RequestMetrics,
    readonly method: string,
    readonly route: string,
  ) {}

  /** Records one answer: its status code and how long it took in milliseconds. */
  observe(statusCode: number, elapsedMs: number): void {
    let index = ((statusCode / 100) | 0) - 1;
    if (index < 0 || index > 4) index = 4;
    const series = this.byClass[index] ?? this.create(index);
    const seconds = elapsedMs / 1000;
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket++;
    series.buckets[bucket]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  private create(index: number): DurationSeries {
    const series: DurationSeries = {
      method: this.method,
      route: this.route,
      statusClass: STATUS_CLASSES[index]!,
      buckets: new Float64Array(DURATION_BUCKETS.length + 1),
      sum: 0,
      count: 0,
    };
    this.byClass[index] = series;
    this.registry.series.push(series);
    return series;
  }
}

/** Every request-duration series of the process, in creation order. */
export class RequestMetrics {
  readonly series: DurationSeries[] = [];
  private readonly recorders = new Map<string, RouteRecorder>();

  /** The recorder of a route pattern and method (one per pair, shared by the routes that repeat a pair). */
  recorder(method: string, route: string): RouteRecorder {
    const key = `${method} ${route}`;
    let recorder = this.recorders.get(key);
    if (!recorder) {
      recorder = new RouteRecorder(this, method, route);
      this.recorders.set(key, recorder);
    }
    return recorder;
  }
}

/**
 * The onSend hook of one route (given to it when it is registered, with its recorders): records each answer in its
 * method's series, with the time from the request reaching its route (`startRequest`, request-id.ts) to the answer
 * being handed to Node, which then writes it to the socket. Every answer of the route is recorded, refusals and
 * errors included; a path that matched no route has no recorder.
 */
export const recordDurations =
  (recorders: Partial<Record<string, RouteRecorder>>): onSendHookHandler =>
  (request, reply, payload, done) => {
    recorders[request.method]?.observe(reply.statusCode, performance.now() - request.receivedAt);
    done(null, payload);
  };
