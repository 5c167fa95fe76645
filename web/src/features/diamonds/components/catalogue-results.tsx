import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import {
  AlertTriangle,
  ArrowDown,
  ArrowUp,
  Check,
  ChevronLeft,
  ChevronRight,
  ChevronsUpDown,
  Plus,
  SearchX,
} from 'lucide-react';
import { feedCodeLabel } from '@shared/diamond-feed-codes';
import { shapeName } from '@shared/diamond-names';
import { formatNumber } from '@shared/format';
import type { DiamondSearchItem, DiamondSearchResult } from '@shared/schemas/diamonds';
import { pageCount, rangeLabel, toggleSort, type ListState } from '@/components/data-table/list-state';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/class-merge';
import { diamondPriceLines, finishAbbreviations, finishNames } from '../lib/diamond-display';
import { colorText, growthText, isLabGrown, stoneLabel } from '../lib/diamond-facts';
import { SHORTLIST_MAX, type ShortlistEntry } from '../lib/shortlist';
import { DiamondCard, DiamondCardSkeleton } from './diamond-card';
import { ShapeIcon } from './shape-icon';

export interface ShortlistControls {
  has: (id: string) => boolean;
  full: boolean;
  toggle: (entry: ShortlistEntry) => void;
}

/** The button that puts a stone in the comparison or takes it out. */
function CompareToggle({
  item,
  shortlist,
  compact,
}: {
  item: DiamondSearchItem;
  shortlist: ShortlistControls;
  compact?: boolean;
}) {
  const inList = shortlist.has(item.id);
  const label = stoneLabel(item);
  return (
    <Button
      type="button"
      size="sm"
      variant={inList ? 'default' : 'outline'}
      aria-pressed={inList}
      // Kept focusable when the comparison is full: a click says why nothing happens.
      aria-disabled={!inList && shortlist.full ? true : undefined}
      title={!inList && shortlist.full ? `${SHORTLIST_MAX} pierres au plus dans la comparaison` : undefined}
      aria-label={inList ? `Retirer ${label} de la comparaison` : `Comparer ${label}`}
      className={cn(compact ? 'h-8 px-2' : 'w-full')}
      onClick={() => shortlist.toggle({ id: item.id, label })}
    >
      {inList ? <Check aria-hidden="true" /> : <Plus aria-hidden="true" />}
      {compact ? null : inList ? 'Comparée' : 'Comparer'}
    </Button>
  );
}

/** A search item as the dashboard's card reads it: a fancy stone's colour spelled out. */
const asListing = (item: DiamondSearchItem) => ({ ...item, color: colorText(item) });

function SortHeader({
  state,
  onStateChange,
  column,
  children,
}: {
  state: ListState;
  onStateChange: (s: ListState) => void;
  column: string;
  children: ReactNode;
}) {
  const active = state.sort === column;
  return (
    <th
      scope="col"
      aria-sort={active ? (state.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      className="h-10 whitespace-nowrap px-2 text-left font-medium text-muted-foreground"
    >
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        onClick={() => onStateChange(toggleSort(state, column))}
      >
        {children}
        {!active ? (
          <ChevronsUpDown className="size-3.5 opacity-50" aria-hidden="true" />
        ) : state.dir === 'asc' ? (
          <ArrowUp className="size-3.5" aria-hidden="true" />
        ) : (
          <ArrowDown className="size-3.5" aria-hidden="true" />
        )}
      </button>
    </th>
  );
}

function Th({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <th
      scope="col"
      className={cn('h-10 whitespace-nowrap px-2 text-left font-medium text-muted-foreground', className)}
    >
      {children}
    </th>
  );
}

function ResultsTable({
  items,
  state,
  onStateChange,
  shortlist,
}: {
  items: DiamondSearchItem[];
  state: ListState;
  onStateChange: (s: ListState) => void;
  shortlist: ShortlistControls;
}) {
  const sortProps = { state, onStateChange };
  // The stone's page links back to this very search.
  const catalogueSearch = useLocation().search;
  return (
    <div className="overflow-x-auto rounded-lg border bg-card">
      <table className="w-full text-[13px]" data-testid="catalogue-table">
        <thead className="bg-muted/40">
          <tr className="border-b">
            <Th>Forme</Th>
            <SortHeader {...sortProps} column="carats">
              Carats
            </SortHeader>
            <Th>Couleur</Th>
            <Th>Pureté</Th>
            <Th>
              <abbr title="Taille, poli, symétrie" className="no-underline">
                T/P/S
              </abbr>
            </Th>
            <Th>Fluo.</Th>
            <Th>Labo</Th>
            <Th>Lieu</Th>
            <SortHeader {...sortProps} column="price">
              Prix
            </SortHeader>
            <SortHeader {...sortProps} column="pricePerCarat">
              Prix/ct
            </SortHeader>
            <Th className="text-right">Comparer</Th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const prices = diamondPriceLines(item);
            return (
              <tr
                key={item.id}
                className="relative border-b hover:bg-muted/50 has-[a:focus-visible]:bg-muted/50"
                data-testid="catalogue-row"
              >
                <td className="px-2 py-2">
                  <Link
                    to={`/diamond/${item.id}`}
                    state={{ catalogueSearch }}
                    className="inline-flex items-center gap-2 rounded-sm outline-none after:absolute after:inset-0 after:content-[''] focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-ring"
                  >
                    <ShapeIcon shape={item.shape} className="size-5 shrink-0" />
                    {shapeName(item.shape)}
                  </Link>
                  {isLabGrown(item.growth) ? (
                    <span className="ml-1 text-xs font-medium text-amber-700 dark:text-amber-300">
                      {growthText(item.growth)}
                    </span>
                  ) : null}
                </td>
                <td className="px-2 py-2 tabular-nums">{formatNumber(item.carats, 2)}</td>
                <td className="px-2 py-2">{colorText(item)}</td>
                <td className="px-2 py-2">{item.clarity}</td>
                <td className="px-2 py-2" title={finishNames(item)}>
                  {finishAbbreviations(item)}
                </td>
                <td className="px-2 py-2">{feedCodeLabel('fluorescence', item.fluorescence)}</td>
                <td className="px-2 py-2">{item.lab ? feedCodeLabel('lab', item.lab) : '—'}</td>
                <td className="px-2 py-2">{item.location ?? '—'}</td>
                <td className="px-2 py-2 whitespace-nowrap tabular-nums">
                  {prices.main?.total ?? 'Sur demande'}
                  {prices.usd ? <span className="block text-xs text-muted-foreground">{prices.usd.total}</span> : null}
                </td>
                <td className="px-2 py-2 whitespace-nowrap tabular-nums">{prices.main?.perCarat ?? '—'}</td>
                <td className="relative z-10 px-2 py-2 text-right">
                  <CompareToggle item={item} shortlist={shortlist} compact />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The search's answer: cards or a table, with skeleton, empty and error states and the pages. The previous page
 * stays on screen (dimmed) while the next one loads.
 */
export function CatalogueResults({
  data,
  isLoading,
  isFetching,
  error,
  onRetry,
  state,
  onStateChange,
  view,
  shortlist,
  onClearFilters,
}: {
  data: DiamondSearchResult | undefined;
  isLoading: boolean;
  isFetching: boolean;
  error: string | null;
  onRetry: () => void;
  state: ListState;
  onStateChange: (s: ListState) => void;
  view: 'cards' | 'table';
  shortlist: ShortlistControls;
  onClearFilters: () => void;
}) {
  const catalogueSearch = useLocation().search;
  let body: ReactNode;
  if (error && !data) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border p-10 text-center">
        <AlertTriangle className="size-8 text-destructive" aria-hidden="true" />
        <p className="font-medium">Catalogue temporairement indisponible</p>
        <p className="text-sm text-muted-foreground">{error}</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Réessayer
        </Button>
      </div>
    );
  } else if (isLoading && !data) {
    body = (
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4" aria-busy="true">
        {Array.from({ length: 8 }, (_, i) => (
          <DiamondCardSkeleton key={i} />
        ))}
      </div>
    );
  } else if (!data || data.items.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 rounded-lg border p-10 text-center">
        <SearchX className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">Aucun diamant ne correspond à ces critères</p>
        <p className="text-sm text-muted-foreground">
          Élargissez la fourchette de poids ou de prix, ou retirez un filtre.
        </p>
        <Button variant="outline" size="sm" onClick={onClearFilters}>
          Effacer les filtres
        </Button>
      </div>
    );
  } else if (view === 'table') {
    body = <ResultsTable items={data.items} state={state} onStateChange={onStateChange} shortlist={shortlist} />;
  } else {
    body = (
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4" data-testid="catalogue-cards">
        {data.items.map((item) => (
          <li key={item.id} className="flex flex-col gap-1.5">
            <DiamondCard
              diamond={asListing(item)}
              note={isLabGrown(item.growth) ? growthText(item.growth) : undefined}
              linkState={{ catalogueSearch }}
            />
            <CompareToggle item={item} shortlist={shortlist} />
          </li>
        ))}
      </ul>
    );
  }

  const total = data?.total ?? 0;
  const pages = pageCount(state.pageSize, total);
  return (
    <div className="flex flex-col gap-3">
      <div className={cn('transition-opacity', isFetching && data ? 'opacity-60' : undefined)} aria-busy={isFetching}>
        {body}
      </div>
      <div className="flex flex-col gap-2 text-sm sm:flex-row sm:items-center sm:justify-between">
        <p className="text-muted-foreground" aria-live="polite" data-testid="catalogue-range">
          {data ? rangeLabel(data.page, data.pageSize, total, data.totalCapped) : '\u00a0'}
        </p>
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-label="Page précédente"
            disabled={state.page <= 1}
            onClick={() => onStateChange({ ...state, page: state.page - 1 })}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <span className="tabular-nums">
            Page {formatNumber(state.page, 0)} / {formatNumber(pages, 0)}
          </span>
          <Button
            variant="outline"
            size="sm"
            aria-label="Page suivante"
            disabled={state.page >= pages}
            onClick={() => onStateChange({ ...state, page: state.page + 1 })}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
    </div>
  );
}
