import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import type { ProductCoefficients } from '@shared/product-pricing';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { PREVIEW_DEBOUNCE_MS, useProductPricingPreview } from '../api/products-api';
import { previewRequest, type ProductFormValues } from '../lib/product-form';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { PricingBreakdown } from './pricing-breakdown';

/**
 * The price of the sheet as it is being edited, before it is saved: the form's lines that already read as valid
 * are priced by the server (POST /api/products/pricing-preview, the same pricing as a saved sheet) 400 ms after
 * the last keystroke, and shown marked "Aperçu — non enregistré".
 */
export function PricingPreview({ saved }: { saved: ProductCoefficients }) {
  const values = useWatch<ProductFormValues>() as ProductFormValues;
  // Recomputed on every render (at most 100 lines): the watched values may keep their identity while changing.
  const request = previewRequest(values, saved);
  // The debounce compares text: a new object with the same content does not restart the wait.
  const requestText = useDebouncedValue(JSON.stringify(request), PREVIEW_DEBOUNCE_MS);
  const debounced = useMemo(() => JSON.parse(requestText) as typeof request, [requestText]);
  const preview = useProductPricingPreview(debounced.body);
  const waiting = requestText !== JSON.stringify(request) || preview.isFetching;

  return (
    <div className="space-y-3" data-testid="pricing-preview" aria-busy={waiting}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="outline" className="border-amber-500 text-amber-800 dark:text-amber-200">
          Aperçu — non enregistré
        </Badge>
        <span className="text-xs text-muted-foreground" aria-live="polite">
          {waiting ? 'Calcul…' : 'Prix de la composition en cours de saisie'}
        </span>
      </div>
      {debounced.skippedLines.length > 0 && (
        <p className="text-xs text-amber-700 dark:text-amber-300">
          {debounced.skippedLines.length > 1 ? 'Lignes' : 'Ligne'} {debounced.skippedLines.join(', ')} incomplète
          {debounced.skippedLines.length > 1 ? 's' : ''} : non chiffrée{debounced.skippedLines.length > 1 ? 's' : ''}{' '}
          dans l&apos;aperçu.
        </p>
      )}
      {debounced.savedCoefficientsUsed && (
        <p className="text-xs text-amber-700 dark:text-amber-300">
          Coefficient invalide : l&apos;aperçu utilise les coefficients enregistrés.
        </p>
      )}
      {preview.data ? (
        <PricingBreakdown pricing={preview.data} testId="pricing-preview-breakdown" />
      ) : preview.isError ? (
        <div className="space-y-2">
          <p className="text-sm text-destructive" role="alert">
            Impossible de calculer l&apos;aperçu.
          </p>
          <Button type="button" size="sm" variant="outline" onClick={() => void preview.refetch()}>
            Réessayer
          </Button>
        </div>
      ) : (
        <Skeleton className="h-40 w-full" />
      )}
    </div>
  );
}
