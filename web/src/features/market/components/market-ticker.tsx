import { useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { cn } from '@/lib/utils';
import { useAlloyPrices } from '../api/get-alloy-prices';
import { useFxRate } from '../api/get-fx-rate';
import { useSpotPrice } from '../api/get-spot-price';
import { formatTickerValue, marketTickerEntries, type TickerEntry } from '../lib/ticker-items';
import { nextTrendState, type TrendState } from '../lib/trend';
import { ScrollingStrip } from './scrolling-strip';
import { TickerItem } from './ticker-item';

/** Trend of each entry versus the previous value seen (state adjusted during render, no effect). */
function useTrends(entries: readonly TickerEntry[]): TrendState {
  const [state, setState] = useState<TrendState>({});
  const next = nextTrendState(
    state,
    entries.map((e) => ({ key: e.key, value: e.raw, updatedAt: e.updatedAt })),
  );
  if (next !== state) setState(next);
  return next;
}

/**
 * Market ticker under the header (spec §2): alloy prices (polled every 60 s), silver, platinum, USD/EUR and
 * ILS/EUR; skeletons while any read loads, then three copies scrolling at 30 px/s, draggable, trend arrows.
 * Shown from md up (below, the dashboard's mobile ticker covers small screens).
 */
export function MarketTicker({ className }: { className?: string }) {
  // Not mounted at all below md: no hidden animation loop or reads on phones.
  return useIsMobile() ? null : <MarketTickerStrip className={className} />;
}

function MarketTickerStrip({ className }: { className?: string }) {
  const alloys = useAlloyPrices({ poll: true });
  const silver = useSpotPrice('silver');
  const platinum = useSpotPrice('platinum');
  const usd = useFxRate('USD/EUR');
  const ils = useFxRate('ILS/EUR');
  const loading = alloys.isPending || silver.isPending || platinum.isPending || usd.isPending || ils.isPending;
  const entries = loading ? [] : marketTickerEntries({ alloys, silver, platinum, usd, ils });
  const trends = useTrends(entries);

  const frame = cn('hidden h-9 items-center border-b bg-card/60 md:flex', className);
  if (loading) {
    return (
      <div className={cn(frame, 'gap-4 overflow-hidden px-4')} data-testid="market-ticker-loading" aria-busy="true">
        <span className="sr-only">Chargement des cours…</span>
        {Array.from({ length: 7 }, (_, i) => (
          <Skeleton key={i} className="h-4 w-32 shrink-0" />
        ))}
      </div>
    );
  }
  return (
    <ScrollingStrip label="Cours des métaux et devises" draggable className={frame} testId="market-ticker">
      {entries.map((entry) => (
        <TickerItem
          key={entry.key}
          label={entry.label}
          value={formatTickerValue(entry)}
          trend={entry.raw === null ? undefined : (trends[entry.key]?.trend ?? 'neutral')}
        />
      ))}
    </ScrollingStrip>
  );
}
