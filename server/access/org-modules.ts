import { eq } from 'drizzle-orm';
import { MODULES, type ModuleKey } from '@shared/modules';
import type { Db } from '../db/client';
import { organizationModules } from '../db/schema';

/** How long a node trusts its in-memory copy of an organization's module switches. */
export const MODULES_CACHE_MS = 5_000;

interface CachedSwitches {
  at: number;
  disabled: Promise<ReadonlySet<ModuleKey>>;
  /** The same set once read: what `cachedDisabled` answers without a promise. */
  loaded?: ReadonlySet<ModuleKey>;
}

/**
 * The modules turned off per organization, read through a short in-memory cache (one query per
 * organization every few seconds, not per request). The node that changes a switch invalidates at once and
 * tells the other nodes (server/cluster/change-bus.ts), which drop their copy when they hear it; MODULES_CACHE_MS
 * bounds what a lost notice can cost.
 */
export class OrganizationModules {
  private readonly cache = new Map<string, CachedSwitches>();

  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  disabled(organizationId: string): Promise<ReadonlySet<ModuleKey>> {
    const now = this.clock();
    const hit = this.cache.get(organizationId);
    if (hit && now - hit.at < MODULES_CACHE_MS) return hit.disabled;
    const disabled = this.load(organizationId);
    const entry: CachedSwitches = { at: now, disabled };
    this.cache.set(organizationId, entry);
    disabled.then(
      (set) => {
        entry.loaded = set;
      },
      () => {
        if (this.cache.get(organizationId) === entry) this.cache.delete(organizationId);
      },
    );
    if (this.cache.size > 10_000) this.cache.clear();
    return disabled;
  }

  /**
   * The switches this node already holds and still trusts, without a promise (the authorize hook asks on
   * every request); undefined when they must be read (`disabled`).
   */
  cachedDisabled(organizationId: string): ReadonlySet<ModuleKey> | undefined {
    const hit = this.cache.get(organizationId);
    if (!hit?.loaded || this.clock() - hit.at >= MODULES_CACHE_MS) return undefined;
    return hit.loaded;
  }

  async isEnabled(organizationId: string, module: ModuleKey): Promise<boolean> {
    return !(await this.disabled(organizationId)).has(module);
  }

  invalidate(organizationId: string): void {
    this.cache.delete(organizationId);
  }

  /** Forgets every organization's switches (after missing other nodes' changes). */
  invalidateAll(): void {
    this.cache.clear();
  }

  private async load(organizationId: string): Promise<ReadonlySet<ModuleKey>> {
    const rows = await this.db
      .select({ module: organizationModules.module, enabled: organizationModules.enabled })
      .from(organizationModules)
      .where(eq(organizationModules.organizationId, organizationId));
    const known = new Set<string>(MODULES.map((m) => m.key));
    return new Set(rows.filter((r) => !r.enabled && known.has(r.module)).map((r) => r.module as ModuleKey));
  }
}
