import { useState } from 'react';
import { Camera } from 'lucide-react';
import { formatEuro, formatDateFr } from '@shared/format';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { SELECT_CLASS } from '@/components/form/field-classes';
import { useProductPricing, useProductSnapshots } from '../api/products-api';
import { useCreateSnapshot } from '../api/product-mutations';
import { formatDateTimeFr, formatSignedEuro, formatSignedPercent } from '../lib/display';

/**
 * Snapshots of a sheet's price: "Enregistrer le prix du jour" stores the price now; choosing a snapshot compares
 * "Prix au {date}" with "Aujourd'hui" (difference in € and %).
 */
export function SnapshotComparison({ slug, canWrite }: { slug: string; canWrite: boolean }) {
  const [snapshotId, setSnapshotId] = useState<string | null>(null);
  const snapshots = useProductSnapshots(slug);
  const comparison = useProductPricing(slug, snapshotId);
  const createSnapshot = useCreateSnapshot(slug);

  const save = () =>
    createSnapshot.mutate(undefined, {
      onSuccess: (snapshot) => {
        setSnapshotId(snapshot.id);
        toast({ title: 'Prix enregistré', description: `Prix du jour enregistré : ${formatEuro(snapshot.salePrice)}` });
      },
      onError: (error) =>
        toast({
          title: 'Erreur',
          description: error instanceof ApiError ? error.serverMessage : "Impossible d'enregistrer le prix du jour",
          variant: 'destructive',
        }),
    });

  const data = comparison.data;
  const items = snapshots.data?.items ?? [];
  return (
    <div className="space-y-3" data-testid="snapshot-comparison">
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1">
          <label htmlFor="snapshot-select" className="mb-1 block text-xs text-muted-foreground">
            Comparer avec un prix enregistré
          </label>
          <select
            id="snapshot-select"
            className={SELECT_CLASS}
            value={snapshotId ?? ''}
            onChange={(e) => setSnapshotId(e.target.value || null)}
            disabled={snapshots.isPending}
          >
            <option value="">{items.length === 0 ? 'Aucun prix enregistré' : 'Choisir une date…'}</option>
            {items.map((s) => (
              <option key={s.id} value={s.id}>
                {formatDateTimeFr(s.takenAt)} — {formatEuro(s.salePrice)}
                {s.label ? ` (${s.label})` : ''}
              </option>
            ))}
          </select>
        </div>
        {canWrite && (
          <Button type="button" variant="outline" onClick={save} disabled={createSnapshot.isPending}>
            <Camera aria-hidden="true" />
            Enregistrer le prix du jour
          </Button>
        )}
      </div>
      {snapshots.isError && <p className="text-sm text-destructive">Impossible de charger les prix enregistrés.</p>}
      {snapshotId && !data?.snapshot && comparison.isFetching && <Skeleton className="h-24 w-full" />}
      {data?.snapshot && data.comparison && (
        <div>
          <table className="w-full text-sm" data-testid="snapshot-table">
            <thead>
              <tr className="border-b text-left text-xs text-muted-foreground">
                <th className="py-2 pr-2 font-medium">
                  <span className="sr-only">Prix</span>
                </th>
                <th className="py-2 pr-2 text-right font-medium">Coût de revient</th>
                <th className="py-2 text-right font-medium">Prix de vente HT</th>
              </tr>
            </thead>
            <tbody>
              <tr className="border-b">
                <th scope="row" className="py-2 pr-2 text-left font-normal">
                  Prix au {formatDateFr(data.snapshot.takenAt)}
                </th>
                <td className="py-2 pr-2 text-right whitespace-nowrap">{formatEuro(data.snapshot.totalCost)}</td>
                <td className="py-2 text-right whitespace-nowrap">{formatEuro(data.snapshot.salePrice)}</td>
              </tr>
              <tr className="border-b">
                <th scope="row" className="py-2 pr-2 text-left font-normal">
                  Aujourd&apos;hui
                </th>
                <td className="py-2 pr-2 text-right whitespace-nowrap">{formatEuro(data.today.totalCost)}</td>
                <td className="py-2 text-right whitespace-nowrap">{formatEuro(data.today.salePrice)}</td>
              </tr>
              <tr>
                <th scope="row" className="py-2 pr-2 text-left font-medium">
                  Écart
                </th>
                <td className="py-2 pr-2 text-right">
                  <div className="whitespace-nowrap">{formatSignedEuro(data.comparison.totalCost.amount)}</div>
                  <div className="text-xs text-muted-foreground">
                    {formatSignedPercent(data.comparison.totalCost.percent)}
                  </div>
                </td>
                <td className="py-2 text-right font-medium" data-testid="sale-price-delta">
                  <div className="whitespace-nowrap">{formatSignedEuro(data.comparison.salePrice.amount)}</div>
                  <div className="text-xs text-muted-foreground">
                    {formatSignedPercent(data.comparison.salePrice.percent)}
                  </div>
                </td>
              </tr>
            </tbody>
          </table>
          {!data.comparison.sameComposition && (
            <p className="mt-2 text-xs text-muted-foreground">
              La composition a changé depuis ce prix enregistré : l&apos;écart inclut ces modifications.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
