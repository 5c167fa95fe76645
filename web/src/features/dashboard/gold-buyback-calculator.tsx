import { useId, useState } from 'react';
import { Calculator } from 'lucide-react';
import { GOLD_BUYBACK_DISCOUNT_LABEL, GOLD_BUYBACK_FACTOR } from '@shared/constants';
import { formatBuybackPrice, formatNumber } from '@shared/format';
import { buybackAppliedPricePerGram, buybackPrice, parseDecimal } from '@shared/pricing-exact';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAlloyPrices } from '@/features/market/api/get-alloy-prices';
import { cn } from '@/lib/utils';
import { SELECT_CLASS } from './select-class';

/**
 * "Calculette Express Rachat Or" (spec §2, §5): weight in grams x gold alloy price per gram x 0.755; a dash while
 * the weight is not a number above 0 or no alloy is chosen.
 */
export function GoldBuybackCalculator({ className }: { className?: string }) {
  const id = useId();
  const alloys = useAlloyPrices();
  const goldAlloys = (Array.isArray(alloys.data) ? alloys.data : []).filter((a) => a.baseMetal === 'gold');
  const [weight, setWeight] = useState('');
  const [alloyId, setAlloyId] = useState('');
  const alloy = goldAlloys.find((a) => a.id === alloyId);
  const alloyPrice = parseDecimal(alloy?.pricePerG);
  const price = buybackPrice(weight, alloy?.pricePerG);

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
            <Input
              id={`${id}-weight`}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
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
            {formatBuybackPrice(price.toString())}
          </p>
          {alloyPrice ? (
            <p className="mt-1 text-xs text-muted-foreground" data-testid="buyback-note">
              Prix appliqué : {formatNumber(buybackAppliedPricePerGram(alloyPrice).toString(), 2)} €/g ×{' '}
              {GOLD_BUYBACK_FACTOR} (décote {GOLD_BUYBACK_DISCOUNT_LABEL})
            </p>
          ) : null}
          {alloys.isError ? (
            <p className="mt-1 text-xs text-destructive" role="alert">
              Cours des alliages indisponibles
            </p>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
