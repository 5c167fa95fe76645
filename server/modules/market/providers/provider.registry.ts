import { createDemoProvider } from './demo.provider';
import { ecbProvider } from './ecb.provider';
import { goldApiProvider } from './goldapi.provider';
import { manualProvider } from './manual.provider';
import type { DataSourceKind, MarketProvider } from './provider.types';

/**
 * Kinds whose values are typed by a person (their provider is `trusted`: no jump bound). Their readings
 * never serve as the reference a feed is judged against (jump-reference.ts).
 */
export const TRUSTED_KINDS: readonly DataSourceKind[] = ['manual'];

/** One provider instance per data source (the demo walk keeps its own state). */
export function createProvider(kind: DataSourceKind, config: Record<string, unknown>): MarketProvider {
  switch (kind) {
    case 'demo':
      return createDemoProvider(config);
    case 'manual':
      return manualProvider;
    case 'ecb':
      return ecbProvider;
    case 'goldapi':
      return goldApiProvider;
  }
}
