/**
 * List totals cached in memory for a few seconds (counting 50,000 rows on every page turn is the
 * most expensive part of a list request). Items are always read fresh; only `total` may lag:
 * - on this node, every write through the lists machinery clears the resource's totals of that
 *   organization at once;
 * - writes on another node (or by other modules writing the table directly) show up in totals
 *   within `ttlMs`.
 */
export class CountCache {
  private readonly scopes = new Map<string, Map<string, { total: number; at: number }>>();
  private readonly generations = new Map<string, number>();
  private size = 0;

  constructor(
    private readonly ttlMs = 3000,
    private readonly maxEntries = 20_000,
  ) {}

  get(scope: string, key: string, now: number): number | undefined {
    const hit = this.scopes.get(scope)?.get(key);
    if (!hit) return undefined;
    if (now - hit.at >= this.ttlMs) {
      this.scopes.get(scope)!.delete(key);
      this.size--;
      return undefined;
    }
    return hit.total;
  }

  /** Changes at every invalidation of the scope: a count started before a write must not be cached after it. */
  generation(scope: string): number {
    return this.generations.get(scope) ?? 0;
  }

  set(scope: string, key: string, total: number, now: number, generation = this.generation(scope)): void {
    if (this.ttlMs <= 0 || generation !== this.generation(scope)) return;
    if (this.size >= this.maxEntries) this.clear();
    let entries = this.scopes.get(scope);
    if (!entries) {
      entries = new Map();
      this.scopes.set(scope, entries);
    }
    if (!entries.has(key)) this.size++;
    entries.set(key, { total, at: now });
  }

  /** Forgets every total of one scope (a resource of one organization). */
  invalidate(scope: string): void {
    this.generations.set(scope, this.generation(scope) + 1);
    const entries = this.scopes.get(scope);
    if (!entries) return;
    this.size -= entries.size;
    this.scopes.delete(scope);
  }

  clear(): void {
    this.scopes.clear();
    this.size = 0;
  }
}
