import { createDemoProvider } from './demo.provider';
import { ecbProvider } from './ecb.provider';
import { goldApiProvider } from './goldapi.provider';
import { manualProvider } from './manual.provider';
import type { DataSourceKind, MarketProvider } from './provider.types';

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
