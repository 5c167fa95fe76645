import { useMemo, useState, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { formatEuro } from '@shared/format';
import { toInputText } from '@shared/decimal-input';
import type { DiamondListing } from '@shared/schemas/diamonds';
import { SELECT_CLASS } from '@/components/form/field-classes';
import { FormField } from '@/components/form/form-field';
import { NumberInput } from '@/components/form/number-input';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { DIAMOND_SHAPE_OPTIONS, shapeName } from '@shared/diamond-names';
import { DIAMOND_PAGE_SIZE, useDiamondSearch, type DiamondFilters } from '../api/pickers';
import { caratBounds, DIAMOND_CLARITIES, DIAMOND_COLORS, diamondLabel } from '../lib/diamond-labels';

const EMPTY = { caratMin: '', caratMax: '', shape: '', color: '', clarity: '' };

/**
 * The catalogue diamond of a line: filters (carats min/max, shape, colour, clarity) over /api/diamonds, each stone
 * with its EUR price; "Choisir" puts it on the line.
 */
export function DiamondDialog({
  open,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (diamond: DiamondListing, label: string) => void;
}) {
  const [typed, setTyped] = useState(EMPTY);
  const [page, setPage] = useState(1);
  const bounds = caratBounds(typed.caratMin, typed.caratMax);
  const filters: DiamondFilters = {
    caratMin: bounds.caratMin,
    caratMax: bounds.caratMax,
    shape: typed.shape,
    color: typed.color,
    clarity: typed.clarity,
  };
  // The wait compares text: a new object with the same filters does not restart it.
  const debouncedText = useDebouncedValue(JSON.stringify(filters), 300);
  const debounced = useMemo(() => JSON.parse(debouncedText) as DiamondFilters, [debouncedText]);
  const search = useDiamondSearch(debounced, page, open && bounds.error === null);
  const items = search.data?.items ?? [];
  const total = search.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / DIAMOND_PAGE_SIZE));

  const set = (name: keyof typeof EMPTY) => (value: string) => {
    setTyped((t) => ({ ...t, [name]: value }));
    setPage(1);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl" data-testid="diamond-dialog">
        <DialogHeader>
          <DialogTitle>Choisir un diamant du catalogue</DialogTitle>
          <DialogDescription>Filtrez par carats, forme, couleur et pureté ; les prix sont en euros.</DialogDescription>
        </DialogHeader>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          <FormField id="diamond-carat-min" label="Carats min.">
            <NumberInput value={typed.caratMin} onChange={(e) => set('caratMin')(e.target.value)} placeholder="0,3" />
          </FormField>
          <FormField id="diamond-carat-max" label="Carats max.">
            <NumberInput value={typed.caratMax} onChange={(e) => set('caratMax')(e.target.value)} placeholder="1,5" />
          </FormField>
          <FilterSelect id="diamond-shape" label="Forme" value={typed.shape} onChange={set('shape')}>
            {DIAMOND_SHAPE_OPTIONS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect id="diamond-color" label="Couleur" value={typed.color} onChange={set('color')}>
            {DIAMOND_COLORS.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect id="diamond-clarity" label="Pureté" value={typed.clarity} onChange={set('clarity')}>
            {DIAMOND_CLARITIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </FilterSelect>
        </div>
        {bounds.error && (
          <p role="alert" className="text-sm text-destructive">
            {bounds.error}
          </p>
        )}
        <div aria-live="polite" aria-busy={search.isFetching} className="min-h-40">
          {search.isError ? (
            <div role="alert" className="space-y-2">
              <p className="text-sm text-destructive">Impossible de charger le catalogue.</p>
              <Button type="button" size="sm" variant="outline" onClick={() => void search.refetch()}>
                Réessayer
              </Button>
            </div>
          ) : search.isPending && bounds.error === null ? (
            <div className="space-y-2">
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-10 w-full" />
            </div>
          ) : items.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">Aucun diamant ne correspond à ces filtres.</p>
          ) : (
            <ul className="divide-y rounded-md border" data-testid="diamond-results">
              {items.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 text-sm">
                  <div className="min-w-0 flex-1">
                    <div className="font-medium">
                      {shapeName(d.shape)} {toInputText(d.carats)} ct · {d.color} · {d.clarity}
                    </div>
                    <div className="text-xs text-muted-foreground">
                      Réf. {d.ref}
                      {d.lab ? ` · ${d.lab}` : ''}
                      {d.priceEur ? ` · ${formatEuro(d.priceEur)}/ct` : ''}
                    </div>
                  </div>
                  <div className="font-semibold tabular-nums">
                    {d.totalPriceEur ? formatEuro(d.totalPriceEur) : 'Prix inconnu'}
                  </div>
                  <Button
                    type="button"
                    size="sm"
                    aria-label={`Choisir ${diamondLabel(d)}, réf. ${d.ref}`}
                    disabled={!d.totalPriceEur}
                    onClick={() => onPick(d, diamondLabel(d))}
                  >
                    Choisir
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="flex items-center justify-between gap-2 text-sm">
          <span className="text-muted-foreground">
            {total > 0 ? `${total.toLocaleString('fr-FR')} diamant${total > 1 ? 's' : ''}` : '\u00a0'}
          </span>
          <div className="flex items-center gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-label="Page précédente"
              disabled={page <= 1}
              onClick={() => setPage((p) => p - 1)}
            >
              <ChevronLeft aria-hidden="true" />
            </Button>
            <span className="tabular-nums">
              Page {page} / {pages}
            </span>
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-label="Page suivante"
              disabled={page >= pages}
              onClick={() => setPage((p) => p + 1)}
            >
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function FilterSelect({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <FormField id={id} label={label}>
      <select className={SELECT_CLASS} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Toutes</option>
        {children}
      </select>
    </FormField>
  );
}
