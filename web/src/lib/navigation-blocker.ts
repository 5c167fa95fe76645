import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { UNSAFE_createBrowserHistory, type Blocker, type BlockerFunction } from 'react-router';
import { createBlockableHistory, type BlockableHistory } from './blockable-history';

/** The app's history (browser), given to `<unstable_HistoryRouter>` in app.tsx. */
export const appHistory: BlockableHistory = createBlockableHistory(UNSAFE_createBrowserHistory({ v5Compat: true }));

const UNBLOCKED: Blocker = { state: 'unblocked', proceed: undefined, reset: undefined, location: undefined };

/** React Router's `useBlocker`, for the app's history (see above). */
export function useBlocker(shouldBlock: boolean | BlockerFunction, history: BlockableHistory = appHistory): Blocker {
  const owner = useId();
  const latest = useRef(shouldBlock);
  useEffect(() => {
    latest.current = shouldBlock;
  });
  useEffect(
    () =>
      history.addBlocker(owner, (args) =>
        typeof latest.current === 'function' ? latest.current(args) : latest.current,
      ),
    [history, owner],
  );
  const held = useSyncExternalStore(history.subscribe, history.pending, history.pending);
  if (!held || held.owner !== owner) return UNBLOCKED;
  return { state: 'blocked', location: held.location, proceed: history.proceed, reset: history.reset };
}
