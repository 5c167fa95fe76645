/**
 * A circuit breaker per data source (README "Guards", ADR 0004). Only transport failures count
 * (timeouts, network errors, HTTP errors, unreadable answers): a reading rejected by the reading
 * guard is a data-quality problem of an answering feed, not a reason to stop asking it.
 * After `threshold` consecutive failures the source is skipped for `cooldownMs`; then one attempt
 * is let through (half-open): a success closes the circuit, a failure opens it again for twice the
 * previous cool-down, up to `maxCooldownMs`.
 */
export interface BreakerOptions {
  /** Consecutive failures that open the circuit. */
  threshold: number;
  /** First cool-down once open (ms). */
  cooldownMs: number;
  /** Longest cool-down (ms); defaults to cooldownMs (no growth). */
  maxCooldownMs?: number;
}

/** The engine's policy: 3 failures, then 30 s (about one poll period) doubling up to 5 min. */
export const DEFAULT_BREAKER: Readonly<Required<BreakerOptions>> = {
  threshold: 3,
  cooldownMs: 30_000,
  maxCooldownMs: 5 * 60_000,
};

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
    const opensBeyondThreshold = state.failures - this.options.threshold;
    if (opensBeyondThreshold >= 0) state.openUntil = now + this.cooldown(opensBeyondThreshold);
    this.states.set(key, state);
  }

  /** Forgets every key not in `keys` (a disabled source, or the previous configuration of an edited one). */
  retain(keys: ReadonlySet<string>): void {
    for (const key of this.states.keys()) if (!keys.has(key)) this.states.delete(key);
  }

  /** cooldownMs x 2^n, capped by maxCooldownMs. */
  private cooldown(reopenings: number): number {
    const max = this.options.maxCooldownMs ?? this.options.cooldownMs;
    return Math.min(max, this.options.cooldownMs * 2 ** Math.min(reopenings, 30));
  }
}
