import { normalizeDecimalText, toInputText } from '@shared/decimal-input';
import { formatPlainDecimal } from '@shared/pricing-display';
import { ExactDecimal } from '@shared/pricing-exact';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/class-merge';
import { usePricingSettings } from '@/lib/pricing-settings';

/** Under a metal line's loss (as typed): flagged when above the organization's threshold, as the price flags it. */
export function MetalLossWarning({ loss }: { loss: string | undefined }) {
  const settings = usePricingSettings();
  const threshold = settings.data?.metalLossWarningPct;
  const value = ExactDecimal.parse(normalizeDecimalText(loss ?? '') ?? '');
  const limit = threshold ? ExactDecimal.parse(threshold) : null;
  if (!threshold || !value || !limit || value.comparedTo(limit) <= 0) return null;
  return (
    <p className="text-xs font-medium text-amber-700 dark:text-amber-300" data-testid="loss-warning">
      Au-dessus du seuil de perte de {formatPlainDecimal(threshold)} %
    </p>
  );
}

/** The organization's hourly rates (settings), offered for a labour line: a click gives the rate as typed text. */
export function HourlyRateChoices({ onChoose, className }: { onChoose: (rate: string) => void; className?: string }) {
  const settings = usePricingSettings();
  const rates = settings.data?.hourlyRates ?? [];
  if (rates.length === 0) return null;
  return (
    <div className={cn('flex flex-wrap gap-1', className)} role="group" aria-label="Taux horaires de l'organisation">
      {rates.map((rate) => (
        <Button
          key={`${rate.label}-${rate.ratePerHour}`}
          type="button"
          size="sm"
          variant="secondary"
          className="h-7 px-2 text-xs"
          onClick={() => onChoose(toInputText(rate.ratePerHour))}
        >
          {rate.label} {toInputText(rate.ratePerHour)} €/h
        </Button>
      ))}
    </div>
  );
}
