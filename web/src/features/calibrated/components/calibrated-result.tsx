import { useEffect, type ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import type { CalibratedClarity } from '@shared/constants';
import { formatDateFr, formatEuro, formatMoney, formatNumber, formatRate } from '@shared/format';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { logger } from '@/lib/logger';
import { useCalibratedPrice } from '../api/get-calibrated-price';

function Row({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="flex items-center justify-between gap-3 py-2">
      <dt className="flex items-center gap-2 text-sm text-muted-foreground">{label}</dt>
      <dd className="text-right font-semibold tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

const has = (v: string | null): v is string => v !== null && v !== '';

/** Result rows of the calibrated prices card; "N/A" for missing numbers. */
export function CalibratedResult({ mm, clarity }: { mm: number; clarity: CalibratedClarity }) {
  const query = useCalibratedPrice(mm, clarity);
  const { error } = query;

  useEffect(() => {
    if (!error) return;
    logger.error('Failed to fetch calibrated price', {
      feature: 'calibrated-prices',
      stack: error.stack ?? null,
      context: { mm, clarity, message: error.message },
    });
  }, [error, mm, clarity]);

  if (query.isError) {
    return (
      <div
        role="alert"
        className="flex items-center gap-2 py-6 text-sm text-destructive"
        data-testid="calibrated-error"
      >
        <AlertTriangle aria-hidden="true" className="size-4" />
        Erreur lors du chargement des prix
      </div>
    );
  }
  if (query.isPending) {
    return (
      <div className="space-y-3 py-2" aria-busy="true" data-testid="calibrated-loading">
        <span className="sr-only">Chargement des prix…</span>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-6 w-full" />
        ))}
      </div>
    );
  }
  const data = query.data;
  if (!data.rangeFound) {
    return (
      <div className="py-6 text-center text-sm" data-testid="calibrated-no-range">
        <p className="font-medium">Aucun prix trouvé pour ce diamètre</p>
        <p className="text-muted-foreground">Plage disponible : 0.7 - 4.0 mm</p>
      </div>
    );
  }
  return (
    <div aria-live="polite" aria-busy={query.isFetching || undefined} data-testid="calibrated-result">
      <dl className="divide-y">
        <Row label="Prix USD/ct" testId="calibrated-usd-per-ct">
          {formatMoney(data.usdPerCt, 'USD', 2)}
        </Row>
        <Row
          label={
            <>
              Prix €/ct
              {has(data.fxRate) ? (
                <Badge variant="secondary" className="font-normal tabular-nums" data-testid="calibrated-fx">
                  FX: {formatRate(data.fxRate)}
                </Badge>
              ) : null}
            </>
          }
          testId="calibrated-eur-per-ct"
        >
          {formatEuro(data.eurPerCt, 2)}
        </Row>
        <Row
          label={
            <>
              $/pierre
              <span className="text-xs" data-testid="calibrated-approx-ct">
                ≈ {formatNumber(data.approximateCt, 4)} ct
              </span>
            </>
          }
          testId="calibrated-usd-per-stone"
        >
          {formatMoney(data.usdPerStone, 'USD', 2)}
        </Row>
        <Row label="€/pierre" testId="calibrated-eur-per-stone">
          {formatEuro(data.eurPerStone, 2)}
        </Row>
      </dl>
      <p className="mt-2 text-xs text-muted-foreground" data-testid="calibrated-date">
        Mis à jour le {formatDateFr(data.effectiveDate)}
      </p>
      {has(data.notes) ? <p className="mt-1 text-xs text-muted-foreground">{data.notes}</p> : null}
    </div>
  );
}
