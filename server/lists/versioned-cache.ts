/**
 * An in-memory LRU of values that are true for one version of an organization's table (list totals,
 * list answers; ADR 0006). A value is served only to a request that read the same version from
 * `list_versions` before it looked here, so nothing stale is ever served, whatever node or module
 * wrote the rows. Entries of older versions are never read again and leave as the least recently
 * used.
 *
 * Bounded by entry count and by total weight (e.g. the bytes of cached answers).
 */
export class VersionedCache<V> {
  private readonly entries = new Map<string, { version: number; value: V; weight: number }>();
  private weight = 0;

  constructor(private readonly limits: { maxEntries: number; maxWeight?: number; weigh?: (value: V) => number }) {}

  get(key: string, version: number): V | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined || hit.version !== version) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  set(key: string, version: number, value: V): void {
    const weight = this.limits.weigh?.(value) ?? 1;
    const maxWeight = this.limits.maxWeight ?? Infinity;
    if (this.limits.maxEntries <= 0 || weight > maxWeight) return;
    // A slow request of an older version must not replace a newer answer (versions only grow).
    if ((this.entries.get(key)?.version ?? -1) > version) return;
    this.delete(key);
    this.entries.set(key, { version, value, weight });
    this.weight += weight;
    while (this.entries.size > this.limits.maxEntries || this.weight > maxWeight) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
  }

  /** False when its limits keep nothing (e.g. turned off by configuration). */
  get enabled(): boolean {
    return this.limits.maxEntries > 0 && (this.limits.maxWeight ?? Infinity) > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get totalWeight(): number {
    return this.weight;
  }
}
