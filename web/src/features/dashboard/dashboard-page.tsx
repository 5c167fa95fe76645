import { CalibratedPrices } from '@/features/calibrated/components/calibrated-prices';
import { DiamondSelection } from '@/features/diamonds/components/diamond-selection';
import { disabledModulesOf, useMeContext } from '@/features/access/use-me-context';
import { MobileMetalTicker } from '@/features/market/components/mobile-metal-ticker';
import { Skeleton } from '@/components/ui/skeleton';
import { useAfterFirstPaint } from '@/hooks/use-after-first-paint';
import { ActivityBlock } from './activity-block';
import { GoldBuybackCalculator } from './gold-buyback-calculator';
import { QuickActions } from './quick-actions';

/**
 * Dashboard, in order: the mobile metal ticker (below md), the activity block (figures the role may see, price
 * history chart on request), the gold buy-back express calculator, the quick actions, then the diamond selection
 * and the calibrated prices, side by side on large screens. A card whose module the organization turned off
 * (shared/modules.ts) is left out. The header shows the title; the page's one `h1` says it again for assistive
 * technologies. The diamond and calibrated cards render once the first paint is done (their place is held
 * meanwhile), which keeps the phone's first render short.
 */
export default function DashboardPage() {
  const disabledModules = disabledModulesOf(useMeContext().data);
  const showDiamonds = !disabledModules.has('diamonds');
  const showCalibrated = !disabledModules.has('calibrated');
  const belowTheFold = useAfterFirstPaint();
  return (
    <div className="space-y-4 md:space-y-6" data-testid="dashboard-page">
      <h1 className="sr-only">Tableau de bord</h1>
      <MobileMetalTicker />
      <ActivityBlock />
      <div className="grid gap-4 md:gap-6 xl:grid-cols-2">
        <GoldBuybackCalculator />
        <QuickActions />
      </div>
      {showDiamonds || showCalibrated ? (
        <div className="grid gap-4 md:gap-6 lg:grid-cols-2">
          {showDiamonds ? belowTheFold ? <DiamondSelection /> : <Skeleton className="h-[49rem] w-full" /> : null}
          {showCalibrated ? belowTheFold ? <CalibratedPrices /> : <Skeleton className="h-[49rem] w-full" /> : null}
        </div>
      ) : null}
    </div>
  );
}
