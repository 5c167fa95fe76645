import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  listStateToSearchParams,
  parseListState,
  rebaseListState,
  type ListState,
  type ListStateDefaults,
} from './list-state';

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
      // The address can already hold a change this render does not show yet (React Router renders a
      // navigation in a transition): the caller's change goes over the address as it is now.
      const live = new URLSearchParams(window.location.search);
      const current = parseListState(live, initialDefaults);
      const value = typeof next === 'function' ? next(current) : rebaseListState(next, state, current);
      const onlySearchChanged =
        value.q !== current.q &&
        value.sort === current.sort &&
        value.dir === current.dir &&
        value.pageSize === current.pageSize;
      const nextParams = listStateToSearchParams(value, initialDefaults, live);
      if (nextParams.toString() === live.toString()) return;
      setSearchParams(nextParams, { replace: onlySearchChanged });
    },
    [state, initialDefaults, setSearchParams],
  );

  return [state, setState];
}
