import { DIAMOND_MAX_PAGE_SIZE, DIAMOND_SORTS, type DiamondSort } from '@shared/schemas/diamonds';
import type { ListState, ListStateDefaults } from '@/components/data-table/list-state';

/**
 * The catalogue page's state in the address: the API's own filter names (`shape=ROUND,OVAL&caratMin=0.9…`), the
 * sort, the page, and the view (cards or table, not sent to the API). Pure functions, unit-tested.
 */

/** Filters the API reads (lists comma-separated), in the order the panel shows them. */
export const CATALOGUE_FILTERS = [
  'shape',
  'caratMin',
  'caratMax',
  'colorKind',
  'colorMin',
  'colorMax',
  'fancyColor',
  'clarityMin',
  'clarityMax',
  'cutMin',
  'polishMin',
  'symmetryMin',
  'fluorescence',
  'lab',
  'growth',
  'location',
  'priceMin',
  'priceMax',
  'availability',
] as const;
export type CatalogueFilter = (typeof CATALOGUE_FILTERS)[number];

export type CatalogueView = 'cards' | 'table';

export const CATALOGUE_PAGE_SIZES = [24, 48] as const;

export const CATALOGUE_DEFAULTS: ListStateDefaults = {
  sort: 'price',
  dir: 'asc',
  pageSize: CATALOGUE_PAGE_SIZES[0],
  filters: { ...Object.fromEntries(CATALOGUE_FILTERS.map((f) => [f, ''])), view: 'cards' },
};

/** The sort choices of the select: a sort and a direction each. */
export const CATALOGUE_SORT_OPTIONS: ReadonlyArray<{
  value: string;
  label: string;
  sort: DiamondSort;
  dir: 'asc' | 'desc';
}> = [
  { value: 'price-asc', label: 'Prix croissant', sort: 'price', dir: 'asc' },
  { value: 'price-desc', label: 'Prix décroissant', sort: 'price', dir: 'desc' },
  { value: 'carats-asc', label: 'Carats croissants', sort: 'carats', dir: 'asc' },
  { value: 'carats-desc', label: 'Carats décroissants', sort: 'carats', dir: 'desc' },
  { value: 'pricePerCarat-asc', label: 'Prix par carat croissant', sort: 'pricePerCarat', dir: 'asc' },
  { value: 'pricePerCarat-desc', label: 'Prix par carat décroissant', sort: 'pricePerCarat', dir: 'desc' },
];

export function catalogueView(state: ListState): CatalogueView {
  return state.filters.view === 'table' ? 'table' : 'cards';
}

/** The sort of the address when the API knows it, else the default (a hand-edited address never answers 400). */
function knownSort(sort: string): DiamondSort {
  return (DIAMOND_SORTS as readonly string[]).includes(sort) ? (sort as DiamondSort) : 'price';
}

/**
 * How a list filter's values are joined in the page's address: a comma, but a location ("Anvers, BE") may hold
 * commas, so locations are joined with "|"; the API gets each location as its own parameter.
 */
const separatorOf = (key: CatalogueFilter) => (key === 'location' ? '|' : ',');

/** The API query string (without `?`) of the page's state: its filters, sort, page and a page size it accepts. */
export function catalogueQueryString(state: ListState): string {
  const params = new URLSearchParams();
  for (const key of CATALOGUE_FILTERS) {
    if (key === 'location') {
      for (const location of listValues(state, key)) params.append(key, location);
      continue;
    }
    const value = (state.filters[key] ?? '').trim();
    if (value !== '') params.set(key, value);
  }
  params.set('sort', knownSort(state.sort));
  params.set('dir', state.dir);
  params.set('page', String(state.page));
  params.set('pageSize', String(Math.min(state.pageSize, DIAMOND_MAX_PAGE_SIZE)));
  return params.toString();
}

/** The values of a list filter ("ROUND,OVAL" -> ["ROUND", "OVAL"]). */
export function listValues(state: ListState, key: CatalogueFilter): string[] {
  return (state.filters[key] ?? '')
    .split(separatorOf(key))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** The same state with `value` added to or removed from list filter `key`, back to page 1. */
export function toggleListValue(state: ListState, key: CatalogueFilter, value: string): ListState {
  const values = listValues(state, key);
  const next = values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
  return { ...state, page: 1, filters: { ...state.filters, [key]: next.join(separatorOf(key)) } };
}

/** How many filters are set (a range counts once): the "Filtres (3)" of the phone's button. */
export function activeFilterCount(state: ListState): number {
  const set = (key: CatalogueFilter) => (state.filters[key] ?? '') !== '';
  const ranges: CatalogueFilter[][] = [
    ['caratMin', 'caratMax'],
    ['colorMin', 'colorMax'],
    ['clarityMin', 'clarityMax'],
    ['priceMin', 'priceMax'],
  ];
  const inRanges = new Set(ranges.flat());
  const singles = CATALOGUE_FILTERS.filter((k) => !inRanges.has(k) && set(k)).length;
  return singles + ranges.filter((pair) => pair.some(set)).length;
}

/**
 * Another colour kind, and the colour filters it hides cleared with it (a D–Z range left in the address would
 * empty a search for fancy stones with nothing on screen to say why).
 */
export function withColorKind(state: ListState, kind: '' | 'white' | 'fancy'): ListState {
  const filters: Record<string, string> = { ...state.filters, colorKind: kind };
  if (kind === 'fancy') {
    filters.colorMin = '';
    filters.colorMax = '';
  }
  if (kind === 'white') filters.fancyColor = '';
  return { ...state, page: 1, filters };
}

/** Every filter cleared; view, sort and page size kept. */
export function clearFilters(state: ListState): ListState {
  const filters = { ...state.filters };
  for (const key of CATALOGUE_FILTERS) filters[key] = '';
  return { ...state, page: 1, filters };
}
