import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, ArrowDown, ArrowUp, ChevronLeft, ChevronRight, ChevronsUpDown, Inbox } from 'lucide-react';
import type { ListResponse } from '@shared/schemas/lists';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/class-merge';
import { PAGE_SIZE_OPTIONS, pageCount, rangeLabel, toggleSort, type ListState } from './list-state';
import { SearchBox } from './search-box';

export interface Column<T> {
  id: string;
  header: string;
  sortable?: boolean;
  cell: (row: T) => ReactNode;
  className?: string;
  /** The cell holds its own controls (buttons…): they stay above the row's link, which goes in another cell. */
  interactive?: boolean;
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  data: ListResponse<T> | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  state: ListState;
  onStateChange: (s: ListState) => void;
  /**
   * Where a row leads: the first cell holds a real link to it, stretched over the whole row, so a
   * click anywhere opens the record, a middle click or Ctrl+click opens it in a new tab, Tab and
   * Enter reach it, and screen readers announce the row's first cell as a link.
   */
  rowHref?: (row: T) => string;
  emptyTitle: string;
  emptyDescription?: string;
  /** Buttons on the right of the search box (export, import, create…). */
  toolbar?: ReactNode;
  /** Filter controls under the search box. */
  filters?: ReactNode;
  getRowId: (row: T) => string;
  searchPlaceholder?: string;
}

const SKELETON_ROWS = 6;

function SortIcon({ active, dir }: { active: boolean; dir: 'asc' | 'desc' }) {
  if (!active) return <ChevronsUpDown className="size-3.5 opacity-50" aria-hidden="true" />;
  return dir === 'asc' ? (
    <ArrowUp className="size-3.5" aria-hidden="true" />
  ) : (
    <ArrowDown className="size-3.5" aria-hidden="true" />
  );
}

/** The first cell's content as the row's link, its ::after stretched over the row (positioned). */
const ROW_LINK =
  'rounded-sm text-inherit no-underline outline-none after:absolute after:inset-0 after:content-[""] focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-ring';

/**
 * The one list component: server-side search (debounced), sortable headers with aria-sort,
 * pagination with the total, loading skeleton, empty state, error state with retry, rows that are
 * links to their record.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, data, isLoading, isError, onRetry, state, onStateChange, rowHref, getRowId } = props;
  const total = data?.total ?? 0;
  const pages = pageCount(state.pageSize, total);

  let body: ReactNode;
  if (isError && !data) {
    body = (
      <tr>
        <td colSpan={columns.length} className="p-8">
          <div role="alert" className="flex flex-col items-center gap-3 text-center">
            <AlertTriangle className="size-8 text-destructive" aria-hidden="true" />
            <p className="font-medium">Impossible de charger la liste.</p>
            <Button variant="outline" size="sm" onClick={onRetry}>
              Réessayer
            </Button>
          </div>
        </td>
      </tr>
    );
  } else if (isLoading && !data) {
    body = Array.from({ length: SKELETON_ROWS }, (_, i) => (
      <tr key={i} className="border-b" data-testid="skeleton-row">
        {columns.map((c) => (
          <td key={c.id} className="px-3 py-3">
            <Skeleton className="h-4 w-full max-w-[12rem]" />
          </td>
        ))}
      </tr>
    ));
  } else if (!data || data.items.length === 0) {
    body = (
      <tr>
        <td colSpan={columns.length} className="p-10">
          <div className="flex flex-col items-center gap-2 text-center">
            <Inbox className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">{props.emptyTitle}</p>
            {props.emptyDescription ? <p className="text-sm text-muted-foreground">{props.emptyDescription}</p> : null}
          </div>
        </td>
      </tr>
    );
  } else {
    // The row's link goes in the first cell without controls of its own.
    const linkColumn = columns.findIndex((c) => !c.interactive);
    body = data.items.map((row) => {
      const href = rowHref?.(row);
      return (
        <tr
          key={getRowId(row)}
          className={cn(
            'border-b transition-colors',
            href && 'relative hover:bg-muted/50 has-[a:focus-visible]:bg-muted/50',
          )}
          data-testid="list-row"
        >
          {columns.map((c, i) => (
            <td
              key={c.id}
              className={cn('px-3 py-2.5 align-middle', c.interactive && href && 'relative z-10', c.className)}
            >
              {href && i === linkColumn ? (
                <Link to={href} className={ROW_LINK}>
                  {c.cell(row)}
                </Link>
              ) : (
                c.cell(row)
              )}
            </td>
          ))}
        </tr>
      );
    });
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <SearchBox
          value={state.q}
          onChange={(q) => onStateChange({ ...state, q, page: 1 })}
          placeholder={props.searchPlaceholder}
        />
        {props.toolbar ? <div className="flex flex-wrap items-center gap-2">{props.toolbar}</div> : null}
      </div>
      {props.filters ? <div className="flex flex-wrap items-end gap-2">{props.filters}</div> : null}
      <div className="overflow-x-auto rounded-lg border bg-card" aria-busy={isLoading}>
        <table className="w-full caption-bottom text-sm">
          <thead className="bg-muted/40">
            <tr className="border-b">
              {columns.map((c) => {
                const active = state.sort === c.id;
                const ariaSort = active ? (state.dir === 'asc' ? 'ascending' : 'descending') : 'none';
                return (
                  <th
                    key={c.id}
                    scope="col"
                    aria-sort={c.sortable ? ariaSort : undefined}
                    className={cn(
                      'h-10 whitespace-nowrap px-3 text-left font-medium text-muted-foreground',
                      c.className,
                    )}
                  >
                    {c.sortable ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 rounded hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                        onClick={() => onStateChange(toggleSort(state, c.id))}
                      >
                        {c.header}
                        <SortIcon active={active} dir={state.dir} />
                      </button>
                    ) : (
                      c.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </table>
      </div>
      <div className="flex flex-col gap-2 text-sm sm:flex-row sm:items-center sm:justify-between">
        <p className="text-muted-foreground" aria-live="polite" data-testid="list-range">
          {data ? rangeLabel(data.page, data.pageSize, total, data.totalCapped) : '\u00a0'}
        </p>
        <div className="flex items-center gap-2">
          <label className="flex items-center gap-1 text-muted-foreground">
            <span className="hidden sm:inline">Par page</span>
            <select
              className="h-8 rounded-md border border-input bg-background px-2 text-sm"
              value={state.pageSize}
              aria-label="Éléments par page"
              onChange={(e) => onStateChange({ ...state, page: 1, pageSize: Number(e.target.value) })}
            >
              {PAGE_SIZE_OPTIONS.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
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
            Page {state.page} / {pages}
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
