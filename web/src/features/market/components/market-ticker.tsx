import { useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { cn } from '@/lib/class-merge';
import { useAlloyPrices } from '../api/get-alloy-prices';
import { useFxRate } from '../api/get-fx-rate';
import { useSpotPrice } from '../api/get-spot-price';
import { countRender } from '../lib/render-probe';
import {
  alloyReadings,
  formatTickerValue,
  fxReading,
  marketTickerEntries,
  spotReading,
  type TickerEntry,
} from '../lib/ticker-items';
import { nextTrendState, type TrendState } from '../lib/trend';
import { ScrollingStrip } from './scrolling-strip';
import { TickerItem } from './ticker-item';

/** Trend of each entry versus the previous value seen (state adjusted during render, no effect). */
function useTrends(entries: readonly TickerEntry[]): TrendState {
  const [state, setState] = useState<TrendState>({});
  const next = nextTrendState(
    state,
    entries.map((e) => ({ key: e.key, value: e.raw, observedAt: e.observedAt })),
  );
  if (next !== state) setState(next);
  return next;
}

/**
 * Market ticker under the header: alloy prices (polled every 60 s), silver, platinum, USD/EUR and
 * ILS/EUR; skeletons while any read loads, then three copies scrolling at 30 px/s, draggable, trend arrows.
 * Shown from md up (below, the dashboard's mobile ticker covers small screens). The reads select only the value
 * and its observation time: a poll bringing the same readings renders nothing (ticker-items.ts).
 */
export function MarketTicker({ className }: { className?: string }) {
  // Not mounted at all below md: no hidden animation or reads on phones.
  return useIsMobile() ? null : <MarketTickerStrip className={className} />;
}

function MarketTickerStrip({ className }: { className?: string }) {
  countRender('MarketTicker');
  const alloys = useAlloyPrices({ poll: true, select: alloyReadings });
  const silver = useSpotPrice('silver', { select: spotReading });
  const platinum = useSpotPrice('platinum', { select: spotReading });
  const usd = useFxRate('USD/EUR', { select: fxReading });
  const ils = useFxRate('ILS/EUR', { select: fxReading });
  const loading = alloys.isPending || silver.isPending || platinum.isPending || usd.isPending || ils.isPending;
  const entries = loading
    ? []
    : marketTickerEntries({
        alloys: alloys.data,
        silver: silver.data,
        platinum: platinum.data,
        usd: usd.data,
        ils: ils.data,
      });
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
