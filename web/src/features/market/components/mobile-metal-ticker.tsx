import { Skeleton } from '@/components/ui/skeleton';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { cn } from '@/lib/class-merge';
import { useAlloyPrices } from '../api/get-alloy-prices';
import { useFxRate } from '../api/get-fx-rate';
import { useSpotPrice } from '../api/get-spot-price';
import { countRender } from '../lib/render-probe';
import { alloyReadings, formatTickerValue, fxReading, mobileTickerEntries, spotReading } from '../lib/ticker-items';
import { ScrollingStrip } from './scrolling-strip';
import { TickerItem } from './ticker-item';

/**
 * Dashboard strip for small screens (hidden from md up): gold, silver and platinum per gram, "Or 18kt",
 * "Or 14kt", "Argent 925" and USD/EUR (4 decimals). Items appear once loaded; nothing at all when none is. While
 * the first readings are on their way, a placeholder holds the strip's place, so that the cards below do not jump.
 * Pauses while touched or pressed. Renders only when a shown reading changes (ticker-items.ts).
 */
export function MobileMetalTicker({ className }: { className?: string }) {
  // Not mounted at all from md up: no hidden animation or reads on wide screens.
  return useIsMobile() ? <MobileMetalTickerStrip className={className} /> : null;
}

function MobileMetalTickerStrip({ className }: { className?: string }) {
  countRender('MobileMetalTicker');
  const gold = useSpotPrice('gold', { select: spotReading });
  const silver = useSpotPrice('silver', { select: spotReading });
  const platinum = useSpotPrice('platinum', { select: spotReading });
  const alloys = useAlloyPrices({ select: alloyReadings });
  const usd = useFxRate('USD/EUR', { select: fxReading });
  const entries = mobileTickerEntries({
    gold: gold.data,
    silver: silver.data,
    platinum: platinum.data,
    alloys: alloys.data,
    usd: usd.data,
  });
  if (entries.length === 0) {
    const waiting = [gold, silver, platinum, alloys, usd].some((query) => query.isPending);
    return waiting ? (
      <Skeleton
        className={cn('h-10 w-full rounded-lg md:hidden', className)}
        data-testid="mobile-metal-ticker-waiting"
      />
    ) : null;
  }
  return (
    <ScrollingStrip
      label="Cours des métaux"
      draggable={false}
      testId="mobile-metal-ticker"
      className={cn('flex h-10 items-center rounded-lg border bg-card md:hidden', className)}
    >
      {entries.map((entry) => (
        <TickerItem key={entry.key} label={entry.label} value={formatTickerValue(entry)} />
      ))}
    </ScrollingStrip>
  );
}
