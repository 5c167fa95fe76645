import { describe, expect, it } from 'vitest';
import {
  listStateToQueryString,
  listStateToSearchParams,
  pageCount,
  parseListState,
  rangeLabel,
  rebaseListState,
  toggleSort,
  withFilter,
} from './list-state';
import { exportHref } from './csv-export-button';

const defaults = { sort: 'lastName', filters: { kind: '', archived: 'false' } };

describe('list state <-> URL', () => {
  it('reads defaults from an empty URL', () => {
    expect(parseListState(new URLSearchParams(), defaults)).toEqual({
      q: '',
      sort: 'lastName',
      dir: 'asc',
      page: 1,
      pageSize: 25,
      filters: { kind: '', archived: 'false' },
    });
  });

  it('reads every key and ignores filters the list does not declare', () => {
    const s = parseListState(
      new URLSearchParams('q=hélène&sort=city&dir=desc&page=3&pageSize=50&kind=professionnel&evil=1'),
      defaults,
    );
    expect(s).toMatchObject({ q: 'hélène', sort: 'city', dir: 'desc', page: 3, pageSize: 50 });
    expect(s.filters).toEqual({ kind: 'professionnel', archived: 'false' });
  });

  it('falls back on malformed numbers and directions', () => {
    const s = parseListState(new URLSearchParams('page=-2&pageSize=1000&dir=sideways'), defaults);
    expect(s).toMatchObject({ page: 1, pageSize: 25, dir: 'asc' });
    expect(parseListState(new URLSearchParams('page=abc'), defaults).page).toBe(1);
  });

  it('writes only non-default values and keeps foreign params', () => {
    const state = parseListState(new URLSearchParams(), defaults);
    const params = listStateToSearchParams(
      { ...state, q: ' dupont ', page: 2, filters: { kind: 'particulier', archived: 'false' } },
      defaults,
      new URLSearchParams('drawer=abc&page=9'),
    );
    expect(params.toString()).toBe('drawer=abc&page=2&q=dupont&kind=particulier');
  });

  it('round-trips through the URL', () => {
    const state = {
      q: 'or rose',
      sort: 'createdAt',
      dir: 'desc' as const,
      page: 4,
      pageSize: 10,
      filters: { kind: 'professionnel', archived: 'true' },
    };
    expect(parseListState(listStateToSearchParams(state, defaults), defaults)).toEqual(state);
  });

  it('builds the API query string with every non-empty value', () => {
    const state = parseListState(new URLSearchParams('q=helene&kind='), defaults);
    expect(listStateToQueryString(state)).toBe('q=helene&sort=lastName&dir=asc&page=1&pageSize=25&archived=false');
  });

  it('export URL drops paging', () => {
    const state = parseListState(new URLSearchParams('q=a&page=3&kind=particulier'), defaults);
    expect(exportHref('/api/clients', state)).toBe(
      '/api/clients/export.csv?q=a&sort=lastName&dir=asc&kind=particulier&archived=false',
    );
  });
});

describe('list helpers', () => {
  const base = parseListState(new URLSearchParams('page=5'), defaults);
  it('a filter change goes back to page 1', () => {
    expect(withFilter(base, 'kind', 'particulier')).toMatchObject({ page: 1, filters: { kind: 'particulier' } });
  });
  it('sorting flips the direction on the same column, ascending on another', () => {
    expect(toggleSort(base, 'lastName')).toMatchObject({ sort: 'lastName', dir: 'desc', page: 1 });
    expect(toggleSort({ ...base, dir: 'desc' }, 'city')).toMatchObject({ sort: 'city', dir: 'asc' });
  });
  it('range label and page count', () => {
    expect(rangeLabel(1, 25, 312)).toBe('1–25 sur 312');
    expect(rangeLabel(13, 25, 312)).toBe('301–312 sur 312');
    expect(rangeLabel(1, 25, 0)).toBe('0 résultat');
    expect(rangeLabel(1, 25, 1500).replace(/\s/g, ' ')).toBe('1–25 sur 1 500');
    expect(rangeLabel(2, 25, 1000, true).replace(/\s/g, ' ')).toBe('26–50 sur plus de 1 000 (affinez la recherche)');
    expect(pageCount(25, 0)).toBe(1);
    expect(pageCount(25, 26)).toBe(2);
  });
});

describe('a change made before the page shows the previous one', () => {
  const seen = parseListState(new URLSearchParams('kind=pro'), defaults);
  it('keeps both: the change the page has not shown yet and the new one', () => {
    // The URL already holds page 3 and a search the render that the caller saw did not show.
    const current = parseListState(new URLSearchParams('kind=pro&q=dupont&page=3'), defaults);
    const next = withFilter(seen, 'archived', 'true');
    expect(rebaseListState(next, seen, current)).toEqual({
      ...current,
      page: 1,
      filters: { kind: 'pro', archived: 'true' },
    });
  });
  it('takes what the caller changed, even back to a default, and leaves the page where the URL has it', () => {
    const current = parseListState(new URLSearchParams('kind=pro&sort=city&page=2'), defaults);
    const next = { ...seen, filters: { ...seen.filters, kind: '' }, page: 2 };
    expect(rebaseListState(next, seen, current)).toEqual({ ...current, filters: { kind: '', archived: 'false' } });
    // Another order starts again at page 1, with the sort column the URL holds.
    const sorted = rebaseListState({ ...seen, dir: 'desc' }, seen, current);
    expect([sorted.sort, sorted.dir, sorted.page]).toEqual(['city', 'desc', 1]);
  });
  it("is the caller's state when the URL holds what it saw", () => {
    const next = toggleSort(withFilter(seen, 'kind', 'particulier'), 'city');
    expect(rebaseListState(next, seen, seen)).toEqual(next);
  });
});
