/**
 * The state of a server-side list (search, sort, page, filters) and its two string forms: the page URL
 * (`?q=&sort=&dir=&page=&pageSize=&<filter>=`) and the API query string. Pure functions, unit-tested.
 */
export type SortDir = 'asc' | 'desc';

export interface ListState {
  q: string;
  sort: string;
  dir: SortDir;
  page: number;
  pageSize: number;
  /** Resource filters (`kind`, `status`, `archived`…); '' or missing = no filter. */
  filters: Record<string, string>;
}

export interface ListStateDefaults {
  sort: string;
  dir?: SortDir;
  pageSize?: number;
  /** Filter keys the list reads from the URL, with their default values ('' = none). */
  filters?: Record<string, string>;
}

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;
const RESERVED = new Set(['q', 'sort', 'dir', 'page', 'pageSize']);

export function defaultListState(defaults: ListStateDefaults): ListState {
  return {
    q: '',
    sort: defaults.sort,
    dir: defaults.dir ?? 'asc',
    page: 1,
    pageSize: defaults.pageSize ?? DEFAULT_PAGE_SIZE,
    filters: { ...(defaults.filters ?? {}) },
  };
}

function positiveInt(raw: string | null, fallback: number, max: number): number {
  if (raw === null || !/^\d+$/.test(raw)) return fallback;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : fallback;
}

/** Reads a list state from URL search params; unknown or malformed values fall back to the defaults. */
export function parseListState(params: URLSearchParams, defaults: ListStateDefaults): ListState {
  const base = defaultListState(defaults);
  const dir = params.get('dir');
  const filters: Record<string, string> = { ...base.filters };
  for (const key of Object.keys(filters)) {
    const value = params.get(key);
    if (value !== null && !RESERVED.has(key)) filters[key] = value;
  }
  return {
    q: params.get('q') ?? '',
    sort: params.get('sort') || base.sort,
    dir: dir === 'asc' || dir === 'desc' ? dir : base.dir,
    page: positiveInt(params.get('page'), 1, 100_000),
    pageSize: positiveInt(params.get('pageSize'), base.pageSize, MAX_PAGE_SIZE),
    filters,
  };
}

/**
 * Writes a list state into URL search params, leaving out values equal to the defaults (short, shareable URLs).
 * Params that are not part of the list (e.g. `?client=…` of a drawer) are kept.
 */
export function listStateToSearchParams(
  state: ListState,
  defaults: ListStateDefaults,
  current: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const base = defaultListState(defaults);
  const next = new URLSearchParams(current);
  const put = (key: string, value: string, fallback: string) => {
    if (value === fallback || value === '') next.delete(key);
    else next.set(key, value);
  };
  put('q', state.q.trim(), '');
  put('sort', state.sort, base.sort);
  put('dir', state.dir, base.dir);
  put('page', String(state.page), '1');
  put('pageSize', String(state.pageSize), String(base.pageSize));
  for (const key of new Set([...Object.keys(base.filters), ...Object.keys(state.filters)])) {
    if (RESERVED.has(key)) continue;
    const value = state.filters[key] ?? '';
    const fallback = base.filters[key] ?? '';
    if (value === fallback) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/** The list state's values besides the page and the filters. */
const LIST_SCALARS = ['q', 'sort', 'dir', 'pageSize'] as const;

/**
 * The change a caller made to the state it saw (`seen` → `next`), applied over the state the URL holds now
 * (`current`). Two changes made before the page shows the first (a carat typed, then a clarity picked at once)
 * both stay: the second caller's `seen` does not hold the first change yet. Values the caller left as it saw
 * them are taken from `current`; a change that sends the list back to page 1 does so.
 */
export function rebaseListState(next: ListState, seen: ListState, current: ListState): ListState {
  const pick = <K extends (typeof LIST_SCALARS)[number]>(key: K): ListState[K] =>
    next[key] !== seen[key] ? next[key] : current[key];
  const filters: Record<string, string> = { ...current.filters };
  let filterChanged = false;
  for (const key of new Set([...Object.keys(seen.filters), ...Object.keys(next.filters)])) {
    if ((next.filters[key] ?? '') === (seen.filters[key] ?? '')) continue;
    filters[key] = next.filters[key] ?? '';
    filterChanged = true;
  }
  const othersChanged = filterChanged || LIST_SCALARS.some((key) => next[key] !== seen[key]);
  const page = next.page !== seen.page || (othersChanged && next.page === 1) ? next.page : current.page;
  return { q: pick('q'), sort: pick('sort'), dir: pick('dir'), page, pageSize: pick('pageSize'), filters };
}

/** The API query string of a list state (without `?`): every non-empty value, so the server gets it all. */
export function listStateToQueryString(state: ListState): string {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q.trim());
  params.set('sort', state.sort);
  params.set('dir', state.dir);
  params.set('page', String(state.page));
  params.set('pageSize', String(state.pageSize));
  for (const [key, value] of Object.entries(state.filters)) {
    if (value !== '' && !RESERVED.has(key)) params.set(key, value);
  }
  return params.toString();
}

/** Same list, another filter value; back to page 1. */
export function withFilter(state: ListState, key: string, value: string): ListState {
  return { ...state, page: 1, filters: { ...state.filters, [key]: value } };
}

/** Next state when a sortable header is clicked: same column flips the direction, a new column sorts ascending. */
export function toggleSort(state: ListState, column: string): ListState {
  if (state.sort === column) return { ...state, page: 1, dir: state.dir === 'asc' ? 'desc' : 'asc' };
  return { ...state, page: 1, sort: column, dir: 'asc' };
}

/**
 * "1–25 sur 312" (en dash, fr-FR numbers); "0 résultat" when empty. A search that matched more
 * than the server counts (`capped`, see SEARCH_COUNT_CAP) reads "1–25 sur plus de 1 000 (affinez
 * la recherche)".
 */
export function rangeLabel(page: number, pageSize: number, total: number, capped = false): string {
  if (total === 0) return '0 résultat';
  const fmt = new Intl.NumberFormat('fr-FR');
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  if (capped) return `${fmt.format(from)}–${fmt.format(to)} sur plus de ${fmt.format(total)} (affinez la recherche)`;
  return `${fmt.format(from)}–${fmt.format(to)} sur ${fmt.format(total)}`;
}

export function pageCount(pageSize: number, total: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
