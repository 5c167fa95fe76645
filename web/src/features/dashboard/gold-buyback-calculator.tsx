import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Calculator, FilePlus2 } from 'lucide-react';
import { GOLD_BUYBACK_FACTOR } from '@shared/constants';
import { normalizeDecimalText } from '@shared/decimal-input';
import { formatBuybackPrice, formatNumber } from '@shared/format';
import {
  buybackAppliedPricePerGram,
  buybackDiscountLabel,
  buybackPrice,
  ExactDecimal,
  parseDecimal,
} from '@shared/pricing-exact';
import { NumberInput } from '@/components/form/number-input';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { useCanOpen } from '@/features/access/use-can-open';
import { useAlloyPrices } from '@/features/market/api/get-alloy-prices';
import { usePricingSettings } from '@/lib/pricing-settings';
import { cn } from '@/lib/class-merge';
import { SELECT_CLASS } from './select-class';

/**
 * "Calculette Express Rachat Or": weight in grams x gold alloy price per gram (rounded to the cent, as
 * the note shows it) x the organization's buy-back factor (settings, 0.755 by default); a dash while the weight is
 * not a number above 0 or no alloy is chosen. The weight is typed the French way ("12,5") in THE numeric field.
 */
export function GoldBuybackCalculator({ className }: { className?: string }) {
  const id = useId();
  const alloys = useAlloyPrices();
  const goldAlloys = (Array.isArray(alloys.data) ? alloys.data : []).filter((a) => a.baseMetal === 'gold');
  const [weight, setWeight] = useState('');
  const [alloyId, setAlloyId] = useState('');
  const settings = usePricingSettings();
  // The organization's factor; the default 0.755 only when the settings cannot be read (said below the result).
  const factor = ExactDecimal.parse(settings.data?.buybackFactor ?? GOLD_BUYBACK_FACTOR)!;
  const alloy = goldAlloys.find((a) => a.id === alloyId);
  const alloyPrice = parseDecimal(alloy?.pricePerG);
  const grams = normalizeDecimalText(weight);
  const ready = !settings.isPending;
  const price = ready && grams ? buybackPrice(grams, alloy?.pricePerG, factor) : null;
  // "Créer un achat" carries the weight and the alloy over to a new purchase (for the roles that buy gold).
  const { ready: accessReady, canOpen } = useCanOpen();
  const purchase = new URLSearchParams({ metal: alloy?.baseMetal ?? 'gold' });
  if (grams) purchase.set('weight', weight.trim());
  if (alloy) purchase.set('fineness', String(alloy.fineness));

  return (
    <Card className={cn(className)} data-testid="gold-buyback-calculator">
      <CardHeader className="p-4 pb-4 sm:p-6 sm:pb-4">
        <h2 className="flex items-center gap-2 text-lg leading-none font-semibold tracking-tight">
          <Calculator aria-hidden="true" className="size-5 text-gold-foreground" />
          Calculette Express Rachat Or
        </h2>
        <CardDescription>Estimation immédiate du prix de rachat aux particuliers</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 p-4 pt-0 sm:p-6 sm:pt-0">
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-weight`}>Poids (g)</Label>
            <NumberInput
              id={`${id}-weight`}
              placeholder="0,00"
              value={weight}
              onChange={(event) => setWeight(event.target.value)}
              data-testid="buyback-weight"
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-alloy`}>Titre du métal</Label>
            <select
              id={`${id}-alloy`}
              data-testid="buyback-alloy"
              value={alloyId}
              onChange={(event) => setAlloyId(event.target.value)}
              disabled={goldAlloys.length === 0}
              className={SELECT_CLASS}
            >
              <option value="">{alloys.isPending ? 'Chargement…' : 'Choisir un titre'}</option>
              {goldAlloys.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="rounded-lg bg-muted p-4">
          <p className="text-sm text-muted-foreground" id={`${id}-result-label`}>
            Prix rachat particuliers
          </p>
          <p
            className="text-2xl font-bold tabular-nums"
            data-testid="buyback-result"
            aria-labelledby={`${id}-result-label`}
            aria-live="polite"
          >
            {formatBuybackPrice(price?.toString())}
          </p>
          {alloyPrice && ready ? (
            <p className="mt-1 text-xs text-muted-foreground" data-testid="buyback-note">
              Prix appliqué : {formatNumber(buybackAppliedPricePerGram(alloyPrice).toString(), 2)} €/g ×{' '}
              {factor.toString()} (décote {buybackDiscountLabel(factor)})
            </p>
          ) : null}
          {settings.isError ? (
            <p className="mt-1 text-xs text-destructive" role="alert">
              Coefficient de rachat de l&apos;organisation indisponible : {GOLD_BUYBACK_FACTOR} appliqué par défaut
            </p>
          ) : null}
          {alloys.isError ? (
            <p className="mt-1 text-xs text-destructive" role="alert">
              Cours des alliages indisponibles
            </p>
          ) : null}
        </div>
        {accessReady && canOpen('/goldbuy/new', 'write') ? (
          <Button asChild variant="outline" className="w-full sm:w-auto" data-testid="buyback-create">
            <Link to={`/goldbuy/new?${purchase.toString()}`}>
              <FilePlus2 aria-hidden="true" />
              Créer un achat
            </Link>
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
