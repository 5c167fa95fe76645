import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { listStateToSearchParams, parseListState, type ListState, type ListStateDefaults } from './list-state';

export type { ListState, ListStateDefaults } from './list-state';

export type SetListState = (next: ListState | ((prev: ListState) => ListState)) => void;

/**
 * A list's state kept in the URL search params, so back/forward, reload and shared links show the same view.
 * Typing in the search box replaces the history entry; sort, page and filter changes push a new one.
 */
export function useListState(defaults: ListStateDefaults): [ListState, SetListState] {
  const [searchParams, setSearchParams] = useSearchParams();
  // The defaults object is usually a literal: keep the first one so the memo below stays stable.
  const [initialDefaults] = useState(defaults);
  const state = useMemo(() => parseListState(searchParams, initialDefaults), [searchParams, initialDefaults]);

  const setState = useCallback<SetListState>(
    (next) => {
      const value = typeof next === 'function' ? next(state) : next;
      const onlySearchChanged =
        value.q !== state.q &&
        value.sort === state.sort &&
        value.dir === state.dir &&
        value.pageSize === state.pageSize;
      const nextParams = listStateToSearchParams(value, initialDefaults, searchParams);
      if (nextParams.toString() === searchParams.toString()) return;
      setSearchParams(nextParams, { replace: onlySearchChanged });
    },
    [state, searchParams, initialDefaults, setSearchParams],
  );

  return [state, setState];
}
