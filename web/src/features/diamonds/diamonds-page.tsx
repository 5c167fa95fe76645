import { useState } from 'react';
import { Link } from 'react-router';
import { LayoutGrid, SlidersHorizontal, Table2 } from 'lucide-react';
import { withFilter } from '@/components/data-table/list-state';
import { useListState } from '@/components/data-table/use-list-state';
import { FILTER_CONTROL_CLASS } from '@/components/data-table/filter-select';
import { PageHeader } from '@/components/form/page-header';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { useCanOpen } from '@/features/access/use-can-open';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/class-merge';
import { useDiamondCatalogue, useDiamondFacets } from './api/catalogue-api';
import { CatalogueFilters } from './components/catalogue-filters';
import { CatalogueResults } from './components/catalogue-results';
import { ShortlistBar } from './components/shortlist-bar';
import {
  activeFilterCount,
  CATALOGUE_DEFAULTS,
  CATALOGUE_PAGE_SIZES,
  CATALOGUE_SORT_OPTIONS,
  catalogueQueryString,
  catalogueView,
  clearFilters,
} from './lib/catalogue-query';
import { SHORTLIST_MAX, useShortlist } from './lib/shortlist';

/**
 * `/diamonds`: the shop's diamond catalogue (installation-wide stones and its suppliers' feeds). Every filter, the
 * sort, the page and the view live in the address: a search can be shared, and Back undoes the last change.
 */
export default function DiamondsPage() {
  const [state, setState] = useListState(CATALOGUE_DEFAULTS);
  const query = catalogueQueryString(state);
  const search = useDiamondCatalogue(query);
  const facets = useDiamondFacets();
  const shortlist = useShortlist();
  const { canOpen } = useCanOpen();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [shortlistFull, setShortlistFull] = useState(false);
  const view = catalogueView(state);
  const count = activeFilterCount(state);
  const sortValue = `${state.sort}-${state.dir}`;
  const error =
    search.error instanceof ApiError
      ? search.error.serverMessage || `Catalogue diamant temporairement indisponible (${search.error.status})`
      : search.error
        ? 'Catalogue diamant temporairement indisponible'
        : null;

  const filters = <CatalogueFilters state={state} onStateChange={setState} facets={facets.data} />;
  const shortlistControls = {
    has: shortlist.has,
    full: shortlist.entries.length >= SHORTLIST_MAX,
    toggle: (entry: { id: string; label: string }) => setShortlistFull(!shortlist.toggle(entry)),
  };

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Catalogue Diamant"
        description="Les pierres de vos fournisseurs et du catalogue commun, prix en euros au cours du jour."
        actions={
          canOpen('/diamonds/feeds') ? (
            <Button asChild variant="outline" size="sm">
              <Link to="/diamonds/feeds">Flux fournisseurs</Link>
            </Button>
          ) : null
        }
      />
      <div className="flex gap-6">
        <aside className="hidden w-64 shrink-0 lg:block" aria-label="Filtres">
          {filters}
        </aside>
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="lg:hidden"
              onClick={() => setFiltersOpen(true)}
            >
              <SlidersHorizontal aria-hidden="true" />
              Filtres{count > 0 ? ` (${count})` : ''}
            </Button>
            <label className="flex items-center gap-2 text-sm text-muted-foreground">
              <span className="hidden sm:inline">Trier par</span>
              <select
                aria-label="Trier par"
                className={FILTER_CONTROL_CLASS}
                value={sortValue}
                onChange={(e) => {
                  const option = CATALOGUE_SORT_OPTIONS.find((o) => o.value === e.target.value);
                  if (option) setState({ ...state, page: 1, sort: option.sort, dir: option.dir });
                }}
              >
                {CATALOGUE_SORT_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex items-center gap-2 text-sm text-muted-foreground">
              <span className="hidden sm:inline">Par page</span>
              <select
                aria-label="Pierres par page"
                className={FILTER_CONTROL_CLASS}
                value={state.pageSize}
                onChange={(e) => setState({ ...state, page: 1, pageSize: Number(e.target.value) })}
              >
                {CATALOGUE_PAGE_SIZES.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
            <div role="group" aria-label="Affichage" className="ml-auto flex rounded-md border p-0.5">
              {(
                [
                  { value: 'cards', label: 'Cartes', Icon: LayoutGrid },
                  { value: 'table', label: 'Tableau', Icon: Table2 },
                ] as const
              ).map(({ value, label, Icon }) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={view === value}
                  onClick={() => setState(withFilter(state, 'view', value === 'cards' ? '' : value))}
                  className={cn(
                    'inline-flex items-center gap-1 rounded px-2 py-1 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    view === value ? 'bg-muted font-medium' : 'text-muted-foreground hover:text-foreground',
                  )}
                >
                  <Icon className="size-4" aria-hidden="true" />
                  <span className="hidden sm:inline">{label}</span>
                  <span className="sr-only sm:hidden">{label}</span>
                </button>
              ))}
            </div>
          </div>
          {shortlistFull ? (
            <p role="status" className="text-sm text-amber-700 dark:text-amber-300">
              La comparaison compte déjà {SHORTLIST_MAX} pierres : retirez-en une pour en ajouter une autre.
            </p>
          ) : null}
          <CatalogueResults
            data={search.data}
            isLoading={search.isLoading}
            isFetching={search.isFetching}
            error={error}
            onRetry={() => void search.refetch()}
            state={state}
            onStateChange={setState}
            view={view}
            shortlist={shortlistControls}
            onClearFilters={() => setState(clearFilters(state))}
          />
          <ShortlistBar entries={shortlist.entries} onRemove={shortlist.remove} onClear={shortlist.clear} />
        </div>
      </div>
      <Sheet open={filtersOpen} onOpenChange={setFiltersOpen}>
        <SheetContent
          side="left"
          className="w-[88%] max-w-sm overflow-y-auto bg-background p-4 text-foreground"
          closeLabel="Fermer les filtres"
        >
          <SheetTitle className="text-lg font-semibold">Filtres</SheetTitle>
          <SheetDescription className="text-sm text-muted-foreground">
            Chaque choix s’applique tout de suite ; la liste se met à jour derrière.
          </SheetDescription>
          {filters}
          <Button type="button" onClick={() => setFiltersOpen(false)}>
            Voir les diamants
          </Button>
        </SheetContent>
      </Sheet>
    </div>
  );
}
