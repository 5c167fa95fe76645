import { Loader2, RefreshCw } from 'lucide-react';
import { EMPTY_VALUE, type Metal } from '@shared/constants';
import { formatAgeFr, formatGoldButton, formatRateButton, formatSilverButton } from '@shared/format';
import { gold18ktFrom24kt, parseDecimal } from '@shared/pricing-exact';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { cn } from '@/lib/class-merge';
import { useFxRate } from '../api/get-fx-rate';
import { useSpotPrice } from '../api/get-spot-price';
import { useIsRefreshingAllPrices, useRefreshAllPrices } from '../api/refresh-all-prices';
import { useIsRefreshingFx, useRefreshFx } from '../api/refresh-fx';
import { usePendingSpotRefreshes, useRefreshSpot } from '../api/refresh-spot';

interface Freshness {
  stale: boolean;
  ageSeconds: number;
}

interface PriceButtonProps {
  testId: string;
  label: string;
  /** Spoken name, e.g. "Or 24 carats". */
  name: string;
  value: string | null;
  unit: string;
  refreshLabel: string;
  freshness: Freshness | undefined;
  pending: boolean;
  compact: boolean;
  onRefresh: () => void;
}

function PriceButton({
  testId,
  label,
  name,
  value,
  unit,
  refreshLabel,
  freshness,
  pending,
  compact,
  onRefresh,
}: PriceButtonProps) {
  const shown = value ?? EMPTY_VALUE;
  const stale = !!freshness?.stale;
  const age = freshness ? formatAgeFr(freshness.ageSeconds) : null;
  const staleText = stale && age ? `Cours non actualisé (${age})` : null;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          data-testid={testId}
          data-stale={stale ? 'true' : undefined}
          disabled={pending}
          aria-busy={pending || undefined}
          onClick={onRefresh}
          className={cn('tabular-nums', compact ? 'h-8 min-w-0 gap-1 px-2 text-xs' : 'h-8 gap-1 px-2.5')}
        >
          <span className="text-muted-foreground">{label}</span>
          <span className="sr-only"> ({name}) </span>
          <span className="font-semibold">{shown}</span>
          {value && unit ? <span className="hidden text-muted-foreground lg:inline">{unit}</span> : null}
          {pending ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : stale ? (
            <span aria-hidden="true" className="size-1.5 rounded-full bg-amber-500" />
          ) : null}
          <span className="sr-only">
            {value ? '' : ' indisponible'}
            {staleText ? `, ${staleText}` : ''}, {refreshLabel.toLowerCase()}
          </span>
        </Button>
      </TooltipTrigger>
      <TooltipContent>
        <p>{refreshLabel}</p>
        {staleText ? <p>{staleText}</p> : null}
      </TooltipContent>
    </Tooltip>
  );
}

function freshnessOf(data: Freshness | undefined): Freshness | undefined {
  return data ? { stale: data.stale, ageSeconds: data.ageSeconds } : undefined;
}

/**
 * The four header price buttons: gold 24kt and 18kt (whole numbers, 18kt = 24kt x 0.75), silver
 * (2 decimals, 1 on mobile) and USD/EUR (3 decimals, 2 on mobile). Gold, silver and USD/EUR are polled every
 * 60 s. A metal button refreshes its metal, the rate button the rate.
 */
export function HeaderPrices({ className }: { className?: string }) {
  const isMobile = useIsMobile();
  const gold = useSpotPrice('gold', { poll: true });
  const silver = useSpotPrice('silver', { poll: true });
  const usd = useFxRate('USD/EUR', { poll: true });
  const refreshSpot = useRefreshSpot();
  const refreshFx = useRefreshFx();
  const pendingMetals = usePendingSpotRefreshes();
  const allPending = useIsRefreshingAllPrices();
  const fxPending = useIsRefreshingFx() || allPending;

  const gold24 = parseDecimal(gold.data?.pricePerG);
  const silverPrice = parseDecimal(silver.data?.pricePerG);
  const rate = parseDecimal(usd.data?.rate);
  const refresh = (metal: Metal) => () => refreshSpot.mutate(metal);
  const goldPending = pendingMetals.includes('gold') || allPending;

  return (
    <div className={cn('flex items-center gap-0.5 sm:gap-1.5', className)} data-testid="header-prices">
      <PriceButton
        testId="price-gold-24k"
        label={isMobile ? '24k' : 'Or 24k'}
        name="Or 24 carats"
        value={gold24 ? formatGoldButton(gold24.toString()) : null}
        unit="€/g"
        refreshLabel="Actualiser le cours de l'or"
        freshness={freshnessOf(gold.data)}
        pending={goldPending}
        compact={isMobile}
        onRefresh={refresh('gold')}
      />
      <PriceButton
        testId="price-gold-18k"
        label={isMobile ? '18k' : 'Or 18k'}
        name="Or 18 carats"
        value={gold24 ? formatGoldButton(gold18ktFrom24kt(gold24).toString()) : null}
        unit="€/g"
        refreshLabel="Actualiser le cours de l'or"
        freshness={freshnessOf(gold.data)}
        pending={goldPending}
        compact={isMobile}
        onRefresh={refresh('gold')}
      />
      <PriceButton
        testId="price-silver"
        label="Ag"
        name="Argent"
        value={silverPrice ? formatSilverButton(silverPrice.toString(), isMobile) : null}
        unit="€/g"
        refreshLabel="Actualiser le cours de l'argent"
        freshness={freshnessOf(silver.data)}
        pending={pendingMetals.includes('silver') || allPending}
        compact={isMobile}
        onRefresh={refresh('silver')}
      />
      <PriceButton
        testId="price-usd-eur"
        label={isMobile ? '$/€' : 'USD/EUR'}
        name="Taux USD/EUR"
        value={rate ? formatRateButton(rate.toString(), isMobile) : null}
        unit=""
        refreshLabel="Actualiser le taux USD/EUR"
        freshness={freshnessOf(usd.data)}
        pending={fxPending}
        compact={isMobile}
        onRefresh={() => refreshFx.mutate()}
      />
    </div>
  );
}

/**
 * Refresh-all (wide screens): refreshes gold, silver and the USD/EUR rate, then one toast lists every refreshed
 * price and names what failed (refresh-all-prices.tsx).
 */
export function RefreshAllPricesButton({ className }: { className?: string }) {
  const refreshAll = useRefreshAllPrices();
  const pendingMetals = usePendingSpotRefreshes();
  const fxPending = useIsRefreshingFx();
  const pending = refreshAll.isPending || pendingMetals.length > 0 || fxPending;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className={className}
          aria-label="Actualiser tous les cours"
          data-testid="refresh-all-prices"
          disabled={pending}
          aria-busy={pending || undefined}
          onClick={() => refreshAll.mutate()}
        >
          <RefreshCw aria-hidden="true" className={cn(pending && 'animate-spin')} />
        </Button>
      </TooltipTrigger>
      <TooltipContent>Actualiser tous les cours</TooltipContent>
    </Tooltip>
  );
}
