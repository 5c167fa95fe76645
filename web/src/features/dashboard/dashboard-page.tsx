import { CalibratedPrices } from '@/features/calibrated/components/calibrated-prices';
import { DiamondSelection } from '@/features/diamonds/components/diamond-selection';
import { MobileMetalTicker } from '@/features/market/components/mobile-metal-ticker';
import { GoldBuybackCalculator } from './gold-buyback-calculator';
import { QuickActions } from './quick-actions';

/**
 * Dashboard (spec §2), in order: the mobile metal ticker (below md), the gold buy-back express calculator, the
 * quick actions, then the diamond selection and the calibrated prices, side by side on large screens.
 */
export default function DashboardPage() {
  return (
    <div className="space-y-4 md:space-y-6" data-testid="dashboard-page">
      <MobileMetalTicker />
      <div className="grid gap-4 md:gap-6 xl:grid-cols-2">
        <GoldBuybackCalculator />
        <QuickActions />
      </div>
      <div className="grid gap-4 md:gap-6 lg:grid-cols-2">
        <DiamondSelection />
        <CalibratedPrices />
      </div>
    </div>
  );
}
