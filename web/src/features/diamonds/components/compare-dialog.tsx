import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { X } from 'lucide-react';
import { feedCodeLabel } from '@shared/diamond-feed-codes';
import { shapeName } from '@shared/diamond-names';
import { formatNumber } from '@shared/format';
import type { DiamondDetail } from '@shared/schemas/diamonds';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useComparedDiamonds } from '../api/catalogue-api';
import { diamondPriceLines, gradeName } from '../lib/diamond-display';
import { colorText, growthText, measurementsText } from '../lib/diamond-facts';
import type { ShortlistEntry } from '../lib/shortlist';

const percent = (v: string | null) => (v === null ? '—' : `${formatNumber(v, 1)} %`);

/** The rows of the comparison: one fact of each stone per row. */
const ROWS: ReadonlyArray<{ label: string; value: (d: DiamondDetail) => ReactNode }> = [
  { label: 'Forme', value: (d) => shapeName(d.shape) },
  { label: 'Poids', value: (d) => `${formatNumber(d.carats, 2)} ct` },
  { label: 'Couleur', value: (d) => colorText(d) },
  { label: 'Pureté', value: (d) => d.clarity },
  { label: 'Taille', value: (d) => gradeName(d.cut) },
  { label: 'Poli', value: (d) => gradeName(d.polish) },
  { label: 'Symétrie', value: (d) => gradeName(d.symmetry) },
  { label: 'Fluorescence', value: (d) => feedCodeLabel('fluorescence', d.fluorescence) },
  { label: 'Laboratoire', value: (d) => (d.lab ? feedCodeLabel('lab', d.lab) : '—') },
  { label: 'Origine', value: (d) => growthText(d.growth) },
  { label: 'Profondeur', value: (d) => percent(d.depthPct) },
  { label: 'Table', value: (d) => percent(d.tablePct) },
  { label: 'Dimensions', value: (d) => measurementsText(d) },
  { label: 'Localisation', value: (d) => d.location ?? '—' },
  { label: 'Prix', value: (d) => diamondPriceLines(d).main?.total ?? 'Sur demande' },
  { label: 'Prix par carat', value: (d) => diamondPriceLines(d).main?.perCarat ?? '—' },
  { label: 'Prix en dollars', value: (d) => diamondPriceLines(d).usd?.total ?? '—' },
];

/** Up to four shortlisted stones side by side, read again from the catalogue (a stone gone reads so). */
export function CompareDialog({
  open,
  onOpenChange,
  entries,
  onRemove,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  entries: readonly ShortlistEntry[];
  onRemove: (id: string) => void;
}) {
  const compared = useComparedDiamonds(open ? entries.map((e) => e.id) : []);
  const stoneOf = (id: string) => compared.data?.find((c) => c.id === id);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-5xl" data-testid="compare-dialog">
        <DialogHeader>
          <DialogTitle>Comparer les diamants</DialogTitle>
          <DialogDescription>Les pierres retenues, côte à côte ; les prix sont ceux du jour.</DialogDescription>
        </DialogHeader>
        <div className="max-h-[70vh] overflow-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b">
                <th scope="col" className="sticky left-0 bg-background p-2 text-left font-medium text-muted-foreground">
                  <span className="sr-only">Caractéristique</span>
                </th>
                {entries.map((entry) => {
                  const stone = stoneOf(entry.id)?.stone;
                  return (
                    <th key={entry.id} scope="col" className="min-w-36 p-2 text-left align-top">
                      <div className="flex items-start justify-between gap-1">
                        {stone ? (
                          <Link
                            to={`/diamond/${entry.id}`}
                            className="font-semibold underline-offset-2 hover:underline"
                            onClick={() => onOpenChange(false)}
                          >
                            {entry.label}
                          </Link>
                        ) : (
                          <span className="font-semibold">{entry.label}</span>
                        )}
                        <Button
                          type="button"
                          variant="ghost"
                          size="sm"
                          className="h-7 px-1.5"
                          aria-label={`Retirer ${entry.label} de la comparaison`}
                          onClick={() => onRemove(entry.id)}
                        >
                          <X aria-hidden="true" />
                        </Button>
                      </div>
                      {stone ? (
                        <img
                          src={stone.imageUrl}
                          alt=""
                          width={96}
                          height={96}
                          className="mt-1 size-24 rounded bg-muted object-contain"
                        />
                      ) : null}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {ROWS.map((row) => (
                <tr key={row.label} className="border-b last:border-b-0">
                  <th
                    scope="row"
                    className="sticky left-0 bg-background p-2 text-left font-medium whitespace-nowrap text-muted-foreground"
                  >
                    {row.label}
                  </th>
                  {entries.map((entry) => {
                    const found = stoneOf(entry.id);
                    return (
                      <td key={entry.id} className="p-2 tabular-nums">
                        {found?.stone ? (
                          row.value(found.stone)
                        ) : found ? (
                          <span className="text-muted-foreground">Plus au catalogue</span>
                        ) : compared.isError ? (
                          <span className="text-muted-foreground">Indisponible</span>
                        ) : (
                          <Skeleton className="h-4 w-20" />
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </DialogContent>
    </Dialog>
  );
}
