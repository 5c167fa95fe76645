/**
 * Built list queries kept per "shape" (see resource.ts). Building a drizzle SELECT of a 30-column
 * table costs more CPU than PostgreSQL spends running the page query, so each shape is built once,
 * with placeholders for what varies between requests (organization, search words, limit, offset),
 * and run again with new values.
 *
 * A key must contain every query value that is written into the SQL text itself; only values that
 * go through `sql.placeholder` may be left out of it. The cache is a small LRU: a bounded number of
 * shapes per resource, whatever the filter values users send.
 */
export class PreparedQueries<Q> {
  private readonly entries = new Map<string, Q>();

  constructor(private readonly maxEntries = 500) {}

  get(key: string, build: () => Q): Q {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const built = build();
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, built);
    return built;
  }

  get size(): number {
    return this.entries.size;
  }
}
