import { useIsMobile } from '@/hooks/use-is-mobile';
import { cn } from '@/lib/utils';
import { useAlloyPrices } from '../api/get-alloy-prices';
import { useFxRate } from '../api/get-fx-rate';
import { useSpotPrice } from '../api/get-spot-price';
import { formatTickerValue, mobileTickerEntries } from '../lib/ticker-items';
import { ScrollingStrip } from './scrolling-strip';
import { TickerItem } from './ticker-item';

/**
 * Dashboard strip for small screens (spec §2, hidden from md up): gold, silver and platinum per gram, "Or 18kt",
 * "Or 14kt", "Argent 925" and USD/EUR (4 decimals). Items appear once loaded; nothing at all when none is.
 * Pauses while touched or pressed.
 */
export function MobileMetalTicker({ className }: { className?: string }) {
  // Not mounted at all from md up: no hidden animation loop or reads on wide screens.
  return useIsMobile() ? <MobileMetalTickerStrip className={className} /> : null;
}

function MobileMetalTickerStrip({ className }: { className?: string }) {
  const gold = useSpotPrice('gold');
  const silver = useSpotPrice('silver');
  const platinum = useSpotPrice('platinum');
  const alloys = useAlloyPrices();
  const usd = useFxRate('USD/EUR');
  const entries = mobileTickerEntries({ gold, silver, platinum, alloys, usd });
  if (entries.length === 0) return null;
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
