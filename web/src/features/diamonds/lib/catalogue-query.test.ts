import { describe, expect, it } from 'vitest';
import { defaultListState, listStateToSearchParams, parseListState } from '@/components/data-table/list-state';
import {
  activeFilterCount,
  CATALOGUE_DEFAULTS,
  catalogueQueryString,
  catalogueView,
  clearFilters,
  listValues,
  toggleListValue,
  withColorKind,
} from './catalogue-query';

const fromUrl = (qs: string) => parseListState(new URLSearchParams(qs), CATALOGUE_DEFAULTS);

describe('catalogue state in the address', () => {
  it('reads filters, sort, page and view from the address and writes only what differs from the defaults', () => {
    const state = fromUrl('shape=ROUND,OVAL&caratMin=0.9&colorMin=D&colorMax=H&sort=carats&dir=desc&page=3&view=table');
    expect(listValues(state, 'shape')).toEqual(['ROUND', 'OVAL']);
    expect(catalogueView(state)).toBe('table');
    const written = listStateToSearchParams(state, CATALOGUE_DEFAULTS).toString();
    expect(written).toBe(
      'sort=carats&dir=desc&page=3&shape=ROUND%2COVAL&caratMin=0.9&colorMin=D&colorMax=H&view=table',
    );
    expect(listStateToSearchParams(defaultListState(CATALOGUE_DEFAULTS), CATALOGUE_DEFAULTS).toString()).toBe('');
  });

  it('sends the API its filters, never the view, and a page size it accepts', () => {
    const state = fromUrl('shape=ROUND&fluorescence=none,faint&view=table&pageSize=100&lab=');
    expect(catalogueQueryString(state)).toBe(
      'shape=ROUND&fluorescence=none%2Cfaint&sort=price&dir=asc&page=1&pageSize=60',
    );
  });

  it('falls back to the price sort for a sort the API does not know', () => {
    expect(catalogueQueryString(fromUrl('sort=__proto__'))).toContain('sort=price');
  });
});

describe('list filters', () => {
  it('keeps locations whole (they may hold commas) and sends each as its own parameter', () => {
    let state = toggleListValue(fromUrl(''), 'location', 'Anvers, BE');
    state = toggleListValue(state, 'location', 'US');
    expect(listValues(state, 'location')).toEqual(['Anvers, BE', 'US']);
    expect(catalogueQueryString(state)).toContain('location=Anvers%2C+BE&location=US');
    expect(listValues(toggleListValue(state, 'location', 'Anvers, BE'), 'location')).toEqual(['US']);
  });

  it('clears the colour filters a colour kind hides', () => {
    const white = fromUrl('colorMin=D&colorMax=G&fancyColor=pink');
    const fancy = withColorKind(white, 'fancy');
    expect([fancy.filters.colorMin, fancy.filters.colorMax, fancy.filters.fancyColor]).toEqual(['', '', 'pink']);
    expect(withColorKind(white, 'white').filters.fancyColor).toBe('');
    expect(withColorKind(white, '').filters.colorMin).toBe('D');
  });

  it('adds and removes a value, back to page 1', () => {
    const state = fromUrl('page=4&lab=GIA');
    const added = toggleListValue(state, 'lab', 'IGI');
    expect(added.filters.lab).toBe('GIA,IGI');
    expect(added.page).toBe(1);
    expect(toggleListValue(added, 'lab', 'GIA').filters.lab).toBe('IGI');
  });

  it('counts a range once and clears every filter but keeps the view and sort', () => {
    const state = fromUrl('caratMin=0.5&caratMax=1&shape=ROUND&growth=natural&view=table&sort=carats');
    expect(activeFilterCount(state)).toBe(3);
    const cleared = clearFilters(state);
    expect(activeFilterCount(cleared)).toBe(0);
    expect(catalogueView(cleared)).toBe('table');
    expect(cleared.sort).toBe('carats');
  });
});
