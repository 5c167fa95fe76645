import { useId, useState } from 'react';
import { Ruler, Sparkles, Table2 } from 'lucide-react';
import {
  CALIBRATED_DEBOUNCE_MS,
  CALIBRATED_MM_DEFAULT,
  CALIBRATED_MM_MARKS,
  CALIBRATED_MM_MAX,
  CALIBRATED_MM_MIN,
  CALIBRATED_MM_STEP,
  type CalibratedClarity,
} from '@shared/constants';
import { formatNumber } from '@shared/format';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/class-merge';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { markPercent, roundDiameter } from '../lib/diameter';
import { CalibratedResult } from './calibrated-result';
import { ClarityTabs, clarityPanelId, clarityTabId } from './clarity-tabs';
import { DiameterSlider } from './diameter-slider';
import { ReferenceDialog } from './reference-dialog';
import { SieveTable } from './sieve-table';

/** Marks under the track: 0.7, 2.35, 4.0; the ends are aligned with the track ends. */
function SliderMarks() {
  return (
    <div className="relative h-4 text-xs text-muted-foreground" aria-hidden="true">
      {CALIBRATED_MM_MARKS.map((mark, i) => (
        <span
          key={mark}
          className={cn(
            'absolute top-0',
            i === 0 ? 'translate-x-0' : i === CALIBRATED_MM_MARKS.length - 1 ? '-translate-x-full' : '-translate-x-1/2',
          )}
          style={{ left: `${markPercent(mark)}%` }}
        >
          {mark === CALIBRATED_MM_MAX ? '4.0' : String(mark)}
        </span>
      ))}
    </div>
  );
}

/** "Prix Calibrés": clarity tabs, diameter slider (debounced 300 ms) and the price of one range. */
export function CalibratedPrices({ className }: { className?: string }) {
  const [clarity, setClarity] = useState<CalibratedClarity>('VVS');
  const [mm, setMm] = useState<number>(CALIBRATED_MM_DEFAULT);
  const debouncedMm = useDebouncedValue(mm, CALIBRATED_DEBOUNCE_MS);
  const baseId = useId();

  return (
    <Card className={cn('flex flex-col', className)} data-testid="calibrated-prices">
      <CardHeader className="p-4 pb-4 sm:p-6 sm:pb-4">
        <h2 className="flex items-center gap-2 text-lg leading-none font-semibold tracking-tight">
          <Sparkles aria-hidden="true" className="size-5 text-gold-foreground" />
          Prix Calibrés
        </h2>
        <CardDescription>Diamants ronds calibrés (mêlée), prix par carat et par pierre</CardDescription>
      </CardHeader>
      <CardContent className="flex-1 space-y-4 p-4 pt-0 sm:p-6 sm:pt-0">
        <ClarityTabs baseId={baseId} value={clarity} onValueChange={setClarity} />
        <div className="mt-4 space-y-1">
          <div className="flex items-baseline justify-between">
            <span id="calibrated-mm-label" className="text-sm font-medium">
              Diamètre
            </span>
            <output
              htmlFor="calibrated-mm"
              className="text-sm font-semibold tabular-nums"
              data-testid="calibrated-mm-value"
            >
              {formatNumber(roundDiameter(mm), 2)} mm
            </output>
          </div>
          <DiameterSlider
            id="calibrated-mm"
            min={CALIBRATED_MM_MIN}
            max={CALIBRATED_MM_MAX}
            step={CALIBRATED_MM_STEP}
            value={mm}
            onValueChange={(value) => setMm(roundDiameter(value))}
            label="Diamètre en millimètres"
            data-testid="calibrated-slider"
          />
          <SliderMarks />
        </div>
        <div
          role="tabpanel"
          id={clarityPanelId(baseId)}
          aria-labelledby={clarityTabId(baseId, clarity)}
          className="mt-2"
        >
          <CalibratedResult mm={debouncedMm} clarity={clarity} />
        </div>
      </CardContent>
      <CardFooter className="flex-wrap gap-2 p-4 pt-0 sm:p-6 sm:pt-0">
        <Tooltip>
          <TooltipTrigger asChild>
            <Button
              variant="outline"
              size="sm"
              aria-disabled="true"
              className="opacity-60"
              data-testid="calibrated-ranges-button"
              onClick={(event) => event.preventDefault()}
            >
              <Table2 aria-hidden="true" />
              Voir toutes les plages
              <span className="sr-only"> (bientôt disponible)</span>
            </Button>
          </TooltipTrigger>
          <TooltipContent>Bientôt disponible</TooltipContent>
        </Tooltip>
        <ReferenceDialog
          title="Équivalence tamis"
          description="Tamis, diamètre et poids approximatif d'une pierre ronde brillant."
          trigger={
            <Button variant="outline" size="sm" data-testid="sieve-button">
              <Ruler aria-hidden="true" />
              Équiv. tamis
            </Button>
          }
        >
          <SieveTable mm={roundDiameter(mm)} />
        </ReferenceDialog>
      </CardFooter>
    </Card>
  );
}
