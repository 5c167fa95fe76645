/**
 * A circuit breaker per data source: after `threshold` consecutive failures the source is
 * skipped for `cooldownMs`; then one attempt is let through (half-open): a success closes
 * the circuit, a failure opens it again for another cool-down.
 */
export interface BreakerOptions {
  threshold: number;
  cooldownMs: number;
}

interface BreakerState {
  failures: number;
  openUntil: number;
}

export class CircuitBreakers {
  private readonly states = new Map<string, BreakerState>();
  constructor(private readonly options: BreakerOptions) {}

  /** True when the source may be called at time `now` (ms). */
  canCall(key: string, now: number): boolean {
    const state = this.states.get(key);
    return !state || state.openUntil <= now;
  }

  isOpen(key: string, now: number): boolean {
    return !this.canCall(key, now);
  }

  success(key: string): void {
    this.states.delete(key);
  }

  failure(key: string, now: number): void {
    const state = this.states.get(key) ?? { failures: 0, openUntil: 0 };
    state.failures += 1;
    if (state.failures >= this.options.threshold) state.openUntil = now + this.options.cooldownMs;
    this.states.set(key, state);
  }
}
